import BusNames
import DBus
import RetrocamTesting
import Foundation

/// Real desktop components for the end-to-end tests, each on the test's private bus: an X server
/// (`Xvfb -displayfd`), the notification server `dunst` with its `dunstctl`, the desktop's permission
/// store (`xdg-permission-store --replace`, its database in a temporary folder), and sandboxed callers
/// made with `bwrap` and a `/.flatpak-info` naming an app id.
enum DesktopPeers {
    static let xvfb = "/usr/bin/Xvfb", dunst = "/usr/bin/dunst", dunstctl = "/usr/bin/dunstctl"
    static let permissionStore = "/usr/libexec/xdg-permission-store", bwrap = "/usr/bin/bwrap", python = "/usr/bin/python3"

    /// True when every program is installed (CI installs them from scripts/packages.sh).
    static var available: Bool {
        [xvfb, dunst, dunstctl, permissionStore, bwrap, python].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A long-running helper process started by a test, stopped by pid.
final class Peer: @unchecked Sendable {
    let process = Process()

    init(_ executable: String, _ arguments: [String], environment: [String: String], stdout: Pipe? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    func signal(_ number: Int32) { if process.isRunning { kill(pid, number) } }

    func stop() {
        signal(SIGCONT)
        signal(SIGTERM)
        _ = Wait.blockingUntil(10) { !process.isRunning }
        signal(SIGKILL)
        process.waitUntilExit()
    }
}

/// An X server of our own (`-displayfd` picks a free display) and dunst on `bus`, driven by dunstctl.
final class NotificationDesk: @unchecked Sendable {
    let display: String
    private let xvfb: Peer
    private let dunst: Peer
    private let environment: [String: String]
    private let folder: URL

    init(bus: PrivateBus) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-dunst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = Pipe()
        // -noreset: a server resets when its last client leaves, dropping a client that connects just then.
        xvfb = try Peer(DesktopPeers.xvfb, ["-displayfd", "1", "-noreset", "-nolisten", "tcp", "-screen", "0", "640x480x24"],
                        environment: ProcessInfo.processInfo.environment, stdout: out)
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let number = Int(line) else { xvfb.stop(); throw HarnessError("Xvfb printed no display: '\(line)'") }
        display = ":\(number)"
        var environment = bus.environment
        environment["DISPLAY"] = display
        environment["HOME"] = folder.path
        environment["XDG_CONFIG_HOME"] = folder.path
        self.environment = environment
        // Notifications stay until closed, so the tests read them at their own pace.
        let config = folder.appendingPathComponent("dunstrc")
        try "[global]\n    notification_limit = 0\n[urgency_normal]\n    timeout = 0\n[urgency_low]\n    timeout = 0\n"
            .write(to: config, atomically: true, encoding: .utf8)
        dunst = try Peer(DesktopPeers.dunst, ["-config", config.path], environment: environment)
        let dunst = dunst
        if try bus.waitForOwner(of: "org.freedesktop.Notifications", pid: dunst.pid, alive: { dunst.process.isRunning }) { return }
        stop()
        throw HarnessError("dunst did not take org.freedesktop.Notifications")
    }

    /// Runs `dunstctl ARGS`.
    @discardableResult
    func control(_ arguments: [String]) throws -> ProcessOutput {
        try ProcessRunner.run(DesktopPeers.dunstctl, arguments, environment: environment, timeout: 10)
    }

    /// Notifications on screen now.
    func displayed() throws -> Int { Int(try control(["count", "displayed"]).text) ?? -1 }

    /// Clicks the action of the newest notification (dunst invokes the only action there is).
    func clickAction() throws { try control(["action", "0"]) }

    /// How many notifications earlier reads returned (dunst keeps its history).
    private var read = 0

    /// Closes everything on screen and answers what was shown since the last read, newest first: (summary, body).
    func closeAllAndRead() throws -> [(summary: String, body: String)] {
        try control(["close-all"])
        let json = try control(["history"]).stdout
        guard let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let groups = root["data"] as? [[[String: Any]]] else { return [] }
        func field(_ entry: [String: Any], _ key: String) -> String { ((entry[key] as? [String: Any])?["data"] as? String) ?? "" }
        let notes = groups.flatMap { $0 }.map { (summary: field($0, "summary"), body: field($0, "body")) }
        defer { read = notes.count }
        return Array(notes.prefix(max(0, notes.count - read)))
    }

    /// Stops and resumes the server, to play a stalled one.
    func pause() { dunst.signal(SIGSTOP) }
    func resume() { dunst.signal(SIGCONT) }

    func stop() {
        dunst.stop()
        xvfb.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The desktop's permission store on `bus`, with its database in a temporary folder.
final class PermissionStorePeer: @unchecked Sendable {
    let peer: Peer
    let folder: URL
    let bus: PrivateBus

    init(bus: PrivateBus) throws {
        self.bus = bus
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = bus.environment
        environment["XDG_DATA_HOME"] = folder.path
        environment["HOME"] = folder.path
        peer = try Peer(DesktopPeers.permissionStore, ["--replace"], environment: environment)
        let peer = peer
        if try bus.waitForOwner(of: "org.freedesktop.impl.portal.PermissionStore", pid: peer.pid, alive: { peer.process.isRunning }) { return }
        stop()
        throw HarnessError("xdg-permission-store did not take its name")
    }

    /// Stores `permissions` for `appID` in the camera entry, as the Camera portal does when the user answers.
    func setCamera(_ appID: String, _ permissions: [String]) throws {
        let connection = try bus.connect()
        defer { connection.close() }
        _ = try connection.callSync(destination: "org.freedesktop.impl.portal.PermissionStore",
                                    path: "/org/freedesktop/impl/portal/PermissionStore",
                                    interface: "org.freedesktop.impl.portal.PermissionStore", method: "SetPermission",
                                    [.string("devices"), .bool(true), .string("camera"), .string(appID), .strings(permissions)])
    }

    func stop() {
        peer.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A program in a Flatpak-like sandbox: `bwrap` with a root of its own holding a `/.flatpak-info`
/// that names `appID` (never `--dev-bind / /`, which would create the file on the host's root).
struct SandboxedCaller {
    let appID: String
    let environment: [String: String]

    /// The dbus-python client run inside: calls METHOD of INTERFACE on the camera with typed arguments
    /// (`s:text`, `b:true`, `i:3`, `d:{"value":"x"}` for an a{sv}) and prints `OK …` or `ERR name: message`.
    static let script = #"""
    import dbus, json, sys
    interface, method = sys.argv[1], sys.argv[2]
    def arg(text):
        kind, value = text.split(":", 1)
        if kind == "s": return dbus.String(value)
        if kind == "b": return dbus.Boolean(value == "true")
        if kind == "i": return dbus.Int32(int(value))
        if kind == "d": return dbus.Dictionary({k: dbus.String(v) for k, v in json.loads(value).items()}, signature="sv")
        raise SystemExit("bad argument " + text)
    bus = dbus.SessionBus()
    camera = bus.get_object("\#(BusContract.busName)", "\#(BusContract.objectPath)", introspect=False)
    try:
        reply = camera.get_dbus_method(method, interface)(*[arg(a) for a in sys.argv[3:]], timeout=60)
        print("OK", json.dumps(reply if not isinstance(reply, dict) else {str(k): str(v) for k, v in reply.items()}))
    except dbus.DBusException as error:
        print("ERR", error.get_dbus_name() + ":", error.get_dbus_message())
    """#

    /// Runs one call from inside the sandbox and answers its output line.
    func call(_ interface: String, _ method: String, _ arguments: [String] = [], folder: URL) throws -> String {
        let script = folder.appendingPathComponent("caller.py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        let launcher = try self.launcher(folder: folder)
        let output = try ProcessRunner.run(launcher[0], Array(launcher.dropFirst()) + [DesktopPeers.python, script.path, interface, method] + arguments,
                                           environment: environment, timeout: 90)
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + (output.status == 0 ? "" : " [status \(output.status): \(output.stderr)]")
    }

    /// The command that runs a program in this app's sandbox (the program and its arguments follow it);
    /// its `/.flatpak-info` is written under `folder`.
    func launcher(folder: URL) throws -> [String] {
        let info = folder.appendingPathComponent("flatpak-info-\(appID)")
        try "[Application]\nname=\(appID)\nruntime=runtime/org.freedesktop.Platform/x86_64/23.08\n".write(to: info, atomically: true, encoding: .utf8)
        return [DesktopPeers.bwrap, "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
                "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin", "--ro-bind", "/etc", "/etc",
                "--bind", "/tmp", "/tmp", "--proc", "/proc", "--dev", "/dev",
                "--ro-bind", info.path, "/.flatpak-info"]
    }
}
