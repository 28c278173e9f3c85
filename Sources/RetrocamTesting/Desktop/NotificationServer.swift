import DBus
import RetrocamTesting
import Foundation

/// An in-process notification server on the private bus (Desktop Notifications Specification 1.2), for
/// the fast desktop tests: records every Notify, answers increasing ids (or the id replaced), and can
/// send ActionInvoked as a user's click would; CloseNotification is recorded and answered with
/// NotificationClosed (reason 3). The end-to-end tests of every capture path use a real server (dunst).
public final class NotificationServer: @unchecked Sendable {
    /// One Notify call as it came.
    public struct Notification: Equatable, Sendable {
        public let appName: String
        public let replacesID: UInt32
        public let icon: String
        public let summary: String
        public let body: String
        public let actions: [String]
        public let hints: [String: Value]
        public let timeout: Int32

        /// A notification as a test expects it.
        public init(appName: String, replacesID: UInt32, icon: String, summary: String, body: String, actions: [String],
                    hints: [String: Value], timeout: Int32) {
            self.appName = appName
            self.replacesID = replacesID
            self.icon = icon
            self.summary = summary
            self.body = body
            self.actions = actions
            self.hints = hints
            self.timeout = timeout
        }
    }

    let connection: Connection
    let server: ObjectServer
    private let lock = NSLock()
    private var received: [Notification] = []
    private var closedIDs: [UInt32] = []
    private var clickBeforeAnswering: String?

    /// Takes `org.freedesktop.Notifications` on `bus`.
    public init(bus: PrivateBus) async throws {
        connection = try bus.connect()
        server = ObjectServer(connection: connection)
        try server.register("/org/freedesktop/Notifications", interfaces: [Interface("org.freedesktop.Notifications", methods: [
            Method("Notify", in: [Argument("app_name", "s"), Argument("replaces_id", "u"), Argument("app_icon", "s"),
                                  Argument("summary", "s"), Argument("body", "s"), Argument("actions", "as"),
                                  Argument("hints", "a{sv}"), Argument("expire_timeout", "i")],
                   out: [Argument("id", "u")]) { [weak self] call in
                // A call still in flight when the test let the fixture go (a late notification) is refused.
                guard let self else { throw DBusError.failed("the test fixture is gone") }
                let a = call.arguments
                let note = Notification(appName: a[0].stringValue ?? "", replacesID: a[1].uint32Value ?? 0, icon: a[2].stringValue ?? "",
                                        summary: a[3].stringValue ?? "", body: a[4].stringValue ?? "",
                                        actions: a[5].stringArray ?? [], hints: a[6].variantDictionary ?? [:],
                                        timeout: a[7].int32Value ?? 0)
                let (id, early) = lock.withLock { () -> (UInt32, String?) in
                    received.append(note)
                    return (note.replacesID != 0 ? note.replacesID : UInt32(received.count), clickBeforeAnswering)
                }
                // A user quicker than the reply: the click's signal reaches the caller before the id does.
                if let early, note.actions.contains(early) {
                    try server.emit(path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                                    signal: "ActionInvoked", [.uint32(id), .string(early)])
                }
                return [.uint32(id)]
            },
            Method("CloseNotification", in: [Argument("id", "u")]) { [weak self] call in
                guard let self else { throw DBusError.failed("the test fixture is gone") }
                let id = call.arguments.first?.uint32Value ?? 0
                lock.withLock { closedIDs.append(id) }
                try server.emit(path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                                signal: "NotificationClosed", [.uint32(id), .uint32(3)])
                return []
            },
            Method("GetServerInformation", out: [Argument("name", "s"), Argument("vendor", "s"), Argument("version", "s"), Argument("spec_version", "s")]) { _ in
                ["fixture", "retrocam tests", "1", "1.2"]
            },
        ], signals: [
            Signal("ActionInvoked", [Argument("id", "u"), Argument("action_key", "s")]),
            Signal("NotificationClosed", [Argument("id", "u"), Argument("reason", "u")]),
        ])])
        guard try await connection.requestName("org.freedesktop.Notifications") else { throw DBusError.failed("name taken") }
    }

    /// Every notification shown so far, in order.
    public var notifications: [Notification] { lock.withLock { received } }

    /// The ids closed by CloseNotification so far, in order.
    public var closed: [UInt32] { lock.withLock { closedIDs } }

    /// From now on, a notification with the button `key` has it clicked before its Notify is answered
    /// (ActionInvoked is sent ahead of the reply with its id); nil stops it.
    public func clickBeforeAnswering(_ key: String?) { lock.withLock { clickBeforeAnswering = key } }

    /// Clicks the button `key` of notification `id`.
    public func invoke(_ id: UInt32, _ key: String) throws {
        try server.emit(path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                        signal: "ActionInvoked", [.uint32(id), .string(key)])
    }

    /// The server closes notification `id` by itself, as a real one does: `reason` 1 when it expired,
    /// 2 when the user dismissed it.
    public func closeByItself(_ id: UInt32, reason: UInt32) throws {
        try server.emit(path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                        signal: "NotificationClosed", [.uint32(id), .uint32(reason)])
    }

    /// Leaves the bus.
    public func close() { connection.close() }
}
