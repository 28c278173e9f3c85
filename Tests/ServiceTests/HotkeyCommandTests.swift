import Foundation
import RetrocamTesting
import Testing

/// `retrocam bind DESKTOP install` as a user runs it, against the desktops' real tools: gsettings with
/// GNOME's schema, bubblewrap for a dotfile that cannot be written.
@Suite struct HotkeyCommandTests {
    static var retrocam: String { ProcessRunner.binDirectory.appendingPathComponent("retrocam").path }

    /// A temporary home, and the environment of a user living there (GSettings in a key file).
    struct Home {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-bind-\(UUID().uuidString)")
        var environment: [String: String] {
            var env = ProcessInfo.processInfo.environment
            env["HOME"] = root.path
            env["XDG_CONFIG_HOME"] = root.appendingPathComponent(".config").path
            env["XDG_DATA_HOME"] = root.appendingPathComponent(".local/share").path
            env["GSETTINGS_BACKEND"] = "keyfile"
            env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/bus"
            return env
        }
        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static let schema = "org.gnome.settings-daemon.plugins.media-keys"
    static let prefix = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"

    func customKeybindings(_ home: Home) throws -> [String] {
        let output = try ProcessRunner.run("/usr/bin/gsettings", ["get", Self.schema, "custom-keybindings"], environment: home.environment)
        #expect(output.status == 0, "\(output.stderr)")
        return output.text.split(separator: "'").enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }

    @Test func gnomeTwiceAddsNothingAndKeepsTheUsersShortcut() throws {
        let home = Home()
        defer { home.remove() }
        try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)
        let mine = Self.prefix + "custom0/"
        _ = try ProcessRunner.run("/usr/bin/gsettings", ["set", Self.schema, "custom-keybindings", "['\(mine)']"], environment: home.environment)
        let ours = ["shutter", "action", "photo", "record"].map { Self.prefix + "retrocam-\($0)/" }
        let script = ProcessRunner.packageRoot.appendingPathComponent("shortcuts/hotkeys/gnome.sh").path
        for run in 1...2 {
            let output = try ProcessRunner.run("/bin/sh", [script], environment: home.environment)
            #expect(output.status == 0, "gnome.sh run \(run): \(output.stderr)")
            #expect(try customKeybindings(home) == [mine] + ours, "after gnome.sh run \(run)")
        }
        for run in 1...2 {
            let output = try ProcessRunner.run(Self.retrocam, ["bind", "gnome", "install"], environment: home.environment)
            #expect(output.status == 0, "install run \(run): \(output.stderr)")
            #expect(try customKeybindings(home) == [mine] + ours, "after install run \(run)")
        }
        let binding = try ProcessRunner.run("/usr/bin/gsettings", ["get", "\(Self.schema).custom-keybinding:\(ours[0])", "binding"],
                                            environment: home.environment)
        #expect(binding.text == "'<Super><Shift>x'")
        let command = try ProcessRunner.run("/usr/bin/gsettings", ["get", "\(Self.schema).custom-keybinding:\(ours[0])", "command"],
                                            environment: home.environment)
        #expect(command.text == "'retrocam shutter click'")
    }

    @Test func gnomeFromAnEmptyList() throws {
        let home = Home()
        defer { home.remove() }
        try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)
        let script = ProcessRunner.packageRoot.appendingPathComponent("shortcuts/hotkeys/gnome.sh").path
        #expect(try ProcessRunner.run("/bin/sh", [script], environment: home.environment).status == 0)
        #expect(try customKeybindings(home).count == 4)
    }

    /// A stow config whose dotfiles folder cannot be written (mounted read-only by bubblewrap): refused
    /// with a sentence, nothing written, the link untouched.
    @Test func aDotfileThatCannotBeWrittenIsRefused() throws {
        let home = Home()
        defer { home.remove() }
        let dotfiles = home.root.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        try "set $mod Mod4\n".write(to: dotfiles.appendingPathComponent("sway-config"), atomically: true, encoding: .utf8)
        let swayFolder = home.root.appendingPathComponent(".config/sway")
        try FileManager.default.createDirectory(at: swayFolder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: swayFolder.appendingPathComponent("config").path,
                                                   withDestinationPath: dotfiles.appendingPathComponent("sway-config").path)
        let output = try ProcessRunner.run("/usr/bin/bwrap", [
            "--bind", "/", "/", "--ro-bind", dotfiles.path, dotfiles.path, "--dev", "/dev", "--proc", "/proc",
            Self.retrocam, "bind", "sway", "install",
        ], environment: home.environment)
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("links to \(dotfiles.path)/sway-config, which cannot be written"), "\(output.stderr)")
        #expect(output.stderr.contains("Add this line to it where you keep it: include ~/.config/sway/config.d/retrocam"))
        #expect(try String(contentsOf: dotfiles.appendingPathComponent("sway-config"), encoding: .utf8) == "set $mod Mod4\n")
        #expect(!FileManager.default.fileExists(atPath: swayFolder.appendingPathComponent("config.d").path), "nothing written")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: swayFolder.appendingPathComponent("config").path)
                == dotfiles.appendingPathComponent("sway-config").path)
    }
}
