import DBus
import Foundation
import Testing

/// A real PipeWire session for a test: `pipewire` and `wireplumber` on the test's private bus, in a
/// private runtime folder (0700, so nothing else on the machine sees them), and virtual cameras
/// published into it by `gst-launch-1.0 videotestsrc ! pipewiresink mode=provide` with a camera
/// node's properties — what a webcam looks like to the desktop. Stopped by `stop()`.
final class PipeWireFixture: @unchecked Sendable {
    /// The private runtime folder: PipeWire's socket is `pipewire-0` in it.
    let runtime: URL
    /// What a process needs to reach this PipeWire: the bus and the runtime folder.
    let environment: [String: String]
    private var daemons: [Process] = []
    private let lock = NSLock()

    /// Starts PipeWire and WirePlumber on `bus` and waits until the session manager has joined.
    init(bus: PrivateBus) throws {
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-pw-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var environment = bus.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        // PipeWire's configuration and state stay out of the real home.
        environment["XDG_STATE_HOME"] = runtime.appendingPathComponent("state").path
        environment["XDG_CONFIG_HOME"] = runtime.appendingPathComponent("config").path
        environment.removeValue(forKey: "PIPEWIRE_REMOTE")
        environment.removeValue(forKey: "PIPEWIRE_RUNTIME_DIR")
        self.environment = environment
        do {
            _ = try launch("/usr/bin/pipewire", [], log: "pipewire.log")
            try waitFor("PipeWire's socket") { FileManager.default.fileExists(atPath: runtime.appendingPathComponent("pipewire-0").path) }
            _ = try launch("/usr/bin/wireplumber", [], log: "wireplumber.log")
            try waitFor("WirePlumber to join PipeWire") { try pwCli(["ls", "Client"]).contains("WirePlumber") }
        } catch {
            stop()
            throw error
        }
    }

    /// A virtual camera called `name` (its `node.description`, the name the desktop shows) showing
    /// videotestsrc's `pattern` at 640×480 YUY2, 30 fps; answers once PipeWire lists it.
    func publishCamera(_ name: String, pattern: String) throws -> VirtualCamera {
        let process = try launch("/usr/bin/gst-launch-1.0", [
            "videotestsrc", "is-live=true", "pattern=\(pattern)", "!",
            // A camera offers a format: without one PipeWire cannot negotiate with a consumer.
            "video/x-raw,format=YUY2,width=640,height=480,framerate=30/1", "!",
            "pipewiresink", "mode=provide",
            // node.pause-on-idle=false: pipewiresink's provider does not start again once PipeWire has
            // paused it between two readers (a real camera's node does); seen with PipeWire 0.3.65.
            "stream-properties=properties,media.class=Video/Source,media.role=Camera,node.description=\(name),"
                + "node.pause-on-idle=(string)false",
        ], log: "camera-\(name).log")
        let camera = VirtualCamera(name: name, process: process)
        do {
            try waitFor("PipeWire to list \(name)") { try listsNode(name) }
        } catch {
            camera.unplug()
            throw error
        }
        return camera
    }

    /// Ends `camera`'s process and waits until PipeWire no longer lists it.
    func unplug(_ camera: VirtualCamera) throws {
        camera.unplug()
        try waitFor("PipeWire to drop \(camera.name)") { try !listsNode(camera.name) }
    }

    /// True when PipeWire has a node described as `name`.
    func listsNode(_ name: String) throws -> Bool {
        try pwCli(["ls", "Node"]).contains("node.description = \"\(name)\"")
    }

    /// Stops everything it started and removes the runtime folder.
    func stop() {
        let running = lock.withLock { () -> [Process] in
            defer { daemons = [] }
            return daemons
        }
        // SIGKILL: children of a test inherit its blocked SIGTERM.
        for process in running.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: runtime)
    }

    /// What PipeWire, WirePlumber and the cameras logged (for failure messages).
    var logText: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().map { name in
            let text = (try? String(contentsOf: runtime.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return "== \(name)\n" + text.suffix(2000)
        }.joined(separator: "\n")
    }

    private func pwCli(_ arguments: [String]) throws -> String {
        try ProcessRunner.run("/usr/bin/pw-cli", arguments, environment: environment, timeout: 10).stdout
    }

    private func launch(_ executable: String, _ arguments: [String], log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let logURL = runtime.appendingPathComponent(log)
        FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let handle = try FileHandle(forWritingTo: logURL)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        lock.withLock { daemons.append(process) }
        return process
    }

    /// Checks `condition` every 50 ms for up to 15 s (PipeWire answers in milliseconds; the margin is
    /// for a loaded machine).
    private func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw HarnessError("timed out waiting for \(what); logs:\n\(logText)")
    }
}

/// A virtual camera published into a `PipeWireFixture`.
final class VirtualCamera: @unchecked Sendable {
    /// Its name as the desktop shows it.
    let name: String
    private let process: Process

    init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    /// Ends the process that provides it at once (SIGKILL, as pulling a webcam's cable ends its node).
    func unplug() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
