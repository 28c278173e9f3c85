import BusNames
import DBus
import RetrocamTesting
import Foundation
import Testing

/// A real `retrocamd` on the synthetic camera, on its own private `dbus-daemon`, with its
/// pictures, videos, state and trash in a temporary home. Stopped by `stop()`.
final class DaemonHarness: @unchecked Sendable {
    static let busName = BusContract.busName
    static let path = BusContract.objectPath
    static let intents = BusContract.intentsInterface
    static let camera = BusContract.cameraInterface

    let bus: PrivateBus
    let home: URL
    let process: Process
    /// The daemon's stderr, kept in a file of the temporary home.
    let logURL: URL

    /// Starts a bus and a daemon, and waits until the daemon owns its name. `extraEnvironment` is added
    /// to the daemon's environment; with `reusing`, the daemon starts on that harness's bus and home
    /// (a restart after the other daemon was stopped or killed), or on `bus`/`home` when given (a bus a
    /// PipeWire fixture already uses). `source` is retrocamd's `--source`; `arguments` come after it.
    init(extraEnvironment: [String: String] = [:], reusing previous: DaemonHarness? = nil,
         source: String = "synthetic", bus given: PrivateBus? = nil, home givenHome: URL? = nil,
         arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        bus = try given ?? previous?.bus ?? PrivateBus()
        home = givenHome ?? previous?.home
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = ProcessRunner.binDirectory.appendingPathComponent("retrocamd")
        process.arguments = ["--source", source] + arguments + ["--address", bus.address]
        process.environment = Self.environment(bus: bus, home: home).merging(extraEnvironment) { $1 }
        logURL = home.appendingPathComponent(previous == nil ? "retrocamd.log" : "retrocamd-\(UUID().uuidString.prefix(8)).log")
        FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardOutput = FileHandle.nullDevice
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        try waitForName(sourceLocation: sourceLocation)
    }

    /// Signalled when the daemon exits (each waiter signals it again for the next).
    private let exited = DispatchSemaphore(value: 0)

    /// The environment for the daemon and for clients: the private bus and the temporary home.
    var environment: [String: String] { Self.environment(bus: bus, home: home) }

    /// The environment of a daemon (and its clients) on `bus` with its folders under `home`.
    static func environment(bus: PrivateBus, home: URL) -> [String: String] {
        var env = bus.environment
        env["HOME"] = home.path
        env["XDG_PICTURES_DIR"] = home.appendingPathComponent("Pictures").path
        env["XDG_VIDEOS_DIR"] = home.appendingPathComponent("Videos").path
        env["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        env["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        env["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        env["RETROCAM_SOURCE"] = "synthetic"
        // The checkout's shortcuts (an installed daemon finds them beside itself, under PREFIX/share).
        env["RETROCAM_SHORTCUTS_DIRS"] = ProcessRunner.packageRoot.appendingPathComponent("shortcuts").path
        return env
    }

    /// Waits until the daemon has taken its name (60 s at most: a loaded machine starts it slowly), or
    /// has exited first.
    private func waitForName(sourceLocation: SourceLocation) throws {
        let process = process
        guard try bus.waitForOwner(of: Self.busName, pid: process.processIdentifier, alive: { process.isRunning }) else {
            throw HarnessError("retrocamd did not take \(Self.busName) (running: \(process.isRunning)); log: \(logText)")
        }
    }

    /// What the daemon has logged so far.
    var logText: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Runs `busctl --address=… ARGS`.
    func busctl(_ arguments: [String]) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/busctl", ["--address=\(bus.address)"] + arguments, environment: environment)
    }

    /// `busctl call` on the camera object.
    func busctlCall(_ interface: String, _ method: String, _ signatureAndArgs: [String] = []) throws -> ProcessOutput {
        try busctl(["call", "--", Self.busName, Self.path, interface, method] + signatureAndArgs)
    }

    /// `gdbus call` on the camera object (the bus comes from DBUS_SESSION_BUS_ADDRESS).
    func gdbusCall(_ interface: String, _ method: String, _ args: [String] = []) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/gdbus", ["call", "--session", "--dest", Self.busName, "--object-path", Self.path,
                                                 "--method", "\(interface).\(method)"] + args, environment: environment)
    }

    /// `dbus-send --print-reply` on the camera object.
    func dbusSend(_ interface: String, _ method: String, _ args: [String] = []) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=\(Self.busName)", Self.path,
                                                     "\(interface).\(method)"] + args, environment: environment)
    }

    /// Runs the `retrocam` client against this daemon.
    func retrocam(_ arguments: [String], timeout: TimeInterval = 30) throws -> ProcessOutput {
        try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent("retrocam").path, arguments,
                              environment: environment, timeout: timeout)
    }

    /// A client connection of our own, for calls the command-line tools cannot make (1 MB strings).
    func connect() throws -> Connection { try bus.connect() }

    /// True when the daemon answers `Peer.Ping`.
    func answersPing() -> Bool {
        (try? busctlCall("org.freedesktop.DBus.Peer", "Ping").status) == 0
    }

    /// Sends SIGTERM and waits for the daemon to exit; answers its exit status.
    @discardableResult
    func terminate(signal: Int32 = SIGTERM, timeout: TimeInterval = 20) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        if !waitForExit(timeout: timeout) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Waits for the daemon to exit by itself, at most `timeout` seconds; true when it did.
    func waitForExit(timeout: TimeInterval) -> Bool {
        guard exited.wait(timeout: .now() + timeout) == .success else { return false }
        exited.signal()
        return true
    }

    /// Stops the daemon and the bus and removes the temporary home.
    func stop() {
        terminate()
        bus.stop()
        try? FileManager.default.removeItem(at: home)
    }
}

/// The harness could not set up what a test needs.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
