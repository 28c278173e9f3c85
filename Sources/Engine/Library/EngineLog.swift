import Foundation

/// Log lines to stderr (journald collects them under systemd).
enum EngineLog {
    /// Writes "retrocam engine: <text>" to stderr.
    static func warn(_ text: String) {
        FileHandle.standardError.write(Data("retrocam engine: \(text)\n".utf8))
    }
}
