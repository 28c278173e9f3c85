import Body
import BusNames
import DBus
import Intents

/// The preview rows of `org.retrocam.Camera1`:
/// - `OpenPreview() → a{sv}`: `socket` (s), `caps` (s), `width`, `height`, `framerate` (i) — read it with
///   `shmsrc socket-path=SOCKET is-live=true ! CAPS`; the camera stays awake while the caller holds it;
/// - `ClosePreview()`: the caller lets go (disconnecting does the same); `NotFound` when it held none;
/// - `PreviewClients` (i, emits change): how many callers hold the preview.
enum PreviewInterface {
    /// The method and property rows over `clients`; `connection` answers whether a caller is still there.
    static func rows(_ clients: PreviewClients, connection: Connection) -> (methods: [Method], properties: [Property]) {
        let methods = [
            // The live picture, like a take, needs the caller's consent; it shares nothing with the calls
            // around it (PreviewClients keeps its own order), so it never waits behind them.
            Method("OpenPreview", returns: Arg<Value>("stream", "a{sv}"), captures: .always, order: .anyOrder) {
                let caller = try requireCaller()
                let offer = try await mappingErrors { () async throws(IntentError) in try await clients.open(caller) }
                // A caller that disconnected before this call was served gets no NameOwnerChanged later.
                if await !hasOwner(caller, connection) { await clients.close(caller) }
                return .orderedStringDict([
                    ("socket", .string(offer.socketPath)), ("caps", .string(offer.caps)),
                    ("width", .int32(Int32(clamping: offer.width))), ("height", .int32(Int32(clamping: offer.height))),
                    ("framerate", .int32(Int32(clamping: offer.framerate))),
                ])
            },
            Method("ClosePreview", order: .anyOrder) {
                let caller = try requireCaller()
                guard await clients.close(caller) else {
                    throw DBusError(IntentError.notFound("This caller holds no preview; call OpenPreview first."))
                }
            },
        ]
        let properties = [Property("PreviewClients", "i") { .int32(Int32(clamping: await clients.count)) }]
        return (methods, properties)
    }

    /// Drops a client as soon as its connection leaves the bus, and publishes each new count.
    static func follow(_ clients: PreviewClients, server: ObjectServer) async throws {
        await clients.onChange { count in
            try? server.emitPropertiesChanged(path: BusContract.objectPath, interface: BusContract.cameraInterface,
                                              changed: ["PreviewClients": .int32(Int32(clamping: count))])
        }
        let rule = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
            + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg2=''"
        try await server.connection.subscribe(matchRule: rule) { signal in
            guard signal.member == "NameOwnerChanged", signal.arguments.count == 3,
                  let name = signal.arguments[0].stringValue, name.hasPrefix(":"),
                  signal.arguments[2].stringValue == "" else { return }
            Task { await clients.close(name) }
        }
    }

    /// The unique name of the call being answered.
    private static func requireCaller() throws -> String {
        guard let sender = MethodCall.current?.sender, sender.hasPrefix(":") else {
            throw DBusError(IntentError.notAllowed("The preview is for callers on the bus, which have a unique name."))
        }
        return sender
    }

    private static func hasOwner(_ name: String, _ connection: Connection) async -> Bool {
        do { return try await connection.nameOwner(name) != nil } catch { return true }
    }
}
