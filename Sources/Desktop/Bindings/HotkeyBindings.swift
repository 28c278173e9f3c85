import Foundation

/// A desktop whose own shortcut settings `retrocam bind` can write.
public enum HotkeyDesktop: String, CaseIterable, Sendable {
    /// GNOME: custom keybindings in gsettings.
    case gnome
    /// KDE Plasma: launchers with `X-KDE-Shortcuts`.
    case kde
    /// sway: `bindsym` lines.
    case sway
    /// i3: `bindsym` lines.
    case i3
    /// Hyprland: `bind`/`bindr` lines.
    case hyprland

    /// A desktop by name, or an error listing the names.
    public init(name: String) throws(KeyMapError) {
        guard let desktop = HotkeyDesktop(rawValue: name.lowercased()) else {
            let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
            throw KeyMapError("No desktop called '\(shown)'. Desktops: \(Self.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        self = desktop
    }
}

/// One hotkey: Super+Shift+KEY runs `retrocam …`. Where the desktop can bind a key's release too
/// (sway, i3, Hyprland), held keys get true press/release; elsewhere the press runs `click`.
public struct HotkeyBinding: Sendable, Equatable {
    /// A short id ("shutter").
    public let id: String
    /// What it does.
    public let title: String
    /// The letter pressed with Super+Shift.
    public let key: String
    /// The client's words on press.
    public let press: String
    /// The client's words on release, when the action is held.
    public let release: String?
    /// The client's words for desktops that only see the press.
    public let click: String
}

/// The snippets `retrocam bind` prints (and the shipped `shortcuts/hotkeys/*` files), generated
/// from one table so they cannot drift.
public enum HotkeyBindings {
    /// The marker lines around the block written into a window manager's config.
    public static let beginMarker = "# >>> retrocam hotkeys >>>"
    /// The closing marker.
    public static let endMarker = "# <<< retrocam hotkeys <<<"
    /// The gsettings schema of GNOME's custom keybindings.
    public static let gnomeSchema = "org.gnome.settings-daemon.plugins.media-keys"
    /// The gsettings path prefix of one custom keybinding.
    public static let gnomePathPrefix = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"

    /// Every hotkey.
    public static let bindings: [HotkeyBinding] = [
        HotkeyBinding(id: "shutter", title: "Retrocam shutter", key: "c",
                      press: "retrocam shutter press", release: "retrocam shutter release", click: "retrocam shutter click"),
        HotkeyBinding(id: "action", title: "Retrocam action button", key: "a",
                      press: "retrocam action press", release: "retrocam action release", click: "retrocam action click"),
        HotkeyBinding(id: "photo", title: "Retrocam photo", key: "p", press: "retrocam photo", release: nil, click: "retrocam photo"),
        HotkeyBinding(id: "record", title: "Retrocam record", key: "r", press: "retrocam record", release: nil, click: "retrocam record"),
    ]

    /// The ready-to-paste text for `desktop`.
    public static func snippet(for desktop: HotkeyDesktop) -> String {
        switch desktop {
        case .gnome: return gnomeScript()
        case .kde: return bindings.map(kdeLauncher).joined(separator: "\n")
        case .sway, .i3: return windowManagerBlock(desktop)
        case .hyprland: return windowManagerBlock(desktop)
        }
    }

    /// The block of `bindsym`/`bind` lines between the markers.
    static func windowManagerBlock(_ desktop: HotkeyDesktop) -> String {
        var lines = [beginMarker, "# Retrocam: Super+Shift+C shutter, +A action button, +P photo, +R record (retrocam bind \(desktop.rawValue))."]
        for binding in bindings {
            switch desktop {
            case .hyprland:
                lines.append("bind = SUPER SHIFT, \(binding.key.uppercased()), exec, \(binding.press)")
                if let release = binding.release { lines.append("bindr = SUPER SHIFT, \(binding.key.uppercased()), exec, \(release)") }
            default:
                lines.append("bindsym Mod4+Shift+\(binding.key) exec \(binding.press)")
                if let release = binding.release { lines.append("bindsym --release Mod4+Shift+\(binding.key) exec \(release)") }
            }
        }
        lines.append(endMarker)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A shell script of gsettings commands (GNOME only sees the press, so held actions use `click`).
    static func gnomeScript() -> String {
        var lines = ["#!/bin/sh", "# Retrocam hotkeys for GNOME: Super+Shift+C shutter, +A action, +P photo, +R record.",
                     "# 'retrocam bind gnome install' does the same and keeps your other custom shortcuts;",
                     "# this script adds ours to the list as it is now.", "set -e",
                     "list=$(gsettings get \(gnomeSchema) custom-keybindings | sed \"s/@as //; s/\\[//; s/\\]//\")"]
        let ours = bindings.map { "'\(gnomePathPrefix)retrocam-\($0.id)/'" }.joined(separator: ", ")
        lines.append("gsettings set \(gnomeSchema) custom-keybindings \"[${list:+$list, }\(ours)]\"")
        for command in bindings.flatMap(gnomeCommands) {
            lines.append(command.map(shellQuoted).joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The gsettings argument lists that describe one binding.
    static func gnomeCommands(_ binding: HotkeyBinding) -> [[String]] {
        let schema = "\(gnomeSchema).custom-keybinding:\(gnomePathPrefix)retrocam-\(binding.id)/"
        return [
            ["gsettings", "set", schema, "name", binding.title],
            ["gsettings", "set", schema, "command", binding.click],
            ["gsettings", "set", schema, "binding", "<Super><Shift>\(binding.key)"],
        ]
    }

    /// One KDE launcher with its global shortcut.
    static func kdeLauncher(_ binding: HotkeyBinding) -> String {
        """
        # ~/.local/share/applications/retrocam-\(binding.id).desktop
        [Desktop Entry]
        Type=Application
        Name=\(binding.title)
        Exec=\(binding.click)
        Icon=camera-photo
        NoDisplay=true
        X-KDE-Shortcuts=Meta+Shift+\(binding.key.uppercased())

        """
    }

    /// `'text'` for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "-_./:".contains($0) } ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The strings of a printed GVariant string array (`['/a/', '/b/']` or `@as []`).
    static func gvariantStrings(_ text: String) -> [String] {
        text.split(separator: "'", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }
}
