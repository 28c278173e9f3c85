import DBus
import Foundation

/// A release `retrocamd` on the synthetic camera, on its own private bus, with a temporary home;
/// plus what `/proc` says about it (resident memory, CPU time).
final class BenchDaemon {
    static let name = "org.retrocam.Camera"
    static let path = "/org/retrocam/Camera"
    static let intents = "org.retrocam.Intents1"
    static let camera = "org.retrocam.Camera1"

    let bus: PrivateBus
    let home: URL
    let process: Process
    let connection: Connection
    /// The loopback port of the daemon's Wyoming endpoint.
    let wyomingPort: UInt16

    /// Starts the bus and the daemon and waits until it answers Ping.
    init(binDirectory: URL) throws {
        wyomingPort = try WyomingBench.freePort()
        bus = try PrivateBus()
        Cleanup.track(bus.pid)
        home = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = bus.environment
        for (key, value) in BenchDaemon.homeEnvironment(home) { environment[key] = value }
        process = Process()
        process.executableURL = binDirectory.appendingPathComponent("retrocamd")
        process.arguments = ["--source", "synthetic", "--address", bus.address, "--no-portal", "--no-notifications",
                             "--wyoming", "tcp://127.0.0.1:\(wyomingPort)"]
        process.environment = environment
        // RETROCAM_BENCH_VERBOSE=1 shows the daemon's log.
        if ProcessInfo.processInfo.environment["RETROCAM_BENCH_VERBOSE"] == nil { process.standardError = FileHandle.nullDevice }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Cleanup.track(process.processIdentifier)
        connection = try bus.connect()
        let deadline = Date().addingTimeInterval(30)
        while (try? call("org.freedesktop.DBus.Peer", "Ping")) == nil {
            guard Date() < deadline, process.isRunning else { 
                throw BenchError("retrocamd did not start on the private bus (running: \(process.isRunning))")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// XDG folders inside `home`, so nothing touches the user's pictures or state.
    static func homeEnvironment(_ home: URL) -> [String: String] {
        [
            "HOME": home.path,
            "XDG_PICTURES_DIR": home.appendingPathComponent("Pictures").path,
            "XDG_VIDEOS_DIR": home.appendingPathComponent("Videos").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "RETROCAM_AUDIO": "synthetic",
        ]
    }

    /// A method call on the camera object over the bench's own connection.
    @discardableResult
    func call(_ interface: String, _ method: String, _ args: [Value] = []) throws -> [Value] {
        try connection.callSync(destination: BenchDaemon.name, path: BenchDaemon.path, interface: interface,
                                method: method, args, timeout: .seconds(30))
    }

    /// The daemon's resident set size in KiB (`VmRSS` of /proc/PID/status).
    var residentKiB: Int { ProcStats.residentKiB(pid: process.processIdentifier) ?? -1 }

    /// The daemon's CPU time so far (user + system), in seconds.
    var cpuSeconds: Double { ProcStats.cpuSeconds(pid: process.processIdentifier) ?? .nan }

    /// Stops the daemon (SIGTERM, which finishes a take) and the bus, and removes the home.
    func stop() {
        connection.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        bus.stop()
        try? FileManager.default.removeItem(at: home)
    }
}

/// Reads a process's memory and CPU time from /proc.
enum ProcStats {
    /// `VmRSS` in KiB.
    static func residentKiB(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return line.split(separator: " ").compactMap { Int($0) }.first
    }

    /// utime + stime of /proc/PID/stat, in seconds.
    static func cpuSeconds(pid: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // Fields after "(comm)": state is field 3; utime and stime are fields 14 and 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// The benchmark could not set up or measure something; the sentence says what.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A{sv} reply field `key` as a string (e.g. the `path` of a take).
func replyField(_ values: [Value], _ key: String) -> String? {
    for value in values {
        if let dictionary = value.variantDictionary, let field = dictionary[key]?.unwrapped.stringValue { return field }
    }
    return nil
}
