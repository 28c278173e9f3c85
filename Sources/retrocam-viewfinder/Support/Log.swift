import Foundation

/// Lines to stderr; `--verbose` adds what the viewfinder did (animations and their durations,
/// clicks, preview frames), for people and for tests.
enum Log {
    nonisolated(unsafe) static var verbose = false

    /// A line everyone should see.
    static func info(_ message: String) { write("retrocam-viewfinder: \(message)") }

    /// A line for `--verbose` only.
    static func debug(_ message: @autoclosure () -> String) {
        if verbose { write("retrocam-viewfinder: \(message())") }
    }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
