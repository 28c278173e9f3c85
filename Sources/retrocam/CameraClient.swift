import BusNames
import DBus
import Intents

/// The daemon as the client sees it: the two interfaces of its object (`BusContract`).
struct CameraClient: Sendable {
    let intents: Proxy
    let camera: Proxy
    let timeout: Duration

    /// Connects to the session bus, or to `address` when given.
    init(address: String?, timeoutSeconds: Double) throws {
        let connection = try address.map { try Connection(address: $0) } ?? Connection.session()
        intents = Proxy(connection: connection, destination: BusContract.busName, path: BusContract.objectPath,
                        interface: BusContract.intentsInterface)
        camera = Proxy(connection: connection, destination: BusContract.busName, path: BusContract.objectPath,
                       interface: BusContract.cameraInterface)
        timeout = .milliseconds(Int(timeoutSeconds * 1000))
    }

    /// Calls an intent's method and returns its `a{sv}` result.
    func intent(_ name: IntentName, _ args: [Value] = []) async throws -> [String: Value] {
        try await intent(method: name.rawValue, args)
    }

    /// Calls a method of the intents interface (`Perform`, `Interpret`) and returns its `a{sv}` result.
    func intent(method: String, _ args: [Value]) async throws -> [String: Value] {
        let reply = try await intents.call(method, args, timeout: timeout)
        return reply.first?.variantDictionary ?? [:]
    }

    /// Calls a `Camera1` method and returns its reply values.
    func cameraCall(_ method: String, _ args: [Value] = []) async throws -> [Value] {
        try await camera.call(method, args, timeout: timeout)
    }

    /// Every `Camera1` property.
    func properties() async throws -> [String: Value] {
        try await camera.getAll(timeout: timeout)
    }
}
