import DBus
import Foundation

/// Desktop notifications through `org.freedesktop.Notifications` (Desktop Notifications
/// Specification 1.2): `Notify(s app_name, u replaces_id, s app_icon, s summary, s body,
/// as actions, a{sv} hints, i expire_timeout) → u id`.
public final class Notifier: Sendable {
    /// The well-known name of the notification server.
    public static let busName = "org.freedesktop.Notifications"
    /// Its object path.
    public static let path = "/org/freedesktop/Notifications"

    private let proxy: Proxy
    private let timeout: Duration
    private let log: @Sendable (String) -> Void
    private let saidMissing = Guarded(false)

    /// A notifier on `connection`; `log` hears once when no server is there.
    public init(connection: Connection, timeout: Duration = .seconds(3), log: @escaping @Sendable (String) -> Void) {
        proxy = Proxy(connection: connection, destination: Self.busName, path: Self.path, interface: Self.busName)
        self.timeout = timeout
        self.log = log
    }

    /// Shows a notification; answers its id, or nil (logging why, once) when no server takes it.
    @discardableResult
    public func notify(summary: String, body: String, icon: String = "camera-photo") async -> UInt32? {
        let hints = Value.orderedStringDict([("desktop-entry", .string("retrocam")), ("urgency", .byte(1))])
        do {
            let reply = try await proxy.call("Notify", [
                .string("Retrocam"), .uint32(0), .string(icon), .string(summary), .string(body),
                .strings([]), hints, .int32(-1),
            ], timeout: timeout)
            guard let id = reply.first?.uint32Value else {
                log("notifications: the notification server answered \(Value.signature(of: reply)) instead of an id.")
                return nil
            }
            return id
        } catch let error as DBusError {
            let first = saidMissing.withLock { said -> Bool in
                defer { said = true }
                return !said
            }
            if error.name == DBusError.Names.serviceUnknown || error.name == DBusError.Names.nameHasNoOwner {
                if first { log("notifications: no notification server on the session bus; saved takes are not announced.") }
            } else {
                log("notifications: \(Self.busName) refused the notification: \(error.message)")
            }
            return nil
        } catch {
            log("notifications: \(error)")
            return nil
        }
    }

    /// The summary and body announcing `paths` saved by `trigger` ("the camera key", "the shortcut timelapse").
    public static func announcement(paths: [String], trigger: String) -> (summary: String, body: String) {
        let photos = paths.filter { ["jpg", "jpeg", "png"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }.count
        let clips = paths.count - photos
        let summary: String
        switch (photos, clips) {
        case (1, 0): summary = "Photo saved"
        case (0, 1): summary = "Clip saved"
        case (_, 0): summary = "\(photos) photos saved"
        case (0, _): summary = "\(clips) clips saved"
        default: summary = "\(paths.count) takes saved"
        }
        let names = paths.map { URL(fileURLWithPath: $0).lastPathComponent }
        let shown = names.count > 3 ? names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more" : names.joined(separator: ", ")
        return (summary, "\(shown), from \(trigger).")
    }
}
