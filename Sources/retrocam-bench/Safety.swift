import BusNames
import DBus
import RetrocamTesting
import Foundation
import Synchronization

/// The hostile-input figures, each with a same-run baseline: the daemon's file descriptors after calls that
/// carry unix fds; seconds of a clip lost when a second daemon starts on another bus for the same home;
/// calls answered while four calls wait on a stalled desktop component.
enum SafetyBench {
    /// `scripts/fd-flood.py` of the checkout (scripts/bench runs from its root): a dbus-python client
    /// (only `/usr/bin/python3` has the module) sending calls with unix fds inside `a{sv}`, `v` and arrays.
    static var floodScript: String {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("scripts/fd-flood.py")
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/fd-flood.py")
        return FileManager.default.fileExists(atPath: here.path) ? here.path : checkout.path
    }

    /// Open descriptors of process `pid`.
    static func descriptors(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    /// Runs a Python script with `/usr/bin/python3` on the daemon's bus; answers its stdout.
    static func python(_ script: String, _ arguments: [String], daemon: BenchDaemon, wrap: [String] = []) throws -> String {
        try python(script, arguments, environment: daemon.bus.environment, wrap: wrap)
    }

    /// Runs a Python script with `/usr/bin/python3` (inside `wrap` when given) in `environment`.
    static func python(_ script: String, _ arguments: [String], environment: [String: String], wrap: [String] = []) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-bench-\(UUID().uuidString).py")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        let command = wrap + ["/usr/bin/python3", file.path] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// File descriptors of the daemon before and after `calls` calls carrying unix fds.
    static func descriptorFlood(_ daemon: BenchDaemon, calls: Int) throws -> [String] {
        let script = try String(contentsOfFile: floodScript, encoding: .utf8)
        _ = try python(script, ["200"], daemon: daemon)
        let before = descriptors(daemon.process.processIdentifier)
        let clock = ContinuousClock()
        let start = clock.now
        let sent = try python(script, [String(calls)], daemon: daemon)
        let seconds = (clock.now - start).seconds
        let after = descriptors(daemon.process.processIdentifier)
        return [String(format: "unix fds in parameters: %@ (calls carrying fds in a{sv}, v, arrays) in %.1f s; daemon fds %d before, %d after (goal: flat)",
                       sent, seconds, before, after)]
    }

    /// A clip of `seconds` on the daemon, with a second retrocamd started on another bus for the same
    /// home `after` seconds in; and the same clip without it as the baseline. Lost = recorded − clip length.
    static func secondDaemon(_ daemon: BenchDaemon, binDirectory: URL, seconds: Double = 6, after: Double = 2) throws -> [String] {
        func clip(intruder: Bool) throws -> (lost: Double, exit: Int32?, said: String) {
            let clock = ContinuousClock()
            try daemon.call(BusContract.intentsInterface, "StartClip")
            let started = clock.now
            var exit: Int32?, said = ""
            if intruder {
                Thread.sleep(forTimeInterval: after)
                let bus = try PrivateBus()
                defer { bus.stop() }
                var environment = bus.environment
                for (key, value) in BenchDaemon.homeEnvironment(daemon.home) { environment[key] = value }
                let second = Process()
                second.executableURL = binDirectory.appendingPathComponent("retrocamd")
                second.arguments = ["--source", "synthetic", "--address", bus.address, "--no-portal", "--no-notifications"]
                second.environment = environment
                let err = Pipe()
                second.standardError = err
                second.standardOutput = FileHandle.nullDevice
                try second.run()
                Cleanup.track(second.processIdentifier)
                said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                second.waitUntilExit()
                exit = second.terminationStatus
            }
            let left = seconds - (clock.now - started).seconds
            if left > 0 { Thread.sleep(forTimeInterval: left) }
            let recorded = (clock.now - started).seconds
            let reply = try daemon.call(BusContract.intentsInterface, "PauseClip")
            guard let path = replyField(reply, "path") else { throw BenchError("PauseClip answered no path: \(reply)") }
            let length = try RecordingBench.mediaDuration(path) ?? 0
            return (max(0, recorded - length), exit, said)
        }
        let baseline = try clip(intruder: false)
        let intruded = try clip(intruder: true)
        let sentence = intruded.said.split(separator: "\n").last.map(String.init) ?? ""
        return [
            String(format: "second daemon on another bus, same home, %.0f s into a %.0f s clip: %.2f s of the clip lost (baseline without it %.2f s); it exited %@",
                   after, seconds, intruded.lost, baseline.lost, intruded.exit.map { "\($0)" } ?? "?"),
            "  it said: \(sentence.prefix(160))…",
        ]
    }

    /// Round trips of Describe on one connection for `duration` seconds: count, errors, stats.
    static func describeLoop(_ daemon: BenchDaemon, duration: Double) -> (stats: Stats, failed: Int) {
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int64(duration * 1000))
        var samples: [Double] = [], failed = 0
        while clock.now < end {
            let start = clock.now
            do { try daemon.call(BusContract.cameraInterface, "Describe", [.string("zoom")]) } catch { failed += 1; continue }
            samples.append(milliseconds(clock.now - start))
        }
        return (Stats(samples), failed)
    }

    /// The sandboxed caller: a Flatpak-like root of its own (bwrap; never `--dev-bind / /`).
    static let callerScript = #"""
    import dbus
    camera = dbus.SessionBus().get_object("\#(BusContract.busName)", "\#(BusContract.objectPath)", introspect=False)
    try:
        camera.get_dbus_method("TakePhoto", "\#(BusContract.intentsInterface)")(timeout=60)
        print("OK")
    except dbus.DBusException as error:
        print(error.get_dbus_name())
    """#

    /// Four sandboxed TakePhoto calls each waiting on a stopped (SIGSTOP) xdg-permission-store, and
    /// Describe round trips from another client meanwhile; baseline: the same loop with nothing waiting.
    static func slowCalls(_ daemon: BenchDaemon, duration: Double = 3) throws -> [String] {
        let tools = ["/usr/libexec/xdg-permission-store", "/usr/bin/bwrap", "/usr/bin/python3"]
        guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else {
            return ["calls during slow external calls: skipped (needs xdg-desktop-portal, bubblewrap, python3-dbus)"]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-bench-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = daemon.bus.environment
        environment["XDG_DATA_HOME"] = folder.path
        environment["HOME"] = folder.path
        let store = Process()
        store.executableURL = URL(fileURLWithPath: tools[0])
        store.arguments = ["--replace"]
        store.environment = environment
        store.standardError = FileHandle.nullDevice
        try store.run()
        Cleanup.track(store.processIdentifier)
        defer {
            kill(store.processIdentifier, SIGCONT)
            store.terminate()
            store.waitUntilExit()
        }
        Thread.sleep(forTimeInterval: 0.5)
        let baseline = describeLoop(daemon, duration: duration)
        kill(store.processIdentifier, SIGSTOP)
        let info = folder.appendingPathComponent("flatpak-info")
        try "[Application]\nname=org.example.Bench\n".write(to: info, atomically: true, encoding: .utf8)
        let wrap = ["/usr/bin/bwrap", "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
                    "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin", "--ro-bind", "/etc", "/etc",
                    "--bind", "/tmp", "/tmp", "--proc", "/proc", "--dev", "/dev", "--ro-bind", info.path, "/.flatpak-info"]
        let answers = BenchLines()
        let group = DispatchGroup()
        let clock = ContinuousClock()
        let start = clock.now
        let busEnvironment = daemon.bus.environment
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                let answer = (try? python(callerScript, [], environment: busEnvironment, wrap: wrap)) ?? "failed"
                answers.add(String(format: "%@ after %.1f s", answer, (clock.now - start).seconds))
            }
        }
        Thread.sleep(forTimeInterval: 0.5)
        let during = describeLoop(daemon, duration: duration)
        group.wait()
        return [
            String(format: "while 4 sandboxed TakePhoto calls wait on a stopped xdg-permission-store: %d Describe calls answered, %d failed, p50 %.2f ms, p99 %.2f ms (goal: all, p99 < 50 ms)",
                   during.stats.samples.count, during.failed, during.stats.p50, during.stats.p99),
            String(format: "  baseline, nothing waiting: %d answered, %d failed, p50 %.2f ms, p99 %.2f ms; the four were answered: %@",
                   baseline.stats.samples.count, baseline.failed, baseline.stats.p50, baseline.stats.p99,
                   answers.all.joined(separator: "; ")),
        ]
    }

    /// Seconds from SIGTERM to exit of a fresh daemon, idle and with a clip recording.
    static func sigterm(binDirectory: URL) throws -> [String] {
        func once(recording: Bool) throws -> Double {
            let daemon = try BenchDaemon(binDirectory: binDirectory)
            defer { daemon.stop() }
            if recording {
                try daemon.call(BusContract.intentsInterface, "StartClip")
                Thread.sleep(forTimeInterval: 2)
            }
            let clock = ContinuousClock()
            let start = clock.now
            kill(daemon.process.processIdentifier, SIGTERM)
            daemon.process.waitUntilExit()
            return (clock.now - start).seconds
        }
        let idle = try once(recording: false), recording = try once(recording: true)
        return [String(format: "SIGTERM to exit: idle %.2f s; recording %.2f s (the take finished and indexed first; goal <= 2 s)", idle, recording)]
    }
}

/// Lines collected from several threads.
final class BenchLines: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
