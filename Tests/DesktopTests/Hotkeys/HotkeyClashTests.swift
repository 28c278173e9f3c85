import Foundation
import Hotkeys
import Testing

/// A key combination with its modifiers normalized (Super = Mod4 = Meta = LOGO, Alt = Mod1).
struct KeyCombo: Hashable, CustomStringConvertible {
    let modifiers: Set<String>
    let key: String

    /// Parses `Mod4+Shift+c`, `SUPER SHIFT, X`, `<Super><Shift>x` or `Meta+Shift+X`.
    init(_ text: String) {
        var words: [String]
        if text.hasPrefix("<") {
            let parts = text.replacingOccurrences(of: ">", with: "<").split(separator: "<").map(String.init)
            words = parts
        } else if text.contains(",") {
            let halves = text.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            words = halves[0].split(separator: " ").map(String.init) + [halves.count > 1 ? halves[1] : ""]
        } else {
            words = text.split(separator: "+").map(String.init)
        }
        let key = words.removeLast().lowercased()
        let names = ["super": "mod4", "mod4": "mod4", "meta": "mod4", "logo": "mod4", "shift": "shift", "ctrl": "ctrl",
                     "control": "ctrl", "primary": "ctrl", "alt": "mod1", "mod1": "mod1"]
        modifiers = Set(words.map { names[$0.lowercased()] ?? $0.lowercased() })
        self.key = key
    }

    var description: String { (modifiers.sorted() + [key]).joined(separator: "+") }
}

/// Our hotkeys take no key the desktops bind out of the box.
@Suite struct HotkeyClashTests {
    /// sway 1.7 (Debian 12 package sway 1.7-6), `/etc/sway/config`: every `bindsym` with `$mod` = Mod4
    /// and `$left $down $up $right` = h j k l, outside the resize mode.
    static let swayDefaults: [String] = ["Return", "Shift+q", "d", "Shift+c", "Shift+e", "h", "j", "k", "l", "Left", "Down", "Up", "Right",
        "Shift+h", "Shift+j", "Shift+k", "Shift+l", "Shift+Left", "Shift+Down", "Shift+Up", "Shift+Right",
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "0",
        "Shift+1", "Shift+2", "Shift+3", "Shift+4", "Shift+5", "Shift+6", "Shift+7", "Shift+8", "Shift+9", "Shift+0",
        "b", "v", "s", "w", "e", "f", "Shift+space", "space", "a", "Shift+minus", "minus", "r"].map { "Mod4+" + $0 }

    /// Hyprland's example config (hyprwm/Hyprland `example/hyprland.conf`, commit 016eb7a2): every `bind`
    /// with `$mainMod` = SUPER.
    static let hyprlandDefaults: [String] = ["Q", "C", "M", "E", "V", "R", "P", "J", "left", "right", "up", "down",
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "S", "mouse_down", "mouse_up"].map { "SUPER, " + $0 }
        + ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "S"].map { "SUPER SHIFT, " + $0 }

    @Test func noneOfSwaysDefaults() {
        let taken = Set(Self.swayDefaults.map(KeyCombo.init))
        for binding in HotkeyTable.bindings {
            #expect(!taken.contains(KeyCombo(binding.combination(for: .sway))), "\(binding.combination(for: .sway)) is sway's")
        }
        #expect(taken.contains(KeyCombo("Mod4+Shift+c")), "the list holds sway's reload key")
    }

    @Test func noneOfHyprlandsDefaults() {
        let taken = Set(Self.hyprlandDefaults.map(KeyCombo.init))
        for binding in HotkeyTable.bindings {
            #expect(!taken.contains(KeyCombo(binding.combination(for: .hyprland))), "\(binding.combination(for: .hyprland)) is Hyprland's")
        }
    }

    /// i3's own config (package i3-wm), with Alt as its modifier and with Super (what i3-config-wizard
    /// writes when Win is chosen): parsed here, and checked by i3 itself (`i3 -C` reports a duplicate
    /// binding as an error) with our file included.
    @Test(arguments: ["Mod1", "Mod4"])
    func noneOfI3sDefaults(modifier: String) throws {
        let system = try String(contentsOfFile: "/etc/i3/config", encoding: .utf8).replacingOccurrences(of: "Mod1", with: modifier)
        var variables: [String: String] = [:]
        var taken = Set<KeyCombo>()
        for raw in system.split(separator: "\n") {
            let words = raw.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if words.count >= 3, words[0] == "set" { variables[words[1]] = words[2] }
            if words.count >= 2, words[0] == "bindsym" {
                var combo = words[1]
                for (name, value) in variables.sorted(by: { $0.key.count > $1.key.count }) { combo = combo.replacingOccurrences(of: name, with: value) }
                taken.insert(KeyCombo(combo))
            }
        }
        #expect(taken.contains(KeyCombo("\(modifier)+Shift+r")), "i3's restart key was parsed")
        for binding in HotkeyTable.bindings {
            #expect(!taken.contains(KeyCombo(binding.combination(for: .i3))), "\(binding.combination(for: .i3)) is i3's")
        }
        let home = try HotkeyHome()
        defer { home.remove() }
        try home.write(".config/i3/config", system)
        _ = try home.installer.install(.i3)
        let check = try run("/usr/bin/i3", ["-C", "-c", home.url(".config/i3/config").path], environment: ["HOME": home.root.path])
        #expect(check.status == 0 && !check.output.contains("ERROR"), "\(check.output)")
    }

    /// GNOME's default keybindings, read with gsettings from the installed schemas (window manager and
    /// media keys) in an empty settings file.
    @Test func noneOfGnomesDefaults() throws {
        let home = try HotkeyHome()
        defer { home.remove() }
        var taken = Set<KeyCombo>()
        for schema in ["org.gnome.desktop.wm.keybindings", "org.gnome.settings-daemon.plugins.media-keys"] {
            let listing = try run("/usr/bin/gsettings", ["list-recursively", schema],
                                  environment: ["HOME": home.root.path, "XDG_CONFIG_HOME": home.url("config").path, "GSETTINGS_BACKEND": "keyfile"])
            #expect(listing.status == 0, "\(listing.output)")
            for line in listing.output.split(separator: "\n") {
                for quoted in line.split(separator: "'").enumerated() where quoted.offset % 2 == 1 && quoted.element.hasPrefix("<") {
                    taken.insert(KeyCombo(String(quoted.element)))
                }
            }
        }
        #expect(taken.contains(KeyCombo("<Super><Shift>Page_Up")), "GNOME's defaults were read")
        for binding in HotkeyTable.bindings {
            #expect(!taken.contains(KeyCombo(binding.combination(for: .gnome))), "\(binding.combination(for: .gnome)) is GNOME's")
        }
    }

    @Test func everyDesktopWritesTheSameKey() {
        for binding in HotkeyTable.bindings {
            let combos = Set(HotkeyDesktop.allCases.map { KeyCombo(binding.combination(for: $0)) })
            #expect(combos.count == 1, "\(combos)")
        }
    }
}

/// Runs a program and answers its status and its merged output.
func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}
