import DBus
import Foundation
import Synchronization

/// Desktop notifications through `org.freedesktop.Notifications` (Desktop Notifications
/// Specification 1.2): `Notify(s app_name, u replaces_id, s app_icon, s summary, s body,
/// as actions, a{sv} hints, i expire_timeout) → u id`, and the server's `ActionInvoked` and
/// `NotificationClosed` signals.
///
/// Every call is asynchronous with a timeout, so a stalled server never holds up a caller. When no
/// server can be reached (none, or one the bus could not start), the notifier says so once and stays
/// quiet until a server takes the name — it does not make the bus try to start one for every take.
public final class Notifier: Sendable {
    /// The well-known name of the notification server.
    public static let busName = "org.freedesktop.Notifications"
    /// Its object path.
    public static let path = "/org/freedesktop/Notifications"

    /// How urgent a notification is (the `urgency` hint).
    public enum Urgency: UInt8, Sendable {
        case low = 0, normal = 1, critical = 2
    }

    /// One notification.
    public struct Note: Sendable {
        public var summary: String
        public var body: String
        public var icon = "camera-photo"
        /// Action keys and labels, in order (`["stop", "Stop"]`).
        public var actions: [(key: String, label: String)] = []
        public var urgency = Urgency.normal
        /// Stays until closed or replaced (the `resident` hint, and no expiry).
        public var persistent = false
        /// The notification it replaces (0: a new one).
        public var replacing: UInt32 = 0

        public init(summary: String, body: String, icon: String = "camera-photo") {
            self.summary = summary
            self.body = body
            self.icon = icon
        }
    }

    private let connection: Connection
    private let proxy: Proxy
    private let timeout: Duration
    private let log: @Sendable (String) -> Void
    /// True after a server could not be reached, until one takes the name.
    private let unreachable = Mutex(false)
    private let saidMissing = Mutex(false)
    /// The watch of the server's name, ended with the notifier.
    private let ownerWatch: OwnerWatch

    /// The subscription to the server's name changing owner: it ends when the notifier goes, also when
    /// the bus answers the subscription only after that.
    private final class OwnerWatch: Sendable {
        private struct State {
            var token: SubscriptionToken?
            var ended = false
        }
        private let state = Mutex(State())
        private let connection: Connection
        init(connection: Connection) { self.connection = connection }

        /// The subscription is in place: kept, or ended at once when the notifier went meanwhile.
        func keep(_ token: SubscriptionToken) {
            let ended = state.withLock { state -> Bool in
                if !state.ended { state.token = token }
                return state.ended
            }
            if ended { connection.unsubscribe(token) }
        }

        /// Ends the subscription (now, or as soon as it is in place).
        func end() {
            let token = state.withLock { state -> SubscriptionToken? in
                defer { (state.token, state.ended) = (nil, true) }
                return state.token
            }
            if let token { connection.unsubscribe(token) }
        }
    }

    /// A notifier on `connection`; `log` hears once when no server is there.
    public init(connection: Connection, timeout: Duration = .seconds(3), log: @escaping @Sendable (String) -> Void) {
        self.connection = connection
        proxy = Proxy(connection: connection, destination: Self.busName, path: Self.path, interface: Self.busName)
        self.timeout = timeout
        self.log = log
        // Only clears the "no server" note when one arrives later: it need not be in place before the first note.
        let watch = OwnerWatch(connection: connection)
        ownerWatch = watch
        Task { [weak self] in
            guard let token = try? await connection.onOwnerChange(of: Self.busName, { [weak self] owner in
                if !owner.isEmpty { self?.unreachable.withLock { $0 = false } }
            }) else { return }
            watch.keep(token)
        }
    }

    /// Ends the watch of the server's name.
    deinit { ownerWatch.end() }

    /// Shows `note`; answers its id, or nil (logging why) when no server takes it.
    @discardableResult
    public func show(_ note: Note) async -> UInt32? {
        guard !unreachable.withLock({ $0 }) else { return nil }
        var hints: [(String, Value)] = [("desktop-entry", .string("retrocam")), ("urgency", .byte(note.urgency.rawValue))]
        if note.persistent { hints += [("resident", .bool(true)), ("category", .string("device"))] }
        do {
            let reply = try await proxy.call("Notify", [
                .string("Retrocam"), .uint32(note.replacing), .string(note.icon), .string(note.summary), .string(note.body),
                .strings(note.actions.flatMap { [$0.key, $0.label] }), .orderedStringDict(hints), .int32(note.persistent ? 0 : -1),
            ], timeout: timeout)
            guard let id = reply.first?.uint32Value else {
                log("notifications: the notification server answered \(Value.signature(of: reply)) instead of an id.")
                return nil
            }
            return id
        } catch let error as DBusError {
            let cannotReach = error.name == DBusError.Names.serviceUnknown || error.name == DBusError.Names.nameHasNoOwner
                || error.name.hasPrefix("org.freedesktop.DBus.Error.Spawn")
            if cannotReach {
                unreachable.withLock { $0 = true }
                let first = saidMissing.withLock { said -> Bool in
                    defer { said = true }
                    return !said
                }
                if first { log("notifications: no notification server on the session bus (\(error.message)); takes are not shown until one starts.") }
            } else {
                log("notifications: \(Self.busName) did not take the notification: \(error.message)")
            }
            return nil
        } catch {
            log("notifications: \(error)")
            return nil
        }
    }

    /// Closes the notification `id` (one it showed); a server that cannot be reached or has closed it
    /// already changes nothing.
    public func close(_ id: UInt32) async {
        guard !unreachable.withLock({ $0 }) else { return }
        do { _ = try await proxy.call("CloseNotification", [.uint32(id)], timeout: timeout) } catch {
            log("notifications: \(Self.busName) did not close notification \(id): \(error)")
        }
    }

    /// Shows a plain notification (the earlier form of `show`).
    @discardableResult
    public func notify(summary: String, body: String, icon: String = "camera-photo") async -> UInt32? {
        await show(Note(summary: summary, body: body, icon: icon))
    }

    /// Calls `invoked(id, key)` for each `ActionInvoked` and `closed(id, reason)` for each
    /// `NotificationClosed` the server sends (on the connection's dispatch thread: return quickly).
    public func follow(invoked: @escaping @Sendable (UInt32, String) -> Void,
                       closed: @escaping @Sendable (UInt32, UInt32) -> Void) async throws {
        try await connection.onSignal(sender: Self.busName, path: Self.path, interface: Self.busName, member: "ActionInvoked") { signal in
            guard let id = signal.arguments.first?.uint32Value, let key = signal.arguments.last?.stringValue else { return }
            invoked(id, key)
        }
        try await connection.onSignal(sender: Self.busName, path: Self.path, interface: Self.busName, member: "NotificationClosed") { signal in
            guard let id = signal.arguments.first?.uint32Value, let reason = signal.arguments.last?.uint32Value else { return }
            closed(id, reason)
        }
    }
}
