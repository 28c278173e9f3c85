/// The text of each desktop's hotkeys: what `retrocam bind DESKTOP` prints, what its `install` writes,
/// and the files shipped in `shortcuts/hotkeys/` (a test keeps those equal).
public enum HotkeySnippets {
    /// The text for `desktop`: the window manager's included file, the KDE desktop file, the GNOME script.
    public static func text(for desktop: HotkeyDesktop) -> String {
        switch desktop {
        case .sway, .i3, .hyprland: return windowManagerFile(desktop)
        case .kde: return kdeDesktopFile()
        case .gnome: return gnomeScript()
        }
    }

    /// The shipped file's name in `shortcuts/hotkeys/`.
    public static func shippedName(for desktop: HotkeyDesktop) -> String {
        switch desktop {
        case .sway: return "sway.conf"
        case .i3: return "i3.conf"
        case .hyprland: return "hyprland.conf"
        case .kde: return KDEShortcuts.fileName
        case .gnome: return "gnome.sh"
        }
    }

    /// The file a window manager's config includes. sway binds press and release without key repeat;
    /// i3 only sees X key presses, which repeat while held, so it runs `click` on press; Hyprland's
    /// `bind` does not repeat and `bindr` is the release.
    static func windowManagerFile(_ desktop: HotkeyDesktop) -> String {
        let include = WindowManagerConfig(desktop).includeLine(for: "~/" + WindowManagerConfig(desktop).ourFileRelativePath)
        var lines = [
            "# Retrocam hotkeys for \(desktop.rawValue): \(HotkeyTable.summary).",
            "# 'retrocam bind \(desktop.rawValue) install' writes this file and adds to your config the line",
            "#   \(include)",
            "# None of these keys is bound in \(desktop.rawValue)'s default config.",
        ]
        for binding in HotkeyTable.bindings {
            let keys = binding.combination(for: desktop)
            switch desktop {
            case .hyprland:
                lines.append("bind = \(keys), exec, \(binding.press)")
                if let release = binding.release { lines.append("bindr = \(keys), exec, \(release)") }
            case .sway:
                lines.append("bindsym --no-repeat \(keys) exec \(binding.press)")
                if let release = binding.release { lines.append("bindsym --release \(keys) exec \(release)") }
            default:
                lines.append("bindsym \(keys) exec --no-startup-id \(binding.click)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One desktop file kglobalaccel reads on Plasma 5 and 6: an action per hotkey, each with its
    /// `X-KDE-Shortcuts` (KDE only sees the press, so held actions run `click`).
    static func kdeDesktopFile() -> String {
        var lines = [
            "[Desktop Entry]",
            "Type=Application",
            "Name=Retrocam",
            "Comment=Global shortcuts of the Retrocam camera: \(HotkeyTable.summary)",
            "Icon=camera-photo",
            "Exec=retrocam photo",
            "X-KDE-GlobalShortcutType=Service",
            "Actions=\(HotkeyTable.bindings.map(\.id).joined(separator: ";"));",
        ]
        for binding in HotkeyTable.bindings {
            lines += ["", "[Desktop Action \(binding.id)]", "Name=\(binding.title)", "Exec=\(binding.click)",
                      "X-KDE-Shortcuts=\(binding.combination(for: .kde))"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A shell script of gsettings commands that adds our custom keybindings to the list once: run
    /// twice, it changes nothing (GNOME only sees the press, so held actions run `click`).
    static func gnomeScript() -> String {
        let schema = GnomeKeybindings.schema, base = GnomeKeybindings.pathPrefix
        var lines = [
            "#!/bin/sh",
            "# Retrocam hotkeys for GNOME: \(HotkeyTable.summary).",
            "# Adds Retrocam's custom shortcuts and keeps yours; running it again changes nothing.",
            "# 'retrocam bind gnome install' does the same.",
            "set -e",
            "schema=\(schema)",
            "base=\(base)",
            "list=$(gsettings get \"$schema\" custom-keybindings)",
            "for id in \(HotkeyTable.bindings.map { GnomeKeybindings.name(of: $0) }.joined(separator: " ")); do",
            "  case \"$list\" in",
            "    *\"'${base}$id/'\"*) ;;",
            "    \"@as []\"|\"[]\") list=\"['${base}$id/']\" ;;",
            "    *) list=\"${list%]}, '${base}$id/']\" ;;",
            "  esac",
            "done",
            "gsettings set \"$schema\" custom-keybindings \"$list\"",
        ]
        for binding in HotkeyTable.bindings {
            for (key, value) in GnomeKeybindings.settings(of: binding) {
                lines.append("gsettings set \"$schema.custom-keybinding:${base}\(GnomeKeybindings.name(of: binding))/\" \(key) \(shellQuoted(value))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `'text'` for a POSIX shell (bare when it needs no quotes).
    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "-_./:".contains($0) } ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
