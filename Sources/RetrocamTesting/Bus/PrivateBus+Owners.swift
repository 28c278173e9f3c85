import DBus
import Dispatch

extension PrivateBus {
    /// Waits until `name` is owned on this bus — by the process `pid` when one is given — at most `timeout`
    /// seconds, and no longer than `alive` holds (the process that should take it is still running);
    /// true once it is. Woken by the bus's NameOwnerChanged, checked again at least once a second for
    /// `alive`.
    public func waitForOwner(of name: String, pid: Int32? = nil, timeout: Double = 60,
                             alive: () -> Bool = { true }) throws -> Bool {
        let connection = try connect()
        defer { connection.close() }
        let changed = DispatchSemaphore(value: 0)
        let token = try BlockingWait.run {
            try await connection.onSignal(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                          interface: "org.freedesktop.DBus", member: "NameOwnerChanged") { signal in
                if signal.arguments.first?.stringValue == name { changed.signal() }
            }
        }
        defer { connection.unsubscribe(token) }
        // Subscribed first, then asked: an owner that arrives in between is seen by one or the other.
        func owned() -> Bool {
            guard let reply = try? connection.callSync(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                       interface: "org.freedesktop.DBus", method: "GetConnectionUnixProcessID",
                                                       [.string(name)]),
                  let owner = reply.first?.uint32Value else { return false }
            return pid.map { UInt32($0) == owner } ?? true
        }
        let deadline = DispatchTime.now() + timeout
        while !owned() {
            guard alive(), DispatchTime.now() < deadline else { return false }
            _ = changed.wait(timeout: min(deadline, .now() + 1))
        }
        return true
    }
}
