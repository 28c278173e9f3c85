import CallOrder
import CDBus
import Foundation
import Synchronization

/// Serves objects built from interface tables on a connection.
///
/// Calls take effect in the order the bus delivered them, as in a single-threaded sd-bus service: each
/// call is looked up, type-checked and decoded on the dispatch thread, then queued in the server's
/// `CallLane`, which starts it once the calls before it have taken effect (`Turn`); what a call does
/// after passing its turn (a photo waiting for its frame) overlaps the calls behind it. Rows that share
/// nothing (`Method.Order.anyOrder`) run at once beside the others; a row with an `atOnce` answer (a read,
/// or a change the object makes on the spot) is answered on the dispatch thread when every call before it
/// has taken effect. `Peer` is answered by libdbus,
/// `Introspectable` on the dispatch thread, `Properties` in the lane, from the same tables.
///
/// Unix file descriptors a call carries (anywhere in its arguments) are open while its handler
/// runs and closed when it returns or throws; a handler that needs one longer duplicates it.
public final class ObjectServer: @unchecked Sendable {
    /// The connection the objects are served on.
    public let connection: Connection
    /// Registered objects: path → interfaces in registration order.
    let objects = Mutex<[String: [Interface]]>([:])
    /// Checks the callers of calls that capture (see `guardCaptures(with:)`), in a struct so the mutex does
    /// not re-wrap the closure on each access.
    private let gate = Mutex<Gate?>(nil)
    private struct Gate: Sendable { let admit: CaptureGate }
    /// The order calls take effect in.
    let lane = CallLane()
    /// The actor the lane runs its calls on.
    private let servedOn: any Actor

    /// Starts answering method calls on `connection` (one object server per connection). The calls run
    /// in the bus's order on `actor`, the one most of them need (the camera's, so that reaching it costs no
    /// hop); without one, on an actor of the server's own.
    public init(connection: Connection, servingCallsOn actor: (any Actor)? = nil) {
        self.connection = connection
        let lane = self.lane
        let servedOn = actor ?? OwnExecutor()
        self.servedOn = servedOn
        Task { await lane.serve(on: servedOn) }
        connection.methodCallHandler.withLock { handler in
            precondition(handler == nil, "a connection can have only one ObjectServer")
            handler = MethodCallHandler { [weak self] message in self?.handle(message) }
        }
        connection.onClose { [lane] in lane.finish() }
    }

    /// Publishes `interfaces` at `path`, replacing any interfaces of the same name already there.
    public func register(_ path: String, interfaces: [Interface]) throws {
        _ = try ObjectPath(path)
        var names = Set<String>()
        for interface in interfaces {
            try interface.validate()
            guard names.insert(interface.name).inserted else {
                throw DBusError.invalidArgs("The interface \(interface.name) is listed twice for \(path).")
            }
        }
        objects.withLock { objects in
            let kept = (objects[path] ?? []).filter { !names.contains($0.name) }
            objects[path] = kept + interfaces
        }
    }

    /// Installs the gate that admits the callers of calls whose row captures (`Method.Captures`): it runs
    /// before the handler of an `.always` row, of a `.when` row whose arguments say so, and when an
    /// `.askedByHandler` row's handler asks (`MethodCall.admitted(_:)`). The one place to check who may
    /// film; every other call runs for anyone.
    public func guardCaptures(with gate: @escaping CaptureGate) {
        self.gate.withLock { $0 = Gate(admit: gate) }
    }

    /// Removes the object at `path`; later calls to it get `UnknownObject`.
    public func unregister(_ path: String) {
        objects.withLock { _ = $0.removeValue(forKey: path) }
    }

    /// The registered paths, sorted.
    public var paths: [String] { objects.withLock { $0.keys.sorted() } }

    /// Emits a signal declared in the table of `interface` at `path`; the arguments must match its row.
    public func emit(path: String, interface: String, signal: String, _ args: [Value]) throws {
        guard let row = self.interface(interface, at: path)?.signal(named: signal) else {
            throw DBusError.invalidArgs("The object \(path) declares no signal \(signal) on \(interface).")
        }
        guard Value.values(args, have: row.signature) else {
            throw DBusError.invalidArgs("The signal \(signal) has signature \"\(row.signature)\", but the values given have \"\(Value.signature(of: args))\".")
        }
        try connection.send(Message.signal(path: path, interface: interface, name: signal, arguments: args, checked: row.signature))
    }

    /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged`; each changed value must match its row.
    public func emitPropertiesChanged(path: String, interface: String, changed: [String: Value], invalidated: [String] = []) throws {
        guard let table = self.interface(interface, at: path) else {
            throw DBusError.invalidArgs("The object \(path) has no interface \(interface).")
        }
        for (name, value) in changed {
            guard let row = table.property(named: name) else {
                throw DBusError.invalidArgs("The interface \(interface) has no property \(name).")
            }
            guard Value.values([value], have: row.signature) else {
                throw DBusError.invalidArgs("The property \(name) has type \"\(row.signature)\", not \"\(value.signature)\".")
            }
        }
        for name in invalidated where table.property(named: name) == nil {
            throw DBusError.invalidArgs("The interface \(interface) has no property \(name).")
        }
        try connection.send(Message.signal(path: path, interface: StandardInterfaces.properties, name: "PropertiesChanged",
                                           arguments: [.string(interface), .stringDict(changed), .strings(invalidated)],
                                           checked: Self.propertiesChangedSignature))
    }

    /// The arguments of `PropertiesChanged`: the interface, the changed values, the invalidated names.
    private static let propertiesChangedSignature: Signature = "sa{sv}as"

    /// The interface table registered under `name` at `path`.
    func interface(_ name: String, at path: String) -> Interface? {
        objects.withLock { $0[path]?.first { $0.name == name } }
    }

    // MARK: Dispatch

    /// Looks up, checks and decodes one call on the dispatch thread, then queues it (or starts it, for a row
    /// that shares nothing).
    private func handle(_ message: Message) {
        let path = message.path ?? "/"
        let member = message.member ?? ""
        let interfaceName = message.interface
        switch interfaceName {
        case StandardInterfaces.introspectable?:
            answerIntrospect(message, path: path, member: member)
        case StandardInterfaces.properties?:
            answerProperties(message, path: path, member: member)
        default:
            guard let interfaces = objects.withLock({ $0[path] }) else {
                return replyError(message, .unknownObject("There is no object at the path \(path)."))
            }
            let found: (Interface, Method)?
            if let interfaceName {
                guard let interface = interfaces.first(where: { $0.name == interfaceName }) else {
                    return replyError(message, .unknownInterface("The object \(path) has no interface \(interfaceName)."))
                }
                found = interface.method(named: member).map { (interface, $0) }
            } else {
                found = interfaces.lazy.compactMap { i in i.method(named: member).map { (i, $0) } }.first
            }
            guard let (interface, method) = found else {
                return replyError(message, .unknownMethod("The interface \(interfaceName ?? "of \(path)") has no method \(member)."))
            }
            let actual = message.signatureText
            guard actual == method.inSignature.rawValue else {
                return replyError(message, .invalidArgs(
                    "The method \(member) expects arguments of signature \"\(method.inSignature)\", but got \"\(actual)\"."))
            }
            let call = MethodCall(arguments: message.argumentsKeepingDescriptors, sender: message.sender, path: path,
                                  interface: interface.name, member: member, gate: gate.withLock { $0?.admit },
                                  isolation: method.order == .inOrder ? servedOn : nil)
            switch method.order {
            case .inOrder:
                // Nothing delivered before it is still to take effect: a read, or a change made on the spot, is
                // answered here, no hop.
                // What the change hands to other threads waits until the answer is out (`AfterAnswer`).
                if let atOnce = method.atOnce, lane.isIdle, !Self.captures(call, method.captures) {
                    let answered = AfterAnswer.answering { () -> Bool in
                        do {
                            guard let values = try MethodCall.$current.withValue(call, operation: { try atOnce(call) })
                            else { return false }
                            Value.closeDescriptors(in: call.arguments)
                            send(values, answering: message, call, with: method)
                        } catch {
                            Value.closeDescriptors(in: call.arguments)
                            replyError(message, Self.asDBusError(error))
                        }
                        return true
                    }
                    if answered { return }
                }
                lane.submit { actor in await self.answer(message, call, with: method, on: actor) }
            case .anyOrder: Task { [self] in await answer(message, call, with: method, on: nil) }
            }
        }
    }

    /// Runs the row's handler (behind the capture gate when the row captures) and sends its reply, on
    /// `actor` (the lane's; nil for a row that shares nothing, which runs anywhere). The isolation is passed
    /// explicitly: task-local values set here must not move the handler off the actor.
    private func answer(_ message: Message, _ call: MethodCall, with method: Method, on actor: isolated (any Actor)?) async {
        defer { Value.closeDescriptors(in: call.arguments) }
        do {
            let values = try await MethodCall.$current.withValue(call) {
                guard let gate = call.gate, Self.captures(call, method.captures) else { return try await method.handler(call) }
                let values = Outcome<[Value]>()
                try await gate(call, { values.value = try await method.handler(call) }, actor)
                return values.value ?? []
            }
            send(values, answering: message, call, with: method)
        } catch {
            replyError(message, Self.asDBusError(error))
        }
        // Answered in order, then counted as taken effect: a read sent after this answer needs no turn.
        Turn.current?.tookEffect()
    }

    /// Replies with a handler's `values`, or with `Failed` when they are not of the row's result signature.
    private func send(_ values: [Value], answering message: Message, _ call: MethodCall, with method: Method) {
        guard Value.values(values, have: method.outSignature) else {
            let error = DBusError.failed("The method \(call.member) returned values of signature \"\(Value.signature(of: values))\" but declares \"\(method.outSignature)\".")
            FileHandle.standardError.write(Data("dbus: \(error.message)\n".utf8))
            return replyError(message, error)
        }
        reply(message, values, checked: method.outSignature)
    }

    /// True when the row's rule says this call captures before its handler runs.
    private static func captures(_ call: MethodCall, _ rule: Method.Captures) -> Bool {
        switch rule {
        case .never, .askedByHandler: return false
        case .always: return true
        case .when(let test): return test(call.arguments)
        }
    }

    /// Any thrown error as the D-Bus error sent back.
    static func asDBusError(_ error: Error) -> DBusError {
        if let dbusError = error as? DBusError { return dbusError }
        return .failed(String(describing: error))
    }

    /// Answers `call` with `values`; `checked` as for `MessageCoding.append`.
    func reply(_ call: Message, _ values: [Value], checked: Signature? = nil) {
        guard !call.noReplyExpected else { return }
        do {
            try connection.send(call.methodReturn(values, checked: checked))
        } catch {
            replyError(call, Self.asDBusError(error))
        }
    }

    func replyError(_ call: Message, _ error: DBusError) {
        guard !call.noReplyExpected, let reply = call.errorReply(error) else { return }
        _ = try? connection.send(reply)
    }
}

/// The actor an object server runs its calls on when it is given none.
private actor OwnExecutor {}
