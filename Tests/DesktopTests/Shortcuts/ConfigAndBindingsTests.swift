import Desktop
import Foundation
import Intents
import Testing

@Suite struct ConfigTests {
    @Test func everySettingIsRead() throws {
        let config = try DesktopConfig.parse("""
            # comment
            action = shortcut timelapse
            keys = on
            keys-device = /dev/input/event9
            keys-shutter = camera 183
            keys-action = volumeup
            portal = off
            notifications = no
            """, file: "config")
        #expect(config.action == .shortcut("timelapse"))
        #expect(config.keys && !config.portal && !config.notifications)
        #expect(config.keysDevice == "/dev/input/event9")
        #expect(config.keyMap == KeyMap(shutter: [.camera, KeyCode(183)], action: [.volumeUp]))
        #expect(try DesktopConfig.parse("", file: "config") == DesktopConfig())
    }

    @Test(arguments: [
        ("colour = red", "config:1: Unknown setting 'colour'."),
        ("\nkeys = maybe", "config:2: keys is on or off, not 'maybe'."),
        ("keys-shutter = camera shutter", "config:1: Unknown key 'shutter'."),
        ("action", "config:1: A setting is written key = value."),
        ("action = teleport", "config:1: 'teleport' is not a step."),
    ])
    func mistakesNameTheLine(text: String, prefix: String) {
        #expect(throws: ShortcutError.self) { try DesktopConfig.parse(text, file: "config") }
        do { _ = try DesktopConfig.parse(text, file: "config") } catch {
            #expect(error.description.hasPrefix(prefix), "\(error.description)")
        }
    }

    @Test func savingTheActionKeepsTheOtherLines() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("retrocam/config")
        try DesktopConfig.saveAction(.shutter, to: file)
        #expect(try DesktopConfig.load(from: file).action == .shutter)
        try "# mine\nkeys = on\naction = shutter\nportal = off\n".write(to: file, atomically: true, encoding: .utf8)
        try DesktopConfig.saveAction(.shortcut("noir-portrait"), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "# mine\nkeys = on\naction = shortcut noir-portrait\nportal = off\n")
    }

    @Test func aBrokenConfigIsLoggedAndTheDefaultsUsed() async throws {
        let harness = try await DesktopHarness(config: "keys = sometimes\n")
        defer { harness.close() }
        #expect(harness.log.all.first?.hasSuffix("config:1: keys is on or off, not 'sometimes'.; using the defaults.") == true)
        #expect(harness.desktop.config == DesktopConfig())
    }
}

@Suite struct BindingsTests {
    @Test(arguments: [("gnome", "gnome.sh"), ("kde", "kde.desktop"), ("sway", "sway.conf"), ("i3", "i3.conf"), ("hyprland", "hyprland.conf")])
    func shippedSnippetsMatchTheGeneratedOnes(desktop: String, file: String) throws {
        let shipped = try String(contentsOf: shippedShortcuts.appendingPathComponent("hotkeys/\(file)"), encoding: .utf8)
        #expect(shipped == HotkeyBindings.snippet(for: try HotkeyDesktop(name: desktop)))
    }

    @Test func swayGetsPressAndReleaseLines() {
        let snippet = HotkeyBindings.snippet(for: .sway)
        #expect(snippet.contains("bindsym Mod4+Shift+c exec retrocam shutter press\n"))
        #expect(snippet.contains("bindsym --release Mod4+Shift+c exec retrocam shutter release\n"))
        #expect(HotkeyBindings.snippet(for: .hyprland).contains("bindr = SUPER SHIFT, C, exec, retrocam shutter release\n"))
    }

    @Test func installingTwiceReplacesTheBlock() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let installer = HotkeyInstaller(environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]) { _ in "" }
        let file = installer.configFile(for: .sway)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "set $mod Mod4\nbindsym $mod+Return exec foot".write(to: file, atomically: true, encoding: .utf8)
        let said = try installer.install(.sway)
        #expect(said == "Wrote the Retrocam hotkeys into \(file.path); run 'swaymsg reload' to use them.")
        _ = try installer.install(.sway)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == "set $mod Mod4\nbindsym $mod+Return exec foot\n\n" + HotkeyBindings.snippet(for: .sway))
    }

    @Test func gnomeKeepsTheUsersOtherShortcuts() throws {
        let calls = CallLog()
        let installer = HotkeyInstaller(environment: [:]) { arguments in
            calls.append(arguments)
            return arguments[1] == "get" ? "['/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/']\n" : ""
        }
        _ = try installer.install(.gnome)
        let all = calls.all
        #expect(all[0] == ["gsettings", "get", "org.gnome.settings-daemon.plugins.media-keys", "custom-keybindings"])
        #expect(all[1][4] == "['/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/', "
            + "'/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-shutter/', "
            + "'/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-action/', "
            + "'/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-photo/', "
            + "'/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-record/']")
        #expect(all.count == 2 + 3 * 4)
        #expect(all.contains(["gsettings", "set",
                              "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-shutter/",
                              "command", "retrocam shutter click"]))
    }

    @Test func kdeGetsLaunchers() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try HotkeyInstaller(environment: ["HOME": folder.path]) { _ in "" }.install(.kde)
        let launcher = try String(contentsOf: folder.appendingPathComponent(".local/share/applications/retrocam-photo.desktop"), encoding: .utf8)
        #expect(launcher.hasPrefix("[Desktop Entry]\nType=Application\nName=Retrocam photo\nExec=retrocam photo\n"))
        #expect(launcher.contains("X-KDE-Shortcuts=Meta+Shift+P\n"))
    }
}

/// Argument lists a fake program runner was given.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [[String]] = []
    func append(_ call: [String]) { lock.withLock { calls.append(call) } }
    var all: [[String]] { lock.withLock { calls } }
}

@Suite struct DesktopEntryTests {
    @Test func everyShippedShortcutHasAnAction() throws {
        let entry = try String(contentsOf: shippedShortcuts.appendingPathComponent("retrocam.desktop"), encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: shippedShortcuts.path)
            .filter { $0.hasSuffix(".retrocam") }.map { String($0.dropLast(".retrocam".count)) }
        #expect(names.count >= 3)
        for name in names {
            #expect(entry.contains("\nExec=retrocam shortcut run \(name)\n"), "no action runs \(name)")
        }
    }

    @Test func theEntryValidates() throws {
        let validator = "/usr/bin/desktop-file-validate"
        guard FileManager.default.isExecutableFile(atPath: validator) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: validator)
        process.arguments = [shippedShortcuts.appendingPathComponent("retrocam.desktop").path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.isEmpty, "\(text)")
    }
}
