import CGStreamer
import CGstShim
import Foundation

/// One take being written: its own pipeline
/// `appsrc ! queue ! vp8enc ! webmmux ! filesink buffer-mode=unbuffered`
/// (plus an audio branch), fed by the frame hub. The live pipeline never
/// changes for a take, so looks keep applying with no gap.
final class Recording: @unchecked Sendable {
    /// The in-progress record that is in the index while this runs.
    let entry: InProgressTake
    /// When recording began (wall clock).
    let startedAt: Date
    private let pipeline: Pipeline
    private let frames: Element
    private let hub: FrameHub
    private var fed: (frames: UInt64, end: Double?)?

    /// Builds and starts the take's pipeline writing `entry.path`, then starts
    /// forwarding live frames into it.
    init(entry: InProgressTake, configuration: EngineConfiguration, audio: AudioSourceKind?,
         hub: FrameHub) throws(EngineError) {
        self.entry = entry
        self.hub = hub
        let description = Recording.description(configuration: configuration, audio: audio)
        pipeline = try Pipeline(launching: description, purpose: "recording pipeline")
        frames = try pipeline.element("frames")
        try pipeline.element("file").set("location", string: entry.path)
        try pipeline.play(timeout: configuration.pipelineTimeout)
        startedAt = Date()
        hub.startForwarding(to: frames, from: pipeline.baseTime)
    }

    deinit {
        pipeline.stop()
    }

    /// Seconds since the take started.
    var seconds: Double { Date().timeIntervalSince(startedAt) }

    /// Stops sending live frames to this take (waiting up to a second for the
    /// first one, so a take stopped at once is not empty). Idempotent.
    func stopFeeding() {
        guard fed == nil else { return }
        let deadline = Date().addingTimeInterval(1)
        while hub.framesForwarded == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        fed = hub.stopForwarding()
    }

    /// Ends the take: stops feeding, sends EOS through the encoder and muxer,
    /// waits for it to reach the file (at most `timeout` s), and answers the
    /// take's duration in seconds.
    func finish(timeout: Double) throws(EngineError) -> Double {
        stopFeeding()
        gstshim_app_src_end_of_stream(frames.pointer)
        if let microphone = try? pipeline.element("sound") {
            _ = gstshim_send_eos(microphone.pointer)
        }
        try pipeline.waitForEndOfStream(timeout: timeout)
        guard let fed, fed.frames > 0, let end = fed.end else {
            throw .pipeline("The clip received no pictures from the camera.")
        }
        return end
    }

    /// The take pipeline's launch description.
    static func description(configuration: EngineConfiguration, audio: AudioSourceKind?) -> String {
        let caps = "video/x-raw,format=I420,width=\(configuration.width),height=\(configuration.height),"
            + "framerate=\(configuration.framerate)/1,pixel-aspect-ratio=1/1"
        let keyframeInterval = max(1, configuration.framerate * 2)
        typealias E = PipelineElements
        var text = "\(E.appsrc) name=frames is-live=true format=time do-timestamp=false caps=\"\(caps)\" "
            // A slow encoder drops old frames here instead of stalling the live camera;
            // async=false lets the pipeline reach PLAYING (and fix its base time) before the first frame.
            + "! \(E.queue) max-size-buffers=\(configuration.framerate) max-size-bytes=0 max-size-time=0 leaky=downstream "
            // lag-in-frames=0: each frame leaves the encoder at once, so a killed take loses no look-ahead.
            + "! \(E.videoconvert) ! \(E.vp8enc) deadline=1 cpu-used=8 threads=2 lag-in-frames=0 keyframe-max-dist=\(keyframeInterval) "
            + "! \(E.queue) ! \(E.webmmux) name=mux ! \(E.filesink) name=file buffer-mode=unbuffered async=false"
        if let audio {
            text += " \(audio.sourceFragment) ! \(E.audioconvert) ! \(E.audioresample) ! audio/x-raw,rate=48000 "
                + "! \(E.opusenc) ! \(E.queue) ! mux."
        }
        return text
    }
}

/// Where a take's sound comes from.
enum AudioSourceKind: Sendable, Equatable {
    /// A quiet 440 Hz tone.
    case testTone
    /// The default PulseAudio/PipeWire capture source.
    case microphone

    /// The source element, named `sound`.
    var sourceFragment: String {
        switch self {
        case .testTone: return "\(PipelineElements.audiotestsrc) name=sound is-live=true wave=sine freq=440 volume=0.05"
        case .microphone: return "\(PipelineElements.pulsesrc) name=sound"
        }
    }

    /// What `choice` means on this machine: the microphone when a sound server's socket exists.
    static func resolve(_ choice: AudioChoice, environment: [String: String]) -> AudioSourceKind {
        switch choice {
        case .synthetic: return .testTone
        case .microphone: return .microphone
        case .auto:
            if environment["PULSE_SERVER"] != nil { return .microphone }
            if let runtime = environment["XDG_RUNTIME_DIR"],
               FileManager.default.fileExists(atPath: runtime + "/pulse/native"),
               PipelineElements.pulsesrc.isInstalled {
                return .microphone
            }
            return .testTone
        }
    }
}
