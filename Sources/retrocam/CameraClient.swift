import DBus

/// The daemon as the client sees it: the two interfaces of `/org/retrocam/Camera`.
struct CameraClient: Sendable {
    static let busName = "org.retrocam.Camera"
    static let objectPath = "/org/retrocam/Camera"
    static let intentsInterface = "org.retrocam.Intents1"
    static let cameraInterface = "org.retrocam.Camera1"

    let intents: Proxy
    let camera: Proxy
    let timeout: Duration

    /// Connects to the session bus, or to `address` when given.
    init(address: String?, timeoutSeconds: Double) throws {
        let connection = try address.map { try Connection(address: $0) } ?? Connection.session()
        intents = Proxy(connection: connection, destination: Self.busName, path: Self.objectPath,
                        interface: Self.intentsInterface)
        camera = Proxy(connection: connection, destination: Self.busName, path: Self.objectPath,
                       interface: Self.cameraInterface)
        timeout = .milliseconds(Int(timeoutSeconds * 1000))
    }

    /// Calls an intent method and returns its `a{sv}` result.
    func intent(_ method: String, _ args: [Value] = []) async throws -> [String: Value] {
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
