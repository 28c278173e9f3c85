import Foundation

/// The preview's figures, written as JSON at exit with `--report` (for `scripts/bench` and tests).
struct Report: Encodable {
    /// Milliseconds from launch to the first preview frame at the sink.
    var launchToFirstFrameMilliseconds: Double?
    /// Frames that reached the sink.
    var frames: UInt64
    /// The stream's frame rate.
    var framerate: Int
    /// Capture → sink latencies, microseconds (frames carrying a capture-time stamp).
    var latencyMicroseconds: [Int64]
    /// Capture → drawn in the window, microseconds.
    var drawLatencyMicroseconds: [Int64]

    /// Writes the report to `path`.
    func write(to path: String) {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        do {
            try encoder.encode(self).write(to: URL(fileURLWithPath: path))
        } catch {
            Log.info("the report could not be written to \(path): \(error)")
        }
    }
}
