import Foundation

/// The small files `retrocam listen` keeps between runs (the hold-to-talk pid, a question waiting for its
/// answer): in `$XDG_RUNTIME_DIR/retrocam`, private to the user, gone at logout.
enum RuntimeFile {
    /// `$XDG_RUNTIME_DIR/retrocam/NAME`, or nil when the session has no (absolute) runtime folder.
    static func url(_ name: String, environment: [String: String]) -> URL? {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: runtime).appendingPathComponent("retrocam/\(name)")
    }

    /// Writes `data` to `file` (mode 0600) in its folder (made 0700 when missing); a failure is not fatal.
    static func writePrivate(_ data: Data, to file: URL) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        _ = FileManager.default.createFile(atPath: file.path, contents: data, attributes: [.posixPermissions: 0o600])
    }
}
