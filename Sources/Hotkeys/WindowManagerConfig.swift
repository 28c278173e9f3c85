import Foundation
import XDG

/// Where a window manager keeps its config, and how it includes another file: sway and i3 read
/// `include PATH`, Hyprland `source = PATH` (`~`, `$HOME` and globs allowed in all three).
struct WindowManagerConfig {
    /// sway, i3 or Hyprland.
    let desktop: HotkeyDesktop

    init(_ desktop: HotkeyDesktop) {
        precondition(desktop.isWindowManager, "\(desktop) is not configured by a file")
        self.desktop = desktop
    }

    /// The user's main config files the window manager looks for, in its order (relative to the
    /// config home or, for the old dot folders, the home).
    func mainConfigCandidates(_ folders: UserFolders) -> [URL] {
        switch desktop {
        case .sway: return [folders.configHome.appendingPathComponent("sway/config"), folders.home.appendingPathComponent(".sway/config")]
        case .i3: return [folders.configHome.appendingPathComponent("i3/config"), folders.home.appendingPathComponent(".i3/config")]
        default: return [folders.configHome.appendingPathComponent("hypr/hyprland.conf")]
        }
    }

    /// Our file, relative to the config home.
    var ourFileRelativePath: String {
        switch desktop {
        case .sway: return ".config/sway/config.d/retrocam"
        case .i3: return ".config/i3/config.d/retrocam"
        default: return ".config/hypr/retrocam.conf"
        }
    }

    /// Our file under the user's config home.
    func ourFile(_ folders: UserFolders) -> URL {
        folders.configHome.appendingPathComponent(String(ourFileRelativePath.dropFirst(".config/".count)))
    }

    /// The system config the window manager falls back to when the user has none.
    var systemConfig: String {
        switch desktop {
        case .sway: return "/etc/sway/config"
        case .i3: return "/etc/i3/config"
        default: return "its example config"
        }
    }

    /// The line that includes `path`.
    func includeLine(for path: String) -> String {
        desktop == .hyprland ? "source = \(path)" : "include \(path)"
    }

    /// The included paths of a config text, expanded (`~`, `$HOME`, `$XDG_CONFIG_HOME`) and made
    /// absolute against the config's own folder; they may be globs.
    func includedPatterns(in text: String, configFolder: URL, folders: UserFolders) -> [String] {
        text.split(separator: "\n").compactMap { raw -> String? in
            let line = raw.trimmingCharacters(in: .whitespaces)
            let argument: Substring
            if desktop == .hyprland {
                guard line.hasPrefix("source"), let equals = line.firstIndex(of: "="),
                      line[..<equals].trimmingCharacters(in: .whitespaces) == "source" else { return nil }
                argument = line[line.index(after: equals)...]
            } else {
                guard line.hasPrefix("include ") || line.hasPrefix("include\t") else { return nil }
                argument = line.dropFirst("include".count)
            }
            var path = argument.trimmingCharacters(in: .whitespaces)
            if path.count >= 2, let first = path.first, first == "\"" || first == "'", path.last == first { path = String(path.dropFirst().dropLast()) }
            guard !path.isEmpty else { return nil }
            if path == "~" || path.hasPrefix("~/") { path = folders.home.path + path.dropFirst() }
            for (name, value) in [("$XDG_CONFIG_HOME", folders.configHome.path), ("${XDG_CONFIG_HOME}", folders.configHome.path),
                                  ("$HOME", folders.home.path), ("${HOME}", folders.home.path)] {
                path = path.replacingOccurrences(of: name, with: value)
            }
            return path.hasPrefix("/") ? path : configFolder.appendingPathComponent(path).path
        }
    }

    /// True when a config text already includes `file` (by its path or a glob that matches it).
    func includes(_ file: URL, in text: String, configFolder: URL, folders: UserFolders) -> Bool {
        let candidates = Set([file.standardizedFileURL.path, file.resolvingSymlinksInPath().path])
        return includedPatterns(in: text, configFolder: configFolder, folders: folders).contains { pattern in
            candidates.contains { fnmatch(pattern, $0, 0) == 0 || URL(fileURLWithPath: pattern).standardizedFileURL.path == $0 }
        }
    }

    /// The command that makes the running window manager read its config again.
    var reloadCommand: String {
        switch desktop {
        case .sway: return "swaymsg reload"
        case .i3: return "i3-msg reload"
        default: return "hyprctl reload"
        }
    }
}
