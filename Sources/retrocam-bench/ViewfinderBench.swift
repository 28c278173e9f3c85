import BusNames
import DBus
import Foundation

/// The viewfinder's figures, on an Xvfb display of its own with a release daemon whose preview
/// frames carry their capture time: launch to first preview frame, preview latency (capture →
/// viewfinder's sink, and capture → drawn in the window), and CPU with the preview open against the
/// daemon alone recording, all in this run.
enum ViewfinderBench {
    static let framerate = 30.0

    static func run(binDirectory: URL, launches: Int, seconds: Double) throws -> [String] {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-bench-vf-\(getpid())")
        let runtime = home.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: home) }
        let (xvfb, display) = try startDisplay()
        defer { stop(xvfb) }
        // Same-run baseline on a daemon of its own: recording alone, no viewfinder.
        let recording: Double
        do {
            let alone = try BenchDaemon(binDirectory: binDirectory)
            defer { alone.stop() }
            Thread.sleep(forTimeInterval: 1)
            try alone.call(BusContract.intentsInterface, "StartClip")
            recording = cpuShare([alone.process.processIdentifier], seconds: seconds)[0]
            try pause(alone)
        }
        let daemon = try BenchDaemon(binDirectory: binDirectory,
                                     extraEnvironment: ["RETROCAM_PREVIEW_STAMP": "1", "XDG_RUNTIME_DIR": runtime.path])
        defer { daemon.stop() }
        var environment = daemon.bus.environment
        for (key, value) in BenchDaemon.homeEnvironment(home) { environment[key] = value }
        environment["DISPLAY"] = display
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["NO_AT_BRIDGE"] = "1"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["RETROCAM_VIEWFINDER_AUDIO_SINK"] = "fakesink"
        let viewfinder = binDirectory.appendingPathComponent("retrocam-viewfinder")
        Thread.sleep(forTimeInterval: 1)
        let idle = cpuShare([daemon.process.processIdentifier], seconds: seconds)[0]

        var firstFrames: [Double] = []
        for index in 0..<launches {
            let report = home.appendingPathComponent("launch-\(index).json")
            let process = try launch(viewfinder, report: report, environment: environment)
            Thread.sleep(forTimeInterval: 5)
            stop(process)
            if let first = try read(report)["launch_to_first_frame_milliseconds"] as? Double { firstFrames.append(first) }
        }

        // The preview open for `seconds` (latency and CPU), then open while recording (CPU).
        let pids = { (viewfinder: Process) in [daemon.process.processIdentifier, viewfinder.processIdentifier, xvfb.processIdentifier] }
        let watching = try launch(viewfinder, report: home.appendingPathComponent("open.json"), environment: environment)
        Thread.sleep(forTimeInterval: 2)
        let open = cpuShare(pids(watching), seconds: seconds)
        stop(watching)
        let figures = try read(home.appendingPathComponent("open.json"))
        // The same with the lightest look (2020s, Clean, degree 1): what the look chain itself costs in latency.
        for (method, value) in [("SetDecade", "2020s"), ("SetStyle", "Clean"), ("SetDegree", "1")] {
            try daemon.call(BusContract.intentsInterface, method, [.string(value)])
        }
        let light = try launch(viewfinder, report: home.appendingPathComponent("light.json"), environment: environment)
        Thread.sleep(forTimeInterval: 2 + seconds)
        stop(light)
        let lightFigures = try read(home.appendingPathComponent("light.json"))
        // Last, as a take the busy machine cannot finish in time leaves the camera recording; the default look again.
        for (method, value) in [("SetDecade", "1970s"), ("SetStyle", "Super 8"), ("SetDegree", "6")] {
            try daemon.call(BusContract.intentsInterface, method, [.string(value)])
        }
        let recordingViewfinder = try launch(viewfinder, report: home.appendingPathComponent("recording.json"), environment: environment)
        Thread.sleep(forTimeInterval: 2)
        try daemon.call(BusContract.intentsInterface, "StartClip")
        let openRecording = cpuShare(pids(recordingViewfinder), seconds: seconds)
        try pause(daemon)
        stop(recordingViewfinder)
        let sink = Stats(((figures["latency_microseconds"] as? [Int]) ?? []).map { Double($0) / 1000 })
        let drawn = Stats(((figures["draw_latency_microseconds"] as? [Int]) ?? []).map { Double($0) / 1000 })
        let lightDrawn = Stats(((lightFigures["draw_latency_microseconds"] as? [Int]) ?? []).map { Double($0) / 1000 })
        let frame = 1000 / framerate
        let launchStats = Stats(firstFrames)
        return [
            String(format: "viewfinder launch to first preview frame (at its sink): p50 %.0f ms, max %.0f ms (%d of %d launches showed a frame within 5 s; release, Xvfb, no screen reader)",
                   launchStats.p50, launchStats.samples.last ?? .nan, firstFrames.count, launches),
            String(format: "preview latency, capture → viewfinder sink: p50 %.1f ms = %.2f frames, p95 %.1f ms = %.2f frames, max %.1f ms (%d frames at %.0f fps)",
                   sink.p50, sink.p50 / frame, sink.percentile(0.95), sink.percentile(0.95) / frame,
                   sink.samples.last ?? .nan, sink.samples.count, framerate),
            String(format: "preview latency, capture → drawn in the window: p50 %.1f ms = %.2f frames, p95 %.1f ms = %.2f frames (%d draws); lightest look: p50 %.1f ms = %.2f frames, p95 %.1f ms = %.2f frames",
                   drawn.p50, drawn.p50 / frame, drawn.percentile(0.95), drawn.percentile(0.95) / frame, drawn.samples.count,
                   lightDrawn.p50, lightDrawn.p50 / frame, lightDrawn.percentile(0.95), lightDrawn.percentile(0.95) / frame),
            String(format: "CPU, preview open: daemon %.0f%% + viewfinder %.0f%% = %.0f%% of one core (Xvfb drawing it: %.0f%%); against the daemon alone recording: %.0f%% (idle: %.0f%%)",
                   open[0], open[1], open[0] + open[1], open[2], recording, idle),
            String(format: "CPU, preview open while recording: daemon %.0f%% + viewfinder %.0f%% = %.0f%% (Xvfb %.0f%%)",
                   openRecording[0], openRecording[1], openRecording[0] + openRecording[1], openRecording[2]),
        ]
    }

    /// Ends the clip. On a machine too busy to close the file within the daemon's timeout the daemon
    /// repairs it and says so; the figures here are about CPU during the take, so that is noted, not fatal.
    private static func pause(_ daemon: BenchDaemon) throws {
        do {
            try daemon.call(BusContract.intentsInterface, "PauseClip")
        } catch let error as DBusError where error.name == BusContract.ErrorName.noCamera.name {
            print("viewfinder bench: PauseClip: \(error.message) (the machine is busy; the CPU figures stand)")
        }
        Thread.sleep(forTimeInterval: 1)
    }

    /// Percent of one core each process used over `seconds` (utime + stime from /proc).
    static func cpuShare(_ pids: [Int32], seconds: Double) -> [Double] {
        let before = pids.map { ProcStats.cpuSeconds(pid: $0) ?? .nan }
        let clock = ContinuousClock()
        let start = clock.now
        Thread.sleep(forTimeInterval: seconds)
        let wallSeconds = (clock.now - start).seconds
        return zip(pids, before).map { pid, start in ((ProcStats.cpuSeconds(pid: pid) ?? .nan) - start) / wallSeconds * 100 }
    }

    private static func startDisplay() throws -> (Process, String) {
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
        let output = Pipe()
        xvfb.standardOutput = output
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        Cleanup.track(xvfb.processIdentifier)
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw BenchError("Xvfb exited before naming its display") }
            text += String(decoding: data, as: UTF8.self)
        }
        return (xvfb, ":" + text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func launch(_ binary: URL, report: URL, environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--report", report.path, "--intro-ms", "1000"]
        process.environment = environment
        if ProcessInfo.processInfo.environment["RETROCAM_BENCH_VERBOSE"] == nil { process.standardError = FileHandle.nullDevice }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        Cleanup.track(process.processIdentifier)
        return process
    }

    /// SIGTERM (the viewfinder writes its report), SIGKILL after 10 s.
    private static func stop(_ process: Process) {
        if process.isRunning { process.terminate() }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    private static func read(_ report: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: report)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}
