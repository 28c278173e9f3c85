/// A client's handle on one interface of one remote object.
public struct Proxy: Sendable {
    /// The connection calls go through.
    public let connection: Connection
    /// The bus name of the service, e.g. `org.retrocam.Camera`.
    public let destination: String
    /// The object path, e.g. `/org/retrocam/Camera`.
    public let path: String
    /// The interface, e.g. `org.retrocam.Camera1`.
    public let interface: String

    /// Names one interface of one remote object; nothing is sent until a call.
    public init(connection: Connection, destination: String, path: String, interface: String) {
        self.connection = connection
        self.destination = destination
        self.path = path
        self.interface = interface
    }

    /// Calls `method` on the interface; a remote error is thrown as its `DBusError`,
    /// no reply within `timeout` throws `NoReply`.
    public func call(_ method: String, _ args: [Value] = [], timeout: Duration = .seconds(25)) async throws -> [Value] {
        try await connection.call(destination: destination, path: path, interface: interface, method: method, args, timeout: timeout)
    }

    /// The blocking form of `call`, for a program without tasks (it holds the calling thread: never use
    /// it from a task, nor from a UI thread).
    public func callSync(_ method: String, _ args: [Value] = [], timeout: Duration = .seconds(25)) throws -> [Value] {
        try connection.callSync(destination: destination, path: path, interface: interface, method: method, args, timeout: timeout)
    }

    /// Reads one property, its variant unwrapped.
    public func get(_ property: String, timeout: Duration = .seconds(25)) async throws -> Value {
        let reply = try await connection.call(destination: destination, path: path, interface: StandardInterfaces.properties,
                                              method: "Get", [.string(interface), .string(property)], timeout: timeout)
        guard let value = reply.first else { throw DBusError.failed("Properties.Get for \(property) answered no value.") }
        return value.unwrappedOnce
    }

    /// Writes one property (sent as a variant).
    public func set(_ property: String, _ value: Value, timeout: Duration = .seconds(25)) async throws {
        _ = try await connection.call(destination: destination, path: path, interface: StandardInterfaces.properties,
                                      method: "Set", [.string(interface), .string(property), .variant(value)], timeout: timeout)
    }

    /// Reads every property of the interface, variants unwrapped.
    public func getAll(timeout: Duration = .seconds(25)) async throws -> [String: Value] {
        let reply = try await connection.call(destination: destination, path: path, interface: StandardInterfaces.properties,
                                              method: "GetAll", [.string(interface)], timeout: timeout)
        guard let all = reply.first?.variantDictionary else {
            throw DBusError.failed("Properties.GetAll answered \(reply.first?.signature.rawValue ?? "nothing") instead of a{sv}.")
        }
        return all
    }

    /// Calls `handler` with the changed values (variants unwrapped) of each `PropertiesChanged`
    /// for this interface; invalidated names come with the second handler form.
    @discardableResult
    public func onPropertiesChanged(_ handler: @escaping @Sendable ([String: Value]) -> Void) async throws -> SubscriptionToken {
        try await onPropertiesChanged { changed, _ in handler(changed) }
    }

    /// Calls `handler` with the changed values and the invalidated names of each `PropertiesChanged`.
    @discardableResult
    public func onPropertiesChanged(_ handler: @escaping @Sendable ([String: Value], [String]) -> Void) async throws -> SubscriptionToken {
        let interface = self.interface
        return try await connection.onSignal(sender: destination, path: path, interface: StandardInterfaces.properties,
                                       member: "PropertiesChanged") { signal in
            guard signal.arguments.count == 3, signal.arguments[0].stringValue == interface else { return }
            handler(signal.arguments[1].variantDictionary ?? [:], signal.arguments[2].stringArray ?? [])
        }
    }

    /// Calls `handler` with the arguments of each emission of the signal `name` on this interface.
    @discardableResult
    public func onSignal(_ name: String, handler: @escaping @Sendable ([Value]) -> Void) async throws -> SubscriptionToken {
        try await connection.onSignal(sender: destination, path: path, interface: interface, member: name) { signal in
            handler(signal.arguments)
        }
    }

    /// The remote object's introspection XML.
    public func introspect(timeout: Duration = .seconds(25)) async throws -> String {
        let reply = try await connection.call(destination: destination, path: path, interface: StandardInterfaces.introspectable,
                                              method: "Introspect", [], timeout: timeout)
        return reply.first?.stringValue ?? ""
    }

    /// Sends `method` without asking for a reply (`busctl --expect-reply=no`): the service still answers
    /// it in the order it arrives, but no answer (nor error) comes back.
    public func send(_ method: String, _ args: [Value] = []) throws {
        try connection.send(callWithoutReply: try Message.methodCall(destination: destination, path: path, interface: interface,
                                                                      method: method, arguments: args))
    }

    /// Pings the remote peer (`org.freedesktop.DBus.Peer.Ping`).
    public func ping(timeout: Duration = .seconds(25)) async throws {
        _ = try await connection.call(destination: destination, path: path, interface: StandardInterfaces.peer,
                                      method: "Ping", [], timeout: timeout)
    }
}
