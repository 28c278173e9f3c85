import Foundation

/// A real PipeWire session for tests and benchmarks: `pipewire` and `wireplumber` on a private bus,
/// in a private runtime folder (0700, so nothing else on the machine sees them), and virtual cameras
/// published into it by `gst-launch-1.0 videotestsrc ! pipewiresink mode=provide` with a camera node's
/// properties — what a webcam looks like to the desktop. Stopped by `stop()` (and when released).
public final class PipeWireSession: @unchecked Sendable {
    /// The private runtime folder: PipeWire's socket is `pipewire-0` in it. A process given it as
    /// `XDG_RUNTIME_DIR` reaches this PipeWire.
    public let runtime: URL
    /// The environment PipeWire, WirePlumber and the cameras run with.
    public let environment: [String: String]
    private var children: [Process] = []
    /// PipeWire and WirePlumber, as started last.
    private var daemons: [Process] = []
    private let lock = NSLock()

    /// Starts PipeWire and WirePlumber with `busEnvironment` (a private bus's
    /// `DBUS_SESSION_BUS_ADDRESS`) and waits until the session manager has joined.
    public init(busEnvironment: [String: String]) throws {
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-pw-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var environment = ProcessInfo.processInfo.environment.merging(busEnvironment) { $1 }
        environment["XDG_RUNTIME_DIR"] = runtime.path
        // PipeWire's configuration and state stay out of the real home.
        environment["XDG_STATE_HOME"] = runtime.appendingPathComponent("state").path
        environment["XDG_CONFIG_HOME"] = runtime.appendingPathComponent("config").path
        environment.removeValue(forKey: "PIPEWIRE_REMOTE")
        environment.removeValue(forKey: "PIPEWIRE_RUNTIME_DIR")
        self.environment = environment
        do { try startDaemons() } catch {
            stop()
            throw error
        }
    }

    /// PipeWire restarted under its clients: PipeWire and WirePlumber killed (SIGKILL, as a crash), then
    /// started again; answers once WirePlumber has joined the new PipeWire. Every node of the old one
    /// is gone with it (the cameras published by `publishCamera` too).
    public func restart() throws {
        let old = lock.withLock { () -> [Process] in
            defer { daemons = [] }
            children.removeAll { daemons.contains($0) }
            return daemons
        }
        for process in old.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // A killed PipeWire leaves its socket: gone, a new one is the sign the new PipeWire is there.
        try? FileManager.default.removeItem(at: socket)
        try startDaemons()
    }

    private var socket: URL { runtime.appendingPathComponent("pipewire-0") }

    /// Starts PipeWire, then WirePlumber once PipeWire's socket is there; answers once WirePlumber joined.
    private func startDaemons() throws {
        let pipewire = try launch("/usr/bin/pipewire", [], log: "pipewire.log")
        try waitFor("PipeWire's socket") { FileManager.default.fileExists(atPath: socket.path) }
        let wireplumber = try launch("/usr/bin/wireplumber", [], log: "wireplumber.log")
        lock.withLock { daemons = [pipewire, wireplumber] }
        try waitFor("WirePlumber to join PipeWire") { try pwCli(["ls", "Client"]).contains("WirePlumber") }
    }

    deinit { stop() }

    /// A virtual camera called `name` (its `node.description`, the name the desktop shows) showing
    /// videotestsrc's `pattern` at 640×480 YUY2, 30 fps; answers once PipeWire lists it. With
    /// `offersFormat: false` the provider states no format: PipeWire lists the node, but no reader ever
    /// negotiates with it or gets a frame — a camera that gives no picture.
    public func publishCamera(_ name: String, pattern: String, offersFormat: Bool = true) throws -> VirtualCamera {
        // A camera offers a format: without one PipeWire cannot negotiate with a reader.
        let format = offersFormat ? ["video/x-raw,format=YUY2,width=640,height=480,framerate=30/1", "!"] : []
        let process = try launch("/usr/bin/gst-launch-1.0", [
            "videotestsrc", "is-live=true", "pattern=\(pattern)", "!"] + format + [
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
    public func unplug(_ camera: VirtualCamera) throws {
        camera.unplug()
        try waitFor("PipeWire to drop \(camera.name)") { try !listsNode(camera.name) }
    }

    /// Waits (at most 15 s) until PipeWire no longer lists a node described as `name`; true when it went.
    public func waitUntilGone(_ name: String) throws -> Bool {
        do { try waitFor("PipeWire to drop \(name)") { try !listsNode(name) } } catch is PipeWireSessionError { return false }
        return true
    }

    /// True when PipeWire has a node described as `name`.
    public func listsNode(_ name: String) throws -> Bool {
        try pwCli(["ls", "Node"]).contains("node.description = \"\(name)\"")
    }

    /// The `object.serial` of the node described as `name` (what `pipewiresrc target-object=` takes), as
    /// `pw-dump` shows it now; nil while PipeWire lists no such node.
    public func serial(ofNode name: String) throws -> String? {
        let node = try objects().first { ($0["type"] as? String)?.hasSuffix(":Node") == true
            && (Self.info($0)["props"] as? [String: Any])?["node.description"] as? String == name }
        return node.flatMap { (Self.info($0)["props"] as? [String: Any])?["object.serial"] }.map { "\($0)" }
    }

    /// The states (`active`, `paused`, `error`, …) of the links out of the nodes named `nodeName`, as
    /// `pw-dump` shows PipeWire's objects now.
    public func linkStates(outOf nodeName: String) throws -> [String] {
        let all = try objects()
        let info = Self.info
        let nodes = Set(all.filter { ($0["type"] as? String)?.hasSuffix(":Node") == true
            && (info($0)["props"] as? [String: Any])?["node.name"] as? String == nodeName }.compactMap { $0["id"] as? Int })
        return all.filter { ($0["type"] as? String)?.hasSuffix(":Link") == true }
            .filter { nodes.contains(info($0)["output-node-id"] as? Int ?? -1) }
            .compactMap { info($0)["state"] as? String }
    }

    /// PipeWire's objects now, as `pw-dump` shows them.
    private func objects() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(try run("/usr/bin/pw-dump", []).utf8)) as? [[String: Any]] ?? []
    }

    /// An object's `info` of `pw-dump`.
    private static func info(_ object: [String: Any]) -> [String: Any] { object["info"] as? [String: Any] ?? [:] }

    /// Stops everything it started and removes the runtime folder.
    public func stop() {
        let running = lock.withLock { () -> [Process] in
            defer { children = [] }
            return children
        }
        // SIGKILL: children of a test runner inherit its blocked SIGTERM.
        for process in running.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: runtime)
    }

    /// The ids of the processes it started (for a benchmark's cleanup on a signal).
    public var processIdentifiers: [Int32] { lock.withLock { children.map(\.processIdentifier) } }

    /// What PipeWire, WirePlumber and the cameras logged (for failure messages).
    public var logText: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().map { name in
            let text = (try? String(contentsOf: runtime.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return "== \(name)\n" + text.suffix(2000)
        }.joined(separator: "\n")
    }

    /// `pw-cli ARGS` against this PipeWire (at most 10 s); its output.
    private func pwCli(_ arguments: [String]) throws -> String { try run("/usr/bin/pw-cli", arguments) }

    /// `EXECUTABLE ARGS` against this PipeWire (at most 10 s); its output.
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: timer)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return String(decoding: data, as: UTF8.self)
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
        lock.withLock { children.append(process) }
        return process
    }

    /// Waits for `condition` up to 60 s (PipeWire answers in milliseconds; the margin is for a loaded
    /// machine).
    private func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
        guard Wait.blockingUntil(60, condition) else {
            throw PipeWireSessionError(description: "timed out waiting for \(what); logs:\n\(logText)")
        }
    }
}

/// A virtual camera published into a `PipeWireSession`.
public final class VirtualCamera: @unchecked Sendable {
    /// Its name as the desktop shows it.
    public let name: String
    private let process: Process

    init(name: String, process: Process) {
        self.name = name
        self.process = process
    }

    /// Ends the process that provides it at once (SIGKILL, as pulling a webcam's cable ends its node).
    public func unplug() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// The PipeWire session could not be set up; the sentence says what, with the logs.
public struct PipeWireSessionError: Error, CustomStringConvertible {
    public let description: String
}
