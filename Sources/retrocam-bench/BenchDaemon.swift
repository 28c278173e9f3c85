import BusNames
import DBus
import RetrocamTesting
import Foundation

/// A release `retrocamd` on the synthetic camera, on its own private bus, with a temporary home;
/// plus what `/proc` says about it (resident memory, CPU time).
final class BenchDaemon {
    let bus: PrivateBus
    let home: URL
    let process: Process
    let connection: Connection
    /// The loopback port of the daemon's Wyoming endpoint.
    let wyomingPort: UInt16

    /// Starts the bus and the daemon and waits until it answers Ping. `source` is its `--source`;
    /// `extraEnvironment` is added to its environment (a PipeWire session's runtime folder), and
    /// `extraArguments` come after the usual arguments. Every bench daemon also answers Wyoming on a
    /// free loopback port (`wyomingPort`).
    init(binDirectory: URL, source: String = "synthetic", extraEnvironment: [String: String] = [:],
         extraArguments: [String] = []) throws {
        wyomingPort = try WyomingBench.freePort()
        bus = try PrivateBus()
        Cleanup.track(bus.pid)
        home = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = bus.environment
        for (key, value) in BenchDaemon.homeEnvironment(home).merging(extraEnvironment, uniquingKeysWith: { $1 }) {
            environment[key] = value
        }
        process = Process()
        process.executableURL = binDirectory.appendingPathComponent("retrocamd")
        process.arguments = ["--source", source, "--address", bus.address, "--no-portal", "--no-notifications",
                             "--wyoming", "tcp://127.0.0.1:\(wyomingPort)"] + extraArguments
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
        try connection.callSync(destination: BusContract.busName, path: BusContract.objectPath, interface: interface,
                                method: method, args, timeout: .seconds(30))
    }

    /// The daemon's resident set size in KiB (`VmRSS` of /proc/PID/status).
    var residentKiB: Int { ProcStats.residentKiB(pid: process.processIdentifier) ?? -1 }

    /// The daemon's CPU time so far (user + system), in seconds.
    var cpuSeconds: Double { ProcStats.cpuSeconds(pid: process.processIdentifier) ?? .nan }

    /// Context switches of each of the daemon's threads so far: each one is the thread waking up.
    var contextSwitches: [String: Int] { ProcStats.contextSwitches(pid: process.processIdentifier) }

    /// VmRSS once the camera is closed and what its closing freed has settled: GStreamer's and
    /// libdispatch's idle worker threads end a few seconds later, and their memory with them.
    func residentKiBAsleep() throws -> Int {
        try waitUntilCameraClosed(seconds: 60)
        Thread.sleep(forTimeInterval: 6)
        return residentKiB
    }

    /// A `Camera1` property's value.
    func property(_ name: String) throws -> Value? {
        try call("org.freedesktop.DBus.Properties", "Get", [.string(BusContract.cameraInterface), .string(name)]).first?.unwrapped
    }

    /// Waits (reading the property every 50 ms, at most `seconds`) until the camera is closed and the UNDO
    /// window is over: the daemon has nothing left to do.
    func waitUntilAsleep(seconds: Double = 30) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try property("CameraOpen")?.boolValue == false, try property("UndoSecondsLeft")?.int64Value == 0 { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw BenchError("the camera was still open after \(Int(seconds)) s")
    }

    /// Waits until the camera is closed (the UNDO window may still run).
    func waitUntilCameraClosed(seconds: Double = 30) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try property("CameraOpen")?.boolValue != false {
            guard Date() < deadline else { throw BenchError("the camera was still open after \(Int(seconds)) s") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

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

    /// Voluntary and involuntary context switches of each thread of `pid`, by thread id
    /// (/proc/PID/task/*/status).
    static func contextSwitches(pid: Int32) -> [String: Int] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var switches: [String: Int] = [:]
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { continue }
            switches[task] = text.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { $0.split(separator: "\t").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
                .reduce(0, +)
        }
        return switches
    }

    /// Wake-ups between two readings of `contextSwitches`: a thread's growth, counted from zero for a
    /// thread that started in between (a thread that ended in between is not seen).
    static func wakeUps(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { total, entry in total + entry.value - (before[entry.key] ?? 0) }
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
