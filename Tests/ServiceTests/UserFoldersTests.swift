import BusNames
import DBus
import RetrocamTesting
import Foundation
import Testing

/// The daemon's folders come from one place: the pictures and videos folders as GLib reads
/// `user-dirs.dirs` (a localized `~/Bilder` included), the XDG base directories, `RETROCAM_*` on top;
/// the sandboxed unit is opened for exactly those; the shipped shortcuts are found beside the program.
@Suite struct UserFoldersTests {
    static var retrocamd: String { ProcessRunner.binDirectory.appendingPathComponent("retrocamd").path }

    /// A config folder whose `user-dirs.dirs` names localized folders under `$HOME`.
    static func localizedConfig(videos: String = "Videos") throws -> URL {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-xdg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try """
            # This file is written by xdg-user-dirs-update
            XDG_DESKTOP_DIR="$HOME/Schreibtisch"
            XDG_PICTURES_DIR="$HOME/Bilder"
            XDG_VIDEOS_DIR="$HOME/\(videos)"
            """.write(to: config.appendingPathComponent("user-dirs.dirs"), atomically: true, encoding: .utf8)
        return config
    }

    @Test func aLocalizedPicturesFolderIsWhereThePhotoGoes() throws {
        let config = try Self.localizedConfig()
        defer { try? FileManager.default.removeItem(at: config) }
        let daemon = try DaemonHarness(extraEnvironment: ["XDG_CONFIG_HOME": config.path])
        defer { daemon.stop() }
        let photo = try daemon.retrocam(["photo"])
        #expect(photo.status == 0, "\(photo.stderr)")
        let path = photo.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(path.hasPrefix(daemon.home.appendingPathComponent("Bilder/Retrocam/").path), "\(path)")
        #expect(MediaProbe.isJPEG(path))
        #expect(!FileManager.default.fileExists(atPath: daemon.home.appendingPathComponent("Pictures").path))
    }

    @Test func theDropInOpensExactlyTheDaemonsFoldersAndVerifies() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-unit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let config = try Self.localizedConfig(videos: "Mes vidéos 100%")
        defer { try? FileManager.default.removeItem(at: config) }
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = home.path
        env["XDG_CONFIG_HOME"] = config.path
        env["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        for key in env.keys where key.hasPrefix("RETROCAM_") { env[key] = nil }
        let printed = try ProcessRunner.run(Self.retrocamd, ["--print-folders"], environment: env)
        #expect(printed.status == 0, "\(printed.stderr)")
        let folders = ["\"\(home.path)/Bilder/Retrocam\"", "\"\(home.path)/Mes vidéos 100%%/Retrocam\"",
                       "\"\(home.path)/state/retrocam\"", "\"\(home.path)/.local/share/Trash\""].joined(separator: " ")
        #expect(printed.stdout.contains("\nReadWritePaths=\(folders)\n"), "\(printed.stdout)")
        #expect(printed.stdout.contains("\nExecStartPre=+/usr/bin/mkdir -p \(folders)\n"))

        // The unit and the drop-in as scripts/install writes them, checked by systemd itself.
        let units = home.appendingPathComponent("systemd-config/systemd/user")
        let runtime = home.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: units.appendingPathComponent("retrocamd.service.d"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let unit = try String(contentsOf: ProcessRunner.packageRoot.appendingPathComponent("dbus/retrocamd.service"), encoding: .utf8)
        #expect(!unit.contains("Pictures") && !unit.contains("Videos"), "the unit names no media folder itself")
        try unit.replacingOccurrences(of: "@bindir@", with: ProcessRunner.binDirectory.path)
            .replacingOccurrences(of: "@docdir@", with: ProcessRunner.packageRoot.path)
            .write(to: units.appendingPathComponent("retrocamd.service"), atomically: true, encoding: .utf8)
        try printed.stdout.write(to: units.appendingPathComponent("retrocamd.service.d/folders.conf"), atomically: true, encoding: .utf8)
        var systemd = ProcessInfo.processInfo.environment
        systemd["XDG_CONFIG_HOME"] = home.appendingPathComponent("systemd-config").path
        systemd["XDG_RUNTIME_DIR"] = runtime.path
        let verify = try ProcessRunner.run(SystemdUnitTests.analyze, ["verify", "--user", units.appendingPathComponent("retrocamd.service").path],
                                           environment: systemd)
        #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify.stderr)")
        // The same check notices a drop-in line it cannot read: it does read the drop-in.
        try (printed.stdout + "ReadWritePaths=\"/unterminated\n").write(to: units.appendingPathComponent("retrocamd.service.d/folders.conf"),
                                                                        atomically: true, encoding: .utf8)
        let broken = try ProcessRunner.run(SystemdUnitTests.analyze, ["verify", "--user", units.appendingPathComponent("retrocamd.service").path],
                                           environment: systemd)
        #expect(broken.stderr.contains("folders.conf"), "\(broken.stderr)")
    }

    @Test func retrocamVariablesStillWin() throws {
        var env = ProcessInfo.processInfo.environment
        env["RETROCAM_PICTURES_DIR"] = "/srv/photos"
        env["RETROCAM_VIDEOS_DIR"] = "/srv/clips"
        let printed = try ProcessRunner.run(Self.retrocamd, ["--print-folders"], environment: env)
        #expect(printed.stdout.contains("ReadWritePaths=\"/srv/photos\" \"/srv/clips\" "), "\(printed.stdout)")
        env["RETROCAM_PICTURES_DIR"] = "/srv/odd\"name"
        let refused = try ProcessRunner.run(Self.retrocamd, ["--print-folders"], environment: env)
        #expect(refused.status == 1 && refused.stderr.contains("cannot be written into a systemd unit"), "\(refused.stderr)")
    }

    /// An installed copy (`PREFIX/bin/retrocamd`) finds the shortcuts in `PREFIX/share/retrocam/shortcuts`,
    /// and the binary carries no path of the build's checkout.
    @Test func shippedShortcutsAreFoundBesideTheProgram() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let shortcuts = prefix.appendingPathComponent("share/retrocam/shortcuts")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: shortcuts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.retrocamd, toPath: prefix.appendingPathComponent("bin/retrocamd").path)
        try FileManager.default.copyItem(at: ProcessRunner.packageRoot.appendingPathComponent("shortcuts/noir-portrait.retrocam"),
                                         to: shortcuts.appendingPathComponent("noir-portrait.retrocam"))
        let binary = try Data(contentsOf: URL(fileURLWithPath: Self.retrocamd))
        #expect(binary.range(of: Data((ProcessRunner.packageRoot.path + "/shortcuts").utf8)) == nil, "the checkout's shortcuts folder is in the binary")

        let bus = try PrivateBus()
        defer { bus.stop() }
        var env = bus.environment
        env["HOME"] = prefix.appendingPathComponent("home").path
        env["XDG_DATA_DIRS"] = prefix.appendingPathComponent("nothing-here").path
        env["RETROCAM_SOURCE"] = "synthetic"
        let process = Process()
        process.executableURL = prefix.appendingPathComponent("bin/retrocamd")
        process.arguments = ["--source", "synthetic", "--address", bus.address, "--no-portal", "--no-notifications"]
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { ProcessRunner.stop(process) }
        var listed = ProcessOutput(status: -1, stdout: "", stderr: "")
        // The installed daemon in another process: asked until it answers (or is gone).
        _ = Wait.blockingUntil(60) {
            listed = try ProcessRunner.run("/usr/bin/busctl", ["--address=\(bus.address)", "call", BusContract.busName, BusContract.objectPath,
                                                               BusContract.shortcutsInterface, "ListShortcuts"], environment: env)
            return listed.status == 0 || !process.isRunning
        }
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\"noir-portrait\"") && listed.stdout.contains(shortcuts.path), "\(listed.stdout)")
    }
}
