import DBus
import Foundation
import RetrocamTesting
import Testing

/// A desktop for one viewfinder: the real daemon (its preview stamped with capture times) on a
/// private session bus, an `Xvfb` display of its own (`-displayfd`), the AT-SPI bus on that session
/// bus (`at-spi-bus-launcher --launch-immediately`, then `at-spi2-registryd`), GSettings in a keyfile
/// of the test's home, a `spd-say` that writes down what it was asked to say, and
/// `retrocam-viewfinder --verbose` with the ATK bridge. Everything started here is stopped by `stop()`.
final class ViewfinderSession: @unchecked Sendable {
    private(set) var daemon: DaemonHarness
    /// The test's own folder: runtime dir, GSettings keyfile, fake `spd-say`, logs, the report.
    let folder: URL
    let display: String
    private var helpers: [Spawned] = []
    private(set) var viewfinder: Spawned?
    /// Where `spd-say` writes what it was given.
    var spoken: String { (try? String(contentsOf: folder.appendingPathComponent("spoken.txt"), encoding: .utf8)) ?? "" }
    /// The viewfinder's stderr (`--verbose`).
    var log: String { (try? String(contentsOf: folder.appendingPathComponent("viewfinder.log"), encoding: .utf8)) ?? "" }
    /// The JSON `--report` writes at exit.
    var reportURL: URL { folder.appendingPathComponent("report.json") }

    /// Starts everything with these GSettings (`schema` → `key` → GVariant text) and the intro
    /// staying `introMilliseconds` unless skipped.
    init(settings: [String: [String: String]], introMilliseconds: Int = 60_000) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-vf-\(UUID().uuidString.prefix(8))")
        let runtime = folder.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try Self.writeKeyfile(settings, in: folder)
        try Self.writeFakeSpeech(in: folder)
        daemon = try DaemonHarness(extraEnvironment: Self.daemonEnvironment(folder))
        var started: [Spawned] = []
        do {
            display = try Self.startDisplay(&started, environment: daemon.environment, log: folder.appendingPathComponent("xvfb.log"))
        } catch {
            started.forEach { $0.stop() }
            daemon.stop()
            throw error
        }
        helpers = started
        do {
            try startAccessibilityBus()
            try startViewfinder(introMilliseconds: introMilliseconds)
        } catch {
            stop()
            throw error
        }
    }

    /// The environment of the desktop's programs: the bus, the display, the runtime dir, GSettings.
    var environment: [String: String] {
        var environment = daemon.environment
        environment["DISPLAY"] = display
        environment["XDG_RUNTIME_DIR"] = folder.appendingPathComponent("run").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["PATH"] = folder.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }

    /// Runs one check of `viewfinder_check.py` (`/usr/bin/python3`, where pyatspi lives).
    func check(_ name: String, _ options: [String: String] = [:], timeout: TimeInterval = 120) throws -> ProcessOutput {
        let script = ProcessRunner.packageRoot.appendingPathComponent("Tests/ServiceTests/Viewfinder/viewfinder_check.py")
        let arguments = [script.path, name] + options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return try ProcessRunner.run("/usr/bin/python3", arguments, environment: environment, timeout: timeout)
    }

    /// Runs a check and records an issue with its output when it fails.
    @discardableResult
    func expectCheck(_ name: String, _ options: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try check(name, options)
        #expect(result.status == 0, "\(name): \(result.stdout)\(result.stderr)\nviewfinder log:\n\(log.suffix(3000))",
                sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Changes a desktop setting while the viewfinder runs (`gsettings set`, keyfile backend).
    func set(_ schema: String, _ key: String, _ value: String) throws {
        let result = try ProcessRunner.run("/usr/bin/gsettings", ["set", schema, key, value], environment: environment)
        #expect(result.status == 0, "gsettings set \(schema) \(key) \(value): \(result.stderr)")
    }

    /// Kills the daemon with SIGKILL (a take in progress is cut) and starts it again on the same bus
    /// and home, as a crash and a restart would.
    func restartDaemonAfterKill() throws {
        daemon.terminate(signal: SIGKILL)
        daemon = try DaemonHarness(extraEnvironment: Self.daemonEnvironment(folder), reusing: daemon)
    }

    /// The daemon's runtime dir (where the preview socket goes) and stamped preview frames.
    private static func daemonEnvironment(_ folder: URL) -> [String: String] {
        ["XDG_RUNTIME_DIR": folder.appendingPathComponent("run").path, "RETROCAM_PREVIEW_STAMP": "1"]
    }

    /// Closes the viewfinder with SIGTERM (as a session ending does) and waits for it to exit;
    /// answers its exit code (nil when it had to be killed).
    @discardableResult
    func stopViewfinder() -> Int32? {
        guard let viewfinder else { return nil }
        self.viewfinder = nil
        viewfinder.stop(SIGTERM, seconds: 15)
        return viewfinder.exitCode
    }

    /// Stops the viewfinder, the AT-SPI bus, the display and the daemon; removes the folder.
    func stop() {
        stopViewfinder()
        for helper in helpers.reversed() { helper.stop() }
        helpers = []
        daemon.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Copies the screenshots a check wrote into the CI artifacts folder the README names.
    static var artifacts: URL {
        let folder = ProcessRunner.packageRoot.appendingPathComponent(".build/artifacts/viewfinder")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: - Starting

    private static func writeKeyfile(_ settings: [String: [String: String]], in folder: URL) throws {
        let directory = folder.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = settings.sorted { $0.key < $1.key }.map { schema, keys in
            "[\(schema.replacingOccurrences(of: ".", with: "/"))]\n"
                + keys.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\n" }.joined()
        }.joined(separator: "\n")
        try text.write(to: directory.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
    }

    private static func writeFakeSpeech(in folder: URL) throws {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("spd-say")
        let spoken = folder.appendingPathComponent("spoken.txt").path
        try "#!/bin/sh\n[ \"$1\" = \"--\" ] && shift\nprintf '%s\\n' \"$*\" >> '\(spoken)'\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    }

    /// `Xvfb -displayfd 3`: the display number it picked arrives on a pipe. `-noreset`: an X server
    /// resets when its last client leaves, and the AT-SPI launcher and registry each connect for a moment
    /// as the desktop starts; a reset would drop the launcher's `AT_SPI_BUS` property from the root
    /// window, and a client connecting just then would fail to open the display.
    private static func startDisplay(_ helpers: inout [Spawned], environment: [String: String], log: URL) throws -> String {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw HarnessError("no pipe for Xvfb -displayfd (errno \(errno))") }
        defer { close(fds[0]) }
        let xvfb = try Spawned("/usr/bin/Xvfb", ["-displayfd", "3", "-noreset", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                               environment: environment, log: log, pipeTo3: fds[1])
        close(fds[1])
        helpers.append(xvfb)
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 64)
        while !text.contains("\n") {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { throw HarnessError("Xvfb exited before it named its display: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")") }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int(number) != nil else { throw HarnessError("Xvfb named no display number: '\(text.debugDescription)'") }
        return ":" + number
    }

    private func startAccessibilityBus() throws {
        let launcher = try launch("/usr/libexec/at-spi-bus-launcher", ["--launch-immediately"], log: "atspi.log")
        helpers.append(launcher)
        let connection = try daemon.connect()
        defer { connection.close() }
        let up = daemon.waitUntil(20) {
            let reply = try? connection.callSync(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                 interface: "org.freedesktop.DBus", method: "NameHasOwner",
                                                 [.string("org.a11y.Bus")])
            return reply?.first?.boolValue == true
        }
        guard up else { throw HarnessError("at-spi-bus-launcher did not take org.a11y.Bus") }
        helpers.append(try launch("/usr/libexec/at-spi2-registryd", [], log: "registryd.log"))
    }

    private func startViewfinder(introMilliseconds: Int) throws {
        var environment = environment
        environment["GTK_MODULES"] = "gail:atk-bridge"
        environment["NO_AT_BRIDGE"] = "0"
        environment["RETROCAM_VIEWFINDER_AUDIO_SINK"] = "fakesink"
        viewfinder = try launch(ProcessRunner.binDirectory.appendingPathComponent("retrocam-viewfinder").path,
                                ["--verbose", "--intro-ms", "\(introMilliseconds)", "--report", reportURL.path],
                                log: "viewfinder.log", environment: environment)
    }

    private func launch(_ path: String, _ arguments: [String], log: String,
                        environment: [String: String]? = nil) throws -> Spawned {
        try Spawned(path, arguments, environment: environment ?? self.environment, log: folder.appendingPathComponent(log))
    }
}
