import CDBus
import Foundation
import Synchronization

/// Serves objects built from interface tables on a connection.
///
/// Each incoming call is looked up and type-checked on the dispatch thread, then its handler
/// runs in its own `Task`, so a slow handler never holds up the bus. `Peer` is answered by
/// libdbus; `Introspectable` and `Properties` are generated from the same tables.
///
/// Unix file descriptors a call carries (anywhere in its arguments) are open while its handler
/// runs and closed when it returns or throws; a handler that needs one longer duplicates it.
public final class ObjectServer: @unchecked Sendable {
    /// Runs around a method handler: it may refuse the call (throw) or run `proceed` (the handler)
    /// in a context of its own, such as a task-local value naming the caller.
    public typealias Interceptor = @Sendable (_ call: MethodCall, _ proceed: @Sendable () async throws -> [Value]) async throws -> [Value]

    /// The connection the objects are served on.
    public let connection: Connection
    /// Registered objects: path → interfaces in registration order.
    let objects = Mutex<[String: [Interface]]>([:])
    /// Runs around every handler of the registered interfaces (see `intercept(_:)`), in a struct so the
    /// mutex does not re-wrap the closure on each access.
    private let interceptor = Mutex<Around?>(nil)
    private struct Around: Sendable { let run: Interceptor }

    /// Starts answering method calls on `connection`; one object server per connection.
    public init(connection: Connection) {
        self.connection = connection
        connection.methodCallHandler.withLock { handler in
            precondition(handler == nil, "a connection can have only one ObjectServer")
            handler = MethodCallHandler { [weak self] message in self?.handle(message) }
        }
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

    /// Runs `interceptor` around every method handler of the registered interfaces (not the standard
    /// Peer, Introspectable and Properties ones): the one place to check who may call what.
    public func intercept(_ interceptor: @escaping Interceptor) {
        self.interceptor.withLock { $0 = Around(run: interceptor) }
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
        let actual = Value.signature(of: args)
        guard actual == row.signature else {
            throw DBusError.invalidArgs("The signal \(signal) has signature \"\(row.signature)\", but the values given have \"\(actual)\".")
        }
        try connection.emitSignal(path: path, interface: interface, name: signal, args)
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
            guard value.signature == row.signature else {
                throw DBusError.invalidArgs("The property \(name) has type \"\(row.signature)\", not \"\(value.signature)\".")
            }
        }
        for name in invalidated where table.property(named: name) == nil {
            throw DBusError.invalidArgs("The interface \(interface) has no property \(name).")
        }
        try connection.emitSignal(path: path, interface: StandardInterfaces.properties, name: "PropertiesChanged",
                                  [.string(interface), .stringDict(changed), .strings(invalidated)])
    }

    /// The interface table registered under `name` at `path`.
    func interface(_ name: String, at path: String) -> Interface? {
        objects.withLock { $0[path]?.first { $0.name == name } }
    }

    // MARK: Dispatch

    /// Looks up and checks one call on the dispatch thread; the work goes to a `Task`.
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
            let arguments = message.argumentsKeepingDescriptors
            let call = MethodCall(arguments: arguments, sender: message.sender, path: path,
                                  interface: interface.name, member: member)
            let around = interceptor.withLock { $0 }
            Task { [self] in
                defer { Value.closeDescriptors(in: arguments) }
                do {
                    let values: [Value]
                    if let around {
                        values = try await around.run(call) { try await method.handler(call) }
                    } else {
                        values = try await method.handler(call)
                    }
                    let returned = Value.signature(of: values)
                    guard returned == method.outSignature else {
                        let error = DBusError.failed("The method \(member) returned values of signature \"\(returned)\" but declares \"\(method.outSignature)\".")
                        FileHandle.standardError.write(Data("dbus: \(error.message)\n".utf8))
                        return replyError(message, error)
                    }
                    reply(message, values)
                } catch {
                    replyError(message, Self.asDBusError(error))
                }
            }
        }
    }

    /// Any thrown error as the D-Bus error sent back.
    static func asDBusError(_ error: Error) -> DBusError {
        if let dbusError = error as? DBusError { return dbusError }
        return .failed(String(describing: error))
    }

    func reply(_ call: Message, _ values: [Value]) {
        guard !call.noReplyExpected else { return }
        do {
            try connection.send(call.methodReturn(values))
        } catch {
            replyError(call, Self.asDBusError(error))
        }
    }

    func replyError(_ call: Message, _ error: DBusError) {
        guard !call.noReplyExpected, let reply = call.errorReply(error) else { return }
        _ = try? connection.send(reply)
    }
}
