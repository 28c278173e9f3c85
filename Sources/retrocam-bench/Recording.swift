import BusNames
import DBus
import Foundation
import Synchronization

/// The heaviest look while recording at the daemon's 1280×720, 30 fps: frames the daemon delivered
/// into the clip, its CPU share, and `gst-launch-1.0` running the same stock elements for comparison.
enum RecordingBench {
    static let width = 1280, height = 720, framerate = 30

    /// Sets the heaviest look (1900s hand-cranked film at degree 12: every agingtv damage effect,
    /// grain, softness, vignette, sepia), records `seconds`, and reports frames per second and CPU.
    static func heaviestLook(_ daemon: BenchDaemon, seconds: Double) throws -> (lines: [String], fps: Double) {
        try daemon.call(BusContract.intentsInterface, "SetDecade", [.string("1900s")])
        try daemon.call(BusContract.intentsInterface, "SetDegree", [.string("12")])
        Thread.sleep(forTimeInterval: 0.5)
        try daemon.call(BusContract.intentsInterface, "StartClip")
        // CPU over the recording itself (not the finishing of the file after PauseClip).
        let clock = ContinuousClock()
        let cpuBefore = daemon.cpuSeconds
        let start = clock.now
        Thread.sleep(forTimeInterval: seconds)
        let cpu = daemon.cpuSeconds - cpuBefore
        let wallSeconds = (clock.now - start).seconds
        let reply = try daemon.call(BusContract.intentsInterface, "PauseClip")
        guard let path = replyField(reply, "path") else { throw BenchError("PauseClip answered no path: \(reply)") }
        let frames = try countFrames(path)
        let duration = try mediaDuration(path) ?? wallSeconds
        let fps = Double(frames) / duration
        let lines = [
            String(format: "recording, heaviest look (1900s, degree 12), %dx%d@%d synthetic: %d frames in a %.2f s clip = %.1f fps delivered (source %d fps, %.2f of it)",
                   width, height, framerate, frames, duration, fps, framerate, fps / Double(framerate)),
            String(format: "daemon CPU while recording: %.2f s user+system over %.2f s wall = %.0f%% of one core (%d cores)",
                   cpu, wallSeconds, cpu / wallSeconds * 100, ProcessInfo.processInfo.activeProcessorCount),
        ]
        return (lines, fps)
    }

    /// `gst-launch-1.0` running the stock-element part of the same chain (test card, the look's
    /// videobalance/gamma/agingtv settings, crop, scale, flip, text overlay, then the take's vp8enc
    /// and webmmux) on `frames` frames; the C effects probe (grain, bleed, vignette, matte) is ours
    /// and not available to gst-launch.
    static func gstLaunchReference(frames: Int, directory: URL) throws -> Double {
        let output = directory.appendingPathComponent("reference.webm").path
        let size = "width=\(width),height=\(height)"
        let chain = [
            "videotestsrc is-live=true pattern=smpte num-buffers=\(frames)",
            "video/x-raw,format=I420,\(size),framerate=\(framerate)/1",
            "videoconvert", "video/x-raw,format=I420",
            "videobalance saturation=0 contrast=1.35", "gamma gamma=1.0",
            "videoconvert", "agingtv scratch-lines=12 color-aging=true pits=true dusts=true",
            "videoconvert", "video/x-raw,format=I420",
            "videocrop", "videoscale", "video/x-raw,\(size),pixel-aspect-ratio=1/1",
            "videoflip video-direction=identity",
            "textoverlay text=1908 valignment=bottom halignment=right",
            "video/x-raw,format=I420,\(size),framerate=\(framerate)/1",
            "queue", "videoconvert",
            "vp8enc deadline=1 cpu-used=8 threads=2 keyframe-max-dist=\(framerate * 2)",
            "queue", "webmmux", "filesink location=\(output)",
        ].joined(separator: " ! ")
        let clock = ContinuousClock()
        let start = clock.now
        let result = try Tool.run("/usr/bin/gst-launch-1.0", ["-q"] + Tool.launchWords(chain), timeout: 120)
        let elapsed = clock.now - start
        guard result.status == 0 else { throw BenchError("gst-launch-1.0 failed: \(result.output.suffix(400))") }
        let seconds = elapsed.seconds
        // Pipeline set-up is not frame time: count from the frames written over the run.
        let written = try countFrames(output)
        return Double(written) / seconds
    }

    /// A DEGREE turned every 250 ms while recording, against the same take with no turns: the frames and
    /// the largest gap between two of them (EngineTests counts look changes mid-take in frames only).
    static func lookChangesMidTake(_ daemon: BenchDaemon, seconds: Double) throws -> [String] {
        func take(turning: Bool) throws -> (frames: Int, largestGap: Double) {
            try daemon.call(BusContract.intentsInterface, "StartClip")
            let end = Date().addingTimeInterval(seconds)
            var step: Int32 = 1
            while Date() < end {
                if turning { _ = try daemon.call(BusContract.cameraInterface, "Adjust", [.string("degree"), .int32(step)]) }
                step = -step
                Thread.sleep(forTimeInterval: 0.25)
            }
            let reply = try daemon.call(BusContract.intentsInterface, "PauseClip")
            guard let path = replyField(reply, "path") else { throw BenchError("PauseClip answered no path: \(reply)") }
            let times = try frameTimes(path)
            return (times.count, zip(times.dropFirst(), times).map { $0 - $1 }.max() ?? 0)
        }
        let steady = try take(turning: false), turned = try take(turning: true)
        return [String(format: "look changes mid-take (DEGREE turned every 250 ms for %.0f s): largest gap between frames %.0f ms, %d frames; same take without turns: %.0f ms, %d frames",
                       seconds, turned.largestGap * 1000, turned.frames, steady.largestGap * 1000, steady.frames)]
    }

    /// Video frames in a Matroska/WebM file.
    static func countFrames(_ path: String) throws -> Int { try frameTimes(path).count }

    /// Presentation times (seconds) of the video frames in a Matroska/WebM file (one fakesink "chain"
    /// message per buffer).
    static func frameTimes(_ path: String) throws -> [Double] {
        let result = try Tool.run("/usr/bin/gst-launch-1.0",
                                  ["-v", "filesrc", "location=\(path)", "!", "matroskademux", "name=d", "d.video_0", "!",
                                   "fakesink", "silent=false", "sync=false"], timeout: 120)
        guard result.status == 0 else { throw BenchError("could not read \(path): \(result.output.suffix(400))") }
        return result.output.split(separator: "\n").compactMap { line -> Double? in
            guard line.contains("last-message = chain"), let range = line.range(of: "pts: ") else { return nil }
            // "pts: 0:00:02.033000000, …"
            let parts = line[range.upperBound...].prefix { $0 != "," }.split(separator: ":").compactMap { Double($0) }
            return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : nil
        }
    }

    /// The duration gst-discoverer reads, in seconds.
    static func mediaDuration(_ path: String) throws -> Double? {
        let result = try Tool.run("/usr/bin/gst-discoverer-1.0", [path], timeout: 60)
        guard let line = result.output.split(separator: "\n").first(where: { $0.contains("Duration:") }) else { return nil }
        let parts = (line.split(separator: " ").last ?? "").split(separator: ":").compactMap { Double($0) }
        guard parts.count == 3 else { return nil }
        return parts[0] * 3600 + parts[1] * 60 + parts[2]
    }
}

/// Runs command-line tools and keeps their combined output.
enum Tool {
    /// Exit status and stdout+stderr.
    struct Result {
        let status: Int32
        let output: String
    }

    /// Runs `executable`; kills it after `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    timeout: TimeInterval) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = OutputBox()
        let reader = DispatchGroup()
        reader.enter()
        Thread.detachNewThread {
            data.set(pipe.fileHandleForReading.readDataToEndOfFile())
            reader.leave()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        reader.wait()
        return Result(status: process.terminationStatus, output: String(decoding: data.get(), as: UTF8.self))
    }

    /// Splits a launch line into gst-launch arguments (it joins them back; `!` stays a word).
    static func launchWords(_ chain: String) -> [String] {
        chain.split(separator: " ").map(String.init)
    }
}

/// A child's output, handed from the reader thread.
final class OutputBox: Sendable {
    private let data = Mutex(Data())
    func set(_ value: Data) { data.withLock { $0 = value } }
    func get() -> Data { data.withLock { $0 } }
}
