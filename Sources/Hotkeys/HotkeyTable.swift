import Body

/// A desktop whose own shortcut settings `retrocam bind` writes.
public enum HotkeyDesktop: String, CaseIterable, Sendable {
    /// GNOME: custom keybindings in gsettings.
    case gnome
    /// KDE Plasma 5 and 6: a desktop file with `X-KDE-Shortcuts` per action, read by kglobalaccel.
    case kde
    /// sway: an included file of `bindsym` lines.
    case sway
    /// i3: an included file of `bindsym` lines.
    case i3
    /// Hyprland: a sourced file of `bind`/`bindr` lines.
    case hyprland

    /// A desktop by name, or an error listing the names.
    public init(name: String) throws(HotkeyError) {
        guard let desktop = HotkeyDesktop(rawValue: name.lowercased()) else {
            let shown = Spoken.shortened(name)
            throw HotkeyError("No desktop called '\(shown)'. Desktops: \(Self.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        self = desktop
    }

    /// True for the window managers configured by a text file of ours that their config includes.
    public var isWindowManager: Bool { self == .sway || self == .i3 || self == .hyprland }
}

/// What a hotkey does: its id in every desktop's settings and in the portal's signals.
public enum HotkeyAction: String, CaseIterable, Sendable {
    /// The shutter: held, a press and a release (CINE: start/pause; STILL: shoot on release).
    case shutter
    /// The action button: held, a press and a release.
    case action
    /// Take a photo.
    case photo
    /// Start or pause a clip, as REC does.
    case record
}

/// One hotkey: Super+Shift+KEY runs `retrocam …`. Where the desktop can bind a key's release too
/// (sway, Hyprland), a held key is a true press and release; elsewhere the press runs `click`.
public struct HotkeyBinding: Sendable, Equatable {
    /// What it does.
    public let action: HotkeyAction
    /// What it does, as the desktop's settings show it.
    public let title: String
    /// The letter pressed with Super+Shift, lower case.
    public let key: Character
    /// The client's words on press.
    public let press: String
    /// The client's words on release, when the action is held.
    public let release: String?
    /// The client's words for desktops that only see the press.
    public let click: String

    /// A short id ("shutter"), also the KDE action's name and the portal shortcut's id.
    public var id: String { action.rawValue }

    /// The trigger suggested to the GlobalShortcuts portal, in the XDG shortcuts syntax: the same letter
    /// with Ctrl+Alt+Shift, which desktops running a portal leave free more often than Super+Shift.
    public var portalTrigger: String { "CTRL+ALT+SHIFT+\(key.uppercased())" }

    /// The key as each desktop writes it: `Mod4+Shift+x`, `SUPER SHIFT, X`, `Meta+Shift+X`, `<Super><Shift>x`.
    public func combination(for desktop: HotkeyDesktop) -> String {
        switch desktop {
        case .sway, .i3: return "Mod4+Shift+\(key)"
        case .hyprland: return "SUPER SHIFT, \(key.uppercased())"
        case .kde: return "Meta+Shift+\(key.uppercased())"
        case .gnome: return "<Super><Shift>\(key)"
        }
    }
}

/// Retrocam's hotkeys, the one table every desktop's snippet, installer and test is made from.
public enum HotkeyTable {
    /// Every hotkey. The letters are bound in none of the default configs of sway 1.7, i3 4.22 (with
    /// Alt or Super as its modifier) and Hyprland, nor in GNOME's default keybindings: sway and i3 use
    /// Super+Shift+C (reload), +E (exit), +Q (kill), +R (i3 restart), +Space, +Minus, the arrows, the
    /// vi letters and the digits; Hyprland uses Super+Shift+S and the digits. `HotkeyClashTests` checks it.
    public static let bindings: [HotkeyBinding] = [
        HotkeyBinding(action: .shutter, title: "Retrocam shutter", key: "x",
                      press: "retrocam shutter press", release: "retrocam shutter release", click: "retrocam shutter click"),
        HotkeyBinding(action: .action, title: "Retrocam action button", key: "a",
                      press: "retrocam action press", release: "retrocam action release", click: "retrocam action click"),
        HotkeyBinding(action: .photo, title: "Retrocam photo", key: "p", press: "retrocam photo", release: nil, click: "retrocam photo"),
        HotkeyBinding(action: .record, title: "Retrocam record", key: "v", press: "retrocam record", release: nil, click: "retrocam record"),
    ]

    /// "Super+Shift+X shutter, +A action button, +P photo, +V record".
    static var summary: String {
        let parts = bindings.enumerated().map { index, binding in
            let name = binding.title.replacingOccurrences(of: "Retrocam ", with: "")
            return index == 0 ? "Super+Shift+\(binding.key.uppercased()) \(name)" : "+\(binding.key.uppercased()) \(name)"
        }
        return parts.joined(separator: ", ")
    }
}

/// Why hotkeys could not be installed, in a sentence that says what to do.
public struct HotkeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence.
    public let message: String
    /// Makes an error.
    public init(_ message: String) { self.message = message }
    /// The sentence.
    public var description: String { message }
}
