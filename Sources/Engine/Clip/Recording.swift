import Body
import CGStreamer
import CGstShim
import Foundation
import Synchronization

/// One take being written: its own pipeline
/// `appsrc ! queue ! vp8enc ! webmmux ! fdsink` (plus an audio branch), fed by the frame hub.
/// The live pipeline never changes for a take, so looks keep applying with no gap.
///
/// The file is opened by the engine (`PrivateFolder.createUnique`: `O_CREAT|O_EXCL|O_NOFOLLOW`, 0600)
/// and handed to `fdsink` as a descriptor, so GStreamer never opens a path a planted link could
/// redirect; `fdsink` writes each buffer as it comes (nothing is held back in a user-space buffer,
/// so a killed take keeps every frame written) and seeks back at the end for the duration and cues.
final class Recording: Sendable {
    /// The in-progress record that is in the index while this runs.
    let entry: InProgressTake
    /// When recording began (wall clock).
    let startedAt: Date
    private let pipeline: Pipeline
    private let frames: Element
    private let hub: FrameHub
    /// What was handed to the take once feeding stopped (nil while it is fed).
    private let fed = Mutex<(frames: UInt64, end: Double?)?>(nil)
    /// The open take file `fdsink` writes; closed once the pipeline has stopped.
    private let output: Int32

    /// Builds and starts the take's pipeline writing the open file `output` (which it then owns and
    /// closes), then starts forwarding live frames into it. `onWriteError` hears, at once and from a
    /// GStreamer thread, the first error the running pipeline posts (a full disk, an I/O error).
    init(entry: InProgressTake, output: Int32, configuration: EngineConfiguration, audio: AudioSourceKind?,
         hub: FrameHub, onWriteError: @escaping @Sendable (String) -> Void) throws(IntentError) {
        self.entry = entry
        self.hub = hub
        self.output = output
        let description = Recording.description(configuration: configuration, audio: audio)
        do {
            pipeline = try Pipeline(launching: description, purpose: "recording pipeline")
            frames = try pipeline.element("frames")
            try pipeline.element("file").set("fd", Int(output))
            try pipeline.play(timeout: configuration.pipelineTimeout)
            // Only errors of the running take end it; a failure to start is thrown above.
            pipeline.onError(onWriteError)
        } catch {
            // Not fully made, so no deinit: the descriptor is closed here (the pipeline stops as it goes).
            _ = Glibc.close(output)
            throw error
        }
        startedAt = Date()
        hub.startForwarding(to: frames, from: pipeline.baseTime)
    }

    /// The end time of the last frame handed to the take, once feeding stopped: how much of the clip
    /// was written when it could not be finished normally.
    var fedSeconds: Double? { fed.withLock { $0?.end } }

    deinit {
        pipeline.stop()
        _ = Glibc.close(output)
    }

    /// Seconds since the take started.
    var seconds: Double { Date().timeIntervalSince(startedAt) }

    /// Stops sending live frames to this take (waiting up to a second for the
    /// first one, so a take stopped at once is not empty). Idempotent.
    func stopFeeding() {
        fed.withLock { fed in
            if fed == nil { fed = hub.stopForwarding(firstFrameTimeout: 1) }
        }
    }

    /// Ends the take: stops feeding, sends EOS through the encoder and muxer,
    /// waits for it to reach the file (at most `timeout` s), and answers the
    /// take's duration in seconds. Blocks: call on the pool.
    func finish(timeout: Double) throws(IntentError) -> Double {
        stopFeeding()
        gstshim_app_src_end_of_stream(frames.pointer)
        if let microphone = try? pipeline.element("sound") {
            _ = gstshim_send_eos(microphone.pointer)
        }
        try pipeline.waitForEndOfStream(timeout: timeout)
        guard let fed = fed.withLock({ $0 }), fed.frames > 0, let end = fed.end else {
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
            + "! \(E.queue) ! \(E.webmmux) name=mux ! \(E.fdsink) name=file async=false"
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
