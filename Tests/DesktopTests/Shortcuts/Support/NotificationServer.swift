import DBus
import Foundation

/// A notification server on the private bus (Desktop Notifications Specification 1.2): records
/// every Notify and answers increasing ids.
final class NotificationServer: @unchecked Sendable {
    struct Notification: Equatable {
        let appName: String
        let icon: String
        let summary: String
        let body: String
        let hints: [String: Value]
        let timeout: Int32
    }

    let connection: Connection
    let server: ObjectServer
    private let lock = NSLock()
    private var received: [Notification] = []

    init(bus: PrivateBus) throws {
        connection = try bus.connect()
        server = ObjectServer(connection: connection)
        try server.register("/org/freedesktop/Notifications", interfaces: [Interface("org.freedesktop.Notifications", methods: [
            Method("Notify", in: [Argument("app_name", "s"), Argument("replaces_id", "u"), Argument("app_icon", "s"),
                                  Argument("summary", "s"), Argument("body", "s"), Argument("actions", "as"),
                                  Argument("hints", "a{sv}"), Argument("expire_timeout", "i")],
                   out: [Argument("id", "u")]) { [unowned self] call in
                let a = call.arguments
                let note = Notification(appName: a[0].stringValue ?? "", icon: a[2].stringValue ?? "", summary: a[3].stringValue ?? "",
                                        body: a[4].stringValue ?? "", hints: a[6].variantDictionary ?? [:], timeout: a[7].int32Value ?? 0)
                let id = lock.withLock { () -> UInt32 in
                    received.append(note)
                    return UInt32(received.count)
                }
                return [.uint32(id)]
            },
            Method("GetServerInformation", out: [Argument("name", "s"), Argument("vendor", "s"), Argument("version", "s"), Argument("spec_version", "s")]) { _ in
                ["fixture", "retrocam tests", "1", "1.2"]
            },
        ])])
        guard try connection.requestName("org.freedesktop.Notifications") else { throw DBusError.failed("name taken") }
    }

    var notifications: [Notification] { lock.withLock { received } }

    func close() { connection.close() }
}
