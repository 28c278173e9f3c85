internal import CGLib
import Foundation

/// The user's folders, found once and in one place for every Retrocam program:
///
/// - the XDG base directories (`XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `XDG_STATE_HOME`, `XDG_DATA_DIRS`)
///   from an environment, as the XDG Base Directory specification defines them (a relative path in
///   one of these variables is ignored), so a test can point them at a temporary home;
/// - the user's special folders (Pictures, Videos) as GLib's `g_get_user_special_dir` reads them from
///   `user-dirs.dirs`, localized names included (`~/Bilder`), exactly as the desktop's own apps do.
///   GLib reads this process's environment (`HOME`, `XDG_CONFIG_HOME`) once, when first asked.
public struct UserFolders: Sendable {
    /// The environment the base directories are read from.
    public let environment: [String: String]

    /// The folders of the user in `environment` (by default this process's).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// `$HOME`, or the account's home directory when it is unset or relative.
    public var home: URL {
        if let home = environment["HOME"], home.hasPrefix("/") { return URL(fileURLWithPath: home, isDirectory: true) }
        return URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
    }

    /// `$XDG_CONFIG_HOME`, default `~/.config`.
    public var configHome: URL { base("XDG_CONFIG_HOME", default: ".config") }
    /// `$XDG_DATA_HOME`, default `~/.local/share`.
    public var dataHome: URL { base("XDG_DATA_HOME", default: ".local/share") }
    /// `$XDG_STATE_HOME`, default `~/.local/state`.
    public var stateHome: URL { base("XDG_STATE_HOME", default: ".local/state") }

    /// `$XDG_DATA_DIRS` (absolute entries only), default `/usr/local/share:/usr/share`, most important first.
    public var dataDirectories: [URL] {
        let entries = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return (entries.isEmpty ? ["/usr/local/share", "/usr/share"] : entries).map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// Writes `path` as the user reads it: `~/…` under the home folder, otherwise as it is.
    public func tildePath(_ url: URL) -> String {
        let homePath = home.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        if path == homePath { return "~" }
        return path.hasPrefix(homePath + "/") ? "~" + path.dropFirst(homePath.count) : path
    }

    private func base(_ variable: String, default relative: String) -> URL {
        if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value, isDirectory: true) }
        return home.appendingPathComponent(relative, isDirectory: true)
    }
}

/// A special folder of `user-dirs.dirs`.
public enum SpecialFolder: Sendable, CaseIterable {
    /// `XDG_PICTURES_DIR`, where photos go.
    case pictures
    /// `XDG_VIDEOS_DIR`, where clips go.
    case videos

    /// The folder as GLib finds it for this process (`g_get_user_special_dir`), or `~/Pictures` /
    /// `~/Videos` (GLib's home) when `user-dirs.dirs` names none. The corresponding C function is
    /// `g_get_user_special_dir`.
    public var url: URL {
        if let found = g_get_user_special_dir(directory) { return URL(fileURLWithPath: String(cString: found), isDirectory: true) }
        return URL(fileURLWithPath: String(cString: g_get_home_dir()), isDirectory: true)
            .appendingPathComponent(self == .pictures ? "Pictures" : "Videos", isDirectory: true)
    }

    private var directory: GUserDirectory {
        switch self {
        case .pictures: return G_USER_DIRECTORY_PICTURES
        case .videos: return G_USER_DIRECTORY_VIDEOS
        }
    }
}
