import Body
import Foundation

/// The private folder for preview sockets: `$XDG_RUNTIME_DIR/retrocam`, mode 0700, owned by us.
/// Without a usable runtime directory, `retrocam-<uid>` in the temporary folder, with the same checks.
public enum PreviewSocketFolder {
    /// The folder, created when missing; throws when it exists but is not ours alone
    /// (another owner, a symlink, a file), so a socket is never put where others can reach it.
    public static func prepare(environment: [String: String] = ProcessInfo.processInfo.environment) throws(IntentError) -> URL {
        let base: String
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isPrivateFolder(runtime) {
            base = runtime + "/retrocam"
        } else {
            base = NSTemporaryDirectory() + "/retrocam-\(getuid())"
        }
        if mkdir(base, 0o700) != 0, errno != EEXIST {
            throw .pipeline("The preview folder \(base) could not be created: \(String(cString: strerror(errno))).")
        }
        guard isPrivateFolder(base) else {
            throw .pipeline("The preview folder \(base) is not a private folder of this user; remove it and try again.")
        }
        return URL(fileURLWithPath: base, isDirectory: true).standardizedFileURL
    }

    /// The socket path of this process's preview stream in `folder`.
    public static func socketPath(in folder: URL) -> String {
        folder.appendingPathComponent("preview-\(getpid())").path
    }

    /// A real folder (not a symlink) owned by us, with no access for group or others.
    static func isPrivateFolder(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid() && (info.st_mode & 0o077) == 0
    }
}
