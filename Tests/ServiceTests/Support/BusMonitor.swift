import Foundation
import RetrocamTesting

/// `dbus-monitor` on a private bus, counting the method calls (or signals) named `member`: a test waits for
/// a call to be under way (the daemon asking a stopped peer) instead of for a time.
final class BusMonitor: Sendable {
    /// What is counted: method calls or signals.
    enum Kind: String, Sendable {
        case methodCall = "method_call", signal
        /// How dbus-monitor begins the line of such a message.
        var linePrefix: String { self == .signal ? "signal" : "method call" }
    }

    private let monitor: LineFollower
    private let member: String
    private let kind: Kind

    /// Starts monitoring `address`, and returns once the monitor is on the bus (the bus takes its name
    /// away as it becomes a monitor: NameLost).
    init(address: String, member: String, kind: Kind = .methodCall) throws {
        self.member = member
        self.kind = kind
        monitor = try LineFollower("/usr/bin/dbus-monitor", ["--address", address, "--monitor", "type='\(kind.rawValue)',member='\(member)'"],
                                   environment: ProcessInfo.processInfo.environment)
        guard monitor.waitFor(30, { $0.contains { $0.hasPrefix("signal") && $0.contains("member=NameLost") } })
            .contains(where: { $0.contains("member=NameLost") }) else {
            monitor.stop()
            throw HarnessError("dbus-monitor did not join the bus at \(address)")
        }
    }

    /// Waits until `count` such calls (or signals) were sent, at most `timeout` seconds; true when they were.
    func waitForCalls(_ count: Int, timeout: Double = 60) -> Bool {
        func calls(_ lines: [String]) -> Int { lines.filter { $0.hasPrefix(kind.linePrefix) && $0.contains("member=\(member)") }.count }
        return calls(monitor.waitFor(timeout) { calls($0) >= count }) >= count
    }

    /// Stops `dbus-monitor`.
    func stop() { monitor.stop() }
}
