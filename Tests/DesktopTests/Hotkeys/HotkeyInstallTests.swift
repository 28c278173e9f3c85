import Foundation
import Hotkeys
import Testing
import XDG

/// A temporary home for one installer run: `$HOME`, its config and data folders.
struct HotkeyHome {
    let root: URL
    init() throws { root = try temporaryFolder() }
    var environment: [String: String] { ["HOME": root.path] }
    var installer: HotkeyInstaller { HotkeyInstaller(environment: environment) { _ throws(HotkeyError) in "" } }
    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
    func write(_ relative: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: url(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url(relative), atomically: true, encoding: .utf8)
    }
    func read(_ relative: String) throws -> String { try String(contentsOf: url(relative), encoding: .utf8) }
    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative).path) }
    func inode(_ relative: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url(relative).resolvingSymlinksInPath().path)[.systemFileNumber] as? Int) ?? -1
    }
    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// The window-manager installers do no harm: an included file of ours, one line in the user's config.
@Suite struct HotkeyInstallTests {
    static let windowManagers: [(HotkeyDesktop, config: String, ours: String, line: String)] = [
        (.sway, ".config/sway/config", ".config/sway/config.d/retrocam", "include ~/.config/sway/config.d/retrocam"),
        (.i3, ".config/i3/config", ".config/i3/config.d/retrocam", "include ~/.config/i3/config.d/retrocam"),
        (.hyprland, ".config/hypr/hyprland.conf", ".config/hypr/retrocam.conf", "source = ~/.config/hypr/retrocam.conf"),
    ]

    @Test(arguments: windowManagers)
    func withoutAConfigNothingIsCreated(_ row: (HotkeyDesktop, config: String, ours: String, line: String)) throws {
        let home = try HotkeyHome()
        defer { home.remove() }
        #expect(throws: HotkeyError.self) { try home.installer.install(row.0) }
        do { _ = try home.installer.install(row.0) } catch {
            #expect(error.message.hasPrefix("You have no ~/\(row.config), so"), "\(error.message)")
            #expect(error.message.contains("nothing was written"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.root.path).isEmpty, "not even a folder")
    }

    @Test(arguments: windowManagers)
    func oneIncludeLineIsAddedOnceAndTheConfigKeptInPlace(_ row: (HotkeyDesktop, config: String, ours: String, line: String)) throws {
        let home = try HotkeyHome()
        defer { home.remove() }
        let theirs = "set $mod Mod4\nbindsym $mod+Return exec foot"   // no newline at the end
        try home.write(row.config, theirs)
        let inode = try home.inode(row.config)
        let first = try home.installer.install(row.0)
        #expect(first.contains("added '\(row.line)' to ~/\(row.config)"), "\(first)")
        #expect(try home.read(row.config) == theirs + "\n" + row.line + "\n")
        #expect(try home.read(row.ours) == HotkeySnippets.text(for: row.0))
        #expect(try home.inode(row.config) == inode, "the user's file is appended to, not replaced")
        let second = try home.installer.install(row.0)
        #expect(second.contains("already includes it") && second.contains("is up to date"), "\(second)")
        #expect(try home.read(row.config) == theirs + "\n" + row.line + "\n", "running it twice adds nothing")
    }

    @Test func aStowedConfigStaysALinkAndItsTargetGetsTheLine() throws {
        let home = try HotkeyHome()
        defer { home.remove() }
        try home.write("dotfiles/sway/.config/sway/config", "set $mod Mod4\n")
        try FileManager.default.createDirectory(at: home.url(".config/sway"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.url(".config/sway/config").path,
                                                   withDestinationPath: "../../dotfiles/sway/.config/sway/config")
        let said = try home.installer.install(.sway)
        #expect(said.contains("(through its link, to \(home.url("dotfiles/sway/.config/sway/config").resolvingSymlinksInPath().path))"), "\(said)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: home.url(".config/sway/config").path)
                == "../../dotfiles/sway/.config/sway/config")
        #expect(try home.read("dotfiles/sway/.config/sway/config") == "set $mod Mod4\ninclude ~/.config/sway/config.d/retrocam\n")
    }

    @Test(arguments: ["include ~/.config/sway/config.d/*", "include $HOME/.config/sway/config.d/retrocam",
                      "include config.d/*", "  include \"~/.config/sway/config.d/retrocam\""])
    func anIncludeThatCoversOurFileIsEnough(_ line: String) throws {
        let home = try HotkeyHome()
        defer { home.remove() }
        try home.write(".config/sway/config", "set $mod Mod4\n\(line)\n")
        let said = try home.installer.install(.sway)
        #expect(said.contains("already includes it"), "\(said)")
        #expect(try home.read(".config/sway/config") == "set $mod Mod4\n\(line)\n")
    }

    @Test func theOldBlockInTheConfigIsTakenOut() throws {
        let home = try HotkeyHome()
        defer { home.remove() }
        let old = """
            set $mod Mod4

            # >>> retrocam hotkeys >>>
            bindsym Mod4+Shift+c exec retrocam shutter press
            # <<< retrocam hotkeys <<<
            bindsym $mod+Return exec foot

            """
        try home.write(".config/i3/config", old)
        let said = try home.installer.install(.i3)
        #expect(said.contains("took the old Retrocam block out of ~/.config/i3/config"), "\(said)")
        #expect(try home.read(".config/i3/config") == "set $mod Mod4\nbindsym $mod+Return exec foot\ninclude ~/.config/i3/config.d/retrocam\n")
    }

    @Test func anOldDotFolderConfigIsUsedWhenItIsTheOneThere() throws {
        let home = try HotkeyHome()
        defer { home.remove() }
        try home.write(".i3/config", "set $mod Mod1\n")
        _ = try home.installer.install(.i3)
        #expect(try home.read(".i3/config") == "set $mod Mod1\ninclude ~/.config/i3/config.d/retrocam\n")
        #expect(!home.exists(".config/i3/config"))
    }

    @Test func kdeGetsOneDesktopFileForKglobalaccelAndOldLaunchersGo() throws {
        let home = try HotkeyHome()
        defer { home.remove() }
        let oldLauncher = "[Desktop Entry]\nType=Application\nName=Retrocam photo\nExec=retrocam photo\nIcon=camera-photo\nNoDisplay=true\nX-KDE-Shortcuts=Meta+Shift+P\n"
        try home.write(".local/share/applications/retrocam-photo.desktop", oldLauncher)
        try home.write(".local/share/applications/retrocam-mine.desktop", "[Desktop Entry]\nExec=retrocam photo\n")
        let said = try home.installer.install(.kde)
        #expect(said.hasPrefix("Wrote ~/.local/share/kglobalaccel/org.retrocam.Hotkeys.desktop"), "\(said)")
        #expect(said.contains("Removed 1 launcher"))
        #expect(!home.exists(".local/share/applications/retrocam-photo.desktop"))
        #expect(home.exists(".local/share/applications/retrocam-mine.desktop"), "a file we did not write stays")
        let file = home.url(".local/share/kglobalaccel/org.retrocam.Hotkeys.desktop")
        let text = try String(contentsOf: file, encoding: .utf8)
        for binding in HotkeyTable.bindings {
            #expect(text.contains("[Desktop Action \(binding.id)]\nName=\(binding.title)\nExec=\(binding.click)\nX-KDE-Shortcuts=Meta+Shift+\(binding.key.uppercased())\n"))
        }
        #expect(!text.contains("NoDisplay"), "kglobalaccel skips NoDisplay files")
        let report = try desktopFileValidate(file)
        #expect(report.status == 0 && report.output.isEmpty, "\(report.output)")
    }

    @Test func gnomeAddsOursOnceAndKeepsTheUsersOwn() throws {
        let calls = CallLog()
        let installer = HotkeyInstaller(environment: [:]) { arguments throws(HotkeyError) in
            calls.append(arguments)
            return arguments[1] == "get" ? "['/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/']\n" : ""
        }
        _ = try installer.install(.gnome)
        let all = calls.all
        #expect(all[0] == ["gsettings", "get", GnomeKeybindings.schema, "custom-keybindings"])
        #expect(all[1][4] == "['/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/', "
            + HotkeyTable.bindings.map { "'\(GnomeKeybindings.pathPrefix)retrocam-\($0.id)/'" }.joined(separator: ", ") + "]")
        #expect(all.count == 2 + 3 * HotkeyTable.bindings.count)
    }

    @Test func shippedSnippetsAreTheGeneratedOnes() throws {
        for desktop in HotkeyDesktop.allCases {
            let shipped = try String(contentsOf: shippedShortcuts.appendingPathComponent("hotkeys/\(HotkeySnippets.shippedName(for: desktop))"),
                                     encoding: .utf8)
            #expect(shipped == HotkeySnippets.text(for: desktop), "shortcuts/hotkeys/\(HotkeySnippets.shippedName(for: desktop)): regenerate with 'retrocam bind \(desktop.rawValue)'")
        }
    }

    @Test func unknownDesktopsListTheNames() {
        #expect(throws: HotkeyError("No desktop called 'plasma'. Desktops: gnome, kde, sway, i3, hyprland.")) {
            try HotkeyDesktop(name: "plasma")
        }
    }
}
