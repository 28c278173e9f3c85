import DBus
import Foundation
import Testing

extension DaemonHarness {
    /// `busctl get-property` of a `Camera1` property, as busctl prints it (`b true`, `s "…"`, `i 3`).
    func property(_ name: String) throws -> String {
        try busctl(["get-property", Self.busName, Self.path, Self.camera, name]).text
    }

    /// Polls `condition` every 50 ms for up to `seconds`; true when it held.
    func waitUntil(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try condition()
    }
}

/// Signals heard on a connection, kept for a test to read.
final class HeardSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [SignalMessage] = []
    func add(_ message: SignalMessage) { lock.withLock { list.append(message) } }
    var all: [SignalMessage] { lock.withLock { list } }
}
