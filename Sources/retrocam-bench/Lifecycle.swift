import BusNames
import DBus
import RetrocamTesting
import Foundation

/// The camera lifecycle's figures: what an idle daemon costs once the camera has closed, how long a photo takes
/// from the sleeping camera, and the daemon's memory after many clips and many fuzzed calls.
enum LifecycleBench {
    /// The linger the lifecycle daemon runs with: short, so the cold photos do not wait long for sleep.
    static let linger = "0.3"

    /// A daemon with a short linger, on `source` (with `environment` added: a PipeWire session's runtime folder).
    static func daemon(binDirectory: URL, source: String = "synthetic", environment: [String: String] = [:]) throws -> BenchDaemon {
        try BenchDaemon(binDirectory: binDirectory, source: source, extraEnvironment: environment,
                        extraArguments: ["--linger", linger])
    }

    /// CPU share of one core and wake-ups per second over `seconds`, once the camera is closed and the
    /// UNDO window over.
    static func idle(_ daemon: BenchDaemon, seconds: Double) throws -> [String] {
        _ = try daemon.call(BusContract.intentsInterface, "TakePhoto")
        try daemon.waitUntilAsleep()
        let cpuBefore = daemon.cpuSeconds, switchesBefore = daemon.contextSwitches
        let clock = ContinuousClock()
        let start = clock.now
        Thread.sleep(forTimeInterval: seconds)
        let wall = milliseconds(clock.now - start) / 1000
        let cpu = daemon.cpuSeconds - cpuBefore
        let wakeUps = Double(ProcStats.wakeUps(from: switchesBefore, to: daemon.contextSwitches)) / wall
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(daemon.process.processIdentifier)/task").count) ?? 0
        return [String(format: "idle after the linger: CPU %.2f s over %.1f s = %.2f%% of one core (goal <= 0.5%%; before the camera slept when idle: 33%%), %.1f wake-ups/s (context switches of all %d threads)",
                       cpu, wall, cpu / wall * 100, wakeUps, threads)]
    }

    /// `count` photos each from the sleeping camera (waiting for it to close first), against as many
    /// photos from the open camera in the same run.
    static func coldAndWarmPhotos(_ daemon: BenchDaemon, count: Int, camera: String = "synthetic") throws -> [String] {
        var cold: [Double] = []
        for _ in 0..<count {
            try daemon.waitUntilCameraClosed()
            cold.append(try milliseconds { try daemon.call(BusContract.intentsInterface, "TakePhoto") })
        }
        // Warm: the camera is held open by the photos coming faster than the linger.
        _ = try daemon.call(BusContract.intentsInterface, "TakePhoto")
        var warm: [Double] = []
        for _ in 0..<count { warm.append(try milliseconds { try daemon.call(BusContract.intentsInterface, "TakePhoto") }) }
        let coldStats = Stats(cold), warmStats = Stats(warm)
        return [
            String(format: "cold photo (sleeping camera -> saved JPEG, %@): p50 %.0f ms, p99 %.0f ms (%d photos; goal p50 <= 250 ms on synthetic)",
                   camera, coldStats.p50, coldStats.p99, cold.count),
            String(format: "warm photo (camera open, %@): p50 %.1f ms, p99 %.1f ms (%d photos; goal within one frame, %.1f ms at 30 fps)",
                   camera, warmStats.p50, warmStats.p99, warm.count, 1000.0 / 30),
        ]
    }

    /// Resident memory with the camera asleep after the first photo: what the memory figures compare with.
    static func startMemory(_ daemon: BenchDaemon) throws -> Int {
        _ = try daemon.call(BusContract.intentsInterface, "TakePhoto")
        return try daemon.residentKiBAsleep()
    }

    /// Resident memory with the camera asleep, before and after `count` clips (StartClip, PauseClip).
    static func clipsMemory(_ daemon: BenchDaemon, count: Int, start: Int) throws -> [String] {
        let before = try daemon.residentKiBAsleep()
        var failures = 0
        for index in 0..<count {
            do {
                // A Super 8 cartridge holds 3 minutes: a fresh one now and then, so no clip is refused.
                if index % 20 == 0 { _ = try daemon.call(BusContract.intentsInterface, "InsertTape") }
                _ = try daemon.call(BusContract.intentsInterface, "StartClip")
                _ = try daemon.call(BusContract.intentsInterface, "PauseClip")
            } catch {
                failures += 1
            }
        }
        let after = try daemon.residentKiBAsleep()
        return [memoryLine("\(count) clips", start: start, before: before, after: after, failures: failures)]
    }

    /// Resident memory with the camera asleep, before and after `count` fuzzed calls (every published
    /// method with random arguments, seeded as ServiceTests.FuzzTests is).
    static func fuzzMemory(_ daemon: BenchDaemon, count: Int, start: Int, seed: UInt64 = 0x5EED_CA3E) throws -> [String] {
        let xml = try daemon.call("org.freedesktop.DBus.Introspectable", "Introspect").first?.stringValue ?? ""
        // RunShortcut answers when the run is done (a minute for `timelapse`): left out, as the fuzz test does.
        let methods = PublishedMethod.parse(xml).filter { !["RunShortcut", "PressAction"].contains($0.name) }
        guard !methods.isEmpty else { throw BenchError("the daemon published no methods") }
        let before = try daemon.residentKiBAsleep()
        var random = SeededGenerator(seed: seed)
        var unanswered = 0
        for _ in 0..<count {
            let method = methods.randomElement(using: &random)!
            let args = FuzzValues.arguments(for: method, using: &random)
            do {
                _ = try daemon.connection.callSync(destination: BusContract.busName, path: BusContract.objectPath,
                                                   interface: method.interface, method: method.name, args,
                                                   timeout: .seconds(20))
            } catch let error as DBusError where error.name == DBusError.Names.noReply {
                unanswered += 1
            } catch {}
        }
        // A self-timer, a clip or a preview the fuzzer started: stop them, then let the camera sleep.
        _ = try? daemon.call(BusContract.intentsInterface, "SetTimer", [.string("off")])
        _ = try? daemon.call(BusContract.intentsInterface, "PauseClip")
        _ = try? daemon.call(BusContract.cameraInterface, "ClosePreview")
        let after = try daemon.residentKiBAsleep()
        return [memoryLine("\(count) fuzzed calls", start: start, before: before, after: after, failures: unanswered)]
    }

    private static func memoryLine(_ what: String, start: Int, before: Int, after: Int, failures: Int) -> String {
        String(format: "daemon RSS, camera asleep, after %@: %.1f MiB = %.2fx the start's %.1f MiB (goal <= 1.5x; %.1f MiB just before them; before the camera slept when idle: 54 -> 273 MB over 300 clips, over 600 MB over 20,000 fuzzed calls)%@",
               what, Double(after) / 1024, Double(after) / Double(max(1, start)), Double(start) / 1024, Double(before) / 1024,
               failures > 0 ? " — \(failures) calls failed" : "")
    }
}
