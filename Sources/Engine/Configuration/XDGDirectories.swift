import Foundation

/// The XDG base and user directories, read from an environment dictionary and
/// `user-dirs.dirs`, so a test can point everything at a temporary home.
struct XDGDirectories {
    /// The environment the directories are read from.
    let environment: [String: String]

    /// `$HOME`, falling back to the process's home directory.
    var home: URL {
        if let home = environment["HOME"], home.hasPrefix("/") { return URL(fileURLWithPath: home, isDirectory: true) }
        return URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
    }

    /// `$XDG_STATE_HOME`, default `~/.local/state`.
    var stateHome: URL { base("XDG_STATE_HOME", default: ".local/state") }
    /// `$XDG_DATA_HOME`, default `~/.local/share`.
    var dataHome: URL { base("XDG_DATA_HOME", default: ".local/share") }
    /// `$XDG_CONFIG_HOME`, default `~/.config`.
    var configHome: URL { base("XDG_CONFIG_HOME", default: ".config") }

    /// `XDG_PICTURES_DIR` from the environment or `user-dirs.dirs`, default `~/Pictures`.
    var pictures: URL { userDirectory("XDG_PICTURES_DIR", default: "Pictures") }
    /// `XDG_VIDEOS_DIR` from the environment or `user-dirs.dirs`, default `~/Videos`.
    var videos: URL { userDirectory("XDG_VIDEOS_DIR", default: "Videos") }

    private func base(_ variable: String, default relative: String) -> URL {
        // The spec says relative paths in these variables are invalid and must be ignored.
        if let value = environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        return home.appendingPathComponent(relative, isDirectory: true)
    }

    private func userDirectory(_ key: String, default relative: String) -> URL {
        if let value = environment[key], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        if let value = userDirsFile()[key] {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        return home.appendingPathComponent(relative, isDirectory: true)
    }

    /// Parses `user-dirs.dirs`: lines of `XDG_NAME_DIR="$HOME/Name"` or an absolute path.
    func userDirsFile() -> [String: String] {
        let file = configHome.appendingPathComponent("user-dirs.dirs")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [:] }
        var entries: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals])
            var value = String(trimmed[trimmed.index(after: equals)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            if value.hasPrefix("$HOME") {
                value = home.path + value.dropFirst("$HOME".count)
            }
            if value.hasPrefix("/") { entries[key] = value }
        }
        return entries
    }
}
