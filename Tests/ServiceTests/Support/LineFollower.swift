import Foundation
import RetrocamTesting

/// A child process whose standard output is read line by line as it comes.
final class LineFollower: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var buffer = ""
    private var finished = false

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = out.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                lock.withLock { buffer += String(decoding: data, as: UTF8.self) }
            }
            lock.withLock { finished = true }
        }
    }

    /// The complete lines read so far.
    var lines: [String] {
        lock.withLock {
            var parts = buffer.components(separatedBy: "\n")
            parts.removeLast()
            return parts
        }
    }

    /// Waits (up to `seconds`) until the lines read satisfy `condition`; the lines then.
    func waitFor(_ seconds: Double = 30, _ condition: ([String]) -> Bool) -> [String] {
        _ = Wait.blockingUntil(seconds) { condition(lines) || lock.withLock { finished } }
        return lines
    }

    /// Ends the process (see `ProcessRunner.stop`).
    func stop() {
        ProcessRunner.stop(process)
    }
}
