import DBus
import Foundation
import RetrocamTesting
import Testing

extension DaemonHarness {
    /// `busctl get-property` of a `Camera1` property, as busctl prints it (`b true`, `s "…"`, `i 3`).
    func property(_ name: String) throws -> String {
        try busctl(["get-property", Self.busName, Self.path, Self.camera, name]).text
    }

    /// Waits up to `seconds` for `condition`, a state of the daemon in another process (a property, a
    /// file): true when it held. A check that throws counts as not yet.
    func waitUntil(_ seconds: Double, _ condition: () throws -> Bool) -> Bool {
        Wait.blockingUntil(seconds, condition)
    }
}

/// Signals heard on a connection, kept for a test to read.
final class HeardSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [SignalMessage] = []
    private var connections: [Connection] = []
    func add(_ message: SignalMessage) { lock.withLock { list.append(message) } }
    var all: [SignalMessage] { lock.withLock { list } }
    /// Keeps the connection the signals arrive on open as long as this list lives.
    func keep(_ connection: Connection) { lock.withLock { connections.append(connection) } }
}

extension DaemonHarness {
    /// Waits until the clip being recorded has `frames` video frames on disk (read back from the
    /// file's bytes), at most `timeout` seconds; true when it has. A clip needs frames before it is paused,
    /// and a loaded machine encodes them later: the test waits for the frames, not for a time.
    func waitForRecordedFrames(_ frames: Int, timeout: Double = 90) -> Bool {
        waitUntil(timeout) { try recordedFrames() >= frames }
    }

    /// The video frames of the clip being recorded that are on disk now (0 when none is recording).
    func recordedFrames() throws -> Int {
        guard let path = try LibraryFile(home: home).inProgress.last?.path else { return 0 }
        return try MediaProbe.videoFrameTimes(path).count
    }
}
