import Foundation

/// Log lines to stderr (journald collects them under systemd).
public enum EngineLog {
    /// Whether `debug` lines are written (retrocamd's `--verbose`).
    nonisolated(unsafe) public static var verbose = false

    /// Writes "retrocam engine: <text>" to stderr.
    public static func warn(_ text: String) {
        FileHandle.standardError.write(Data("retrocam engine: \(text)\n".utf8))
    }

    /// Writes "retrocam engine: <text>" when verbose.
    public static func debug(_ text: @autoclosure () -> String) {
        if verbose { warn(text()) }
    }
}
