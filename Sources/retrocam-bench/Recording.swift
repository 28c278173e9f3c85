import BusNames
import DBus
import Foundation
import RetrocamTesting

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
        // gst-launch joins its arguments back into one line; `!` stays a word.
        let words = chain.split(separator: " ").map(String.init)
        let result = try ProcessRunner.run("/usr/bin/gst-launch-1.0", ["-q"] + words, timeout: 120)
        let elapsed = clock.now - start
        guard result.status == 0 else { throw BenchError("gst-launch-1.0 failed (\(result.ending)): \(result.stderr.suffix(400))") }
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
    static func countFrames(_ path: String) throws -> Int { try MediaProbe.videoFrameTimes(path).count }

    /// Presentation times (seconds) of the video frames in a Matroska/WebM file.
    static func frameTimes(_ path: String) throws -> [Double] { try MediaProbe.videoFrameTimes(path) }

    /// The duration gst-discoverer reads, in seconds.
    static func mediaDuration(_ path: String) throws -> Double? { try MediaProbe.duration(path) }
}
