import Foundation

/// Logging to stderr (journald picks it up under systemd); `--verbose` adds detail.
enum Log {
    nonisolated(unsafe) static var verbose = false

    /// A line everyone should see.
    static func info(_ message: String) { write("retrocamd: \(message)") }

    /// A line for `--verbose` only.
    static func debug(_ message: @autoclosure () -> String) {
        if verbose { write("retrocamd: \(message())") }
    }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
