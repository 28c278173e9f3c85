import Body
import CGStreamer
import CGstShim
import Foundation
import Synchronization

/// The pipeline of one camera: source, look chain, appsink into the frame hub. It plays only while
/// the camera is open (`open`/`close`); closed, it sits in NULL with the device released. Looks
/// change element properties in place; nothing is rebuilt.
///
/// `init`, `open` and `close` block (a pipeline is parsed, a state changes, a first frame is waited
/// for): the camera session calls them on the blocking pool, never on a task's thread.
final class LiveCamera: Sendable {
    let pipeline: Pipeline
    private let frames: Element
    private let hub: FrameHub
    private let effects: LookEffects
    private struct State {
        var source: CameraSource
        var applied: [String: LookSettings.Value] = [:]
        /// True from a successful `open` until `close`: errors then mean the camera stopped.
        var running = false
        /// The first error the pipeline posted while opening.
        var openingError: String?
        /// True while `open` runs (a state change a camera can hold for half a minute).
        var opening = false
        /// The session stopped waiting for this open: it must not leave the camera playing.
        var abandoned = false
    }
    private let state: Mutex<State>
    private let onProblem: @Sendable (IntentError, LiveCamera?) -> Void

    /// Builds (does not play) the pipeline for `source`, wired to `hub` and `effects`; `onProblem`
    /// hears errors the open pipeline posts (with the camera that posted them), from the posting thread:
    /// it must not block.
    init(source: CameraSource, configuration: EngineConfiguration, hub: FrameHub, effects: LookEffects,
         onProblem: @escaping @Sendable (IntentError, LiveCamera?) -> Void) throws(IntentError) {
        state = Mutex(State(source: source))
        self.hub = hub
        self.effects = effects
        self.onProblem = onProblem
        let description = LiveGraph.description(source: source, width: configuration.width,
                                                 height: configuration.height, framerate: configuration.framerate)
        do {
            pipeline = try Pipeline(launching: description, purpose: "camera pipeline")
        } catch {
            throw .noCamera("The camera \(source.spokenName) could not be opened: \(error.message)")
        }
        frames = try pipeline.element(LiveGraph.Name.frames)
        try effects.attach(to: try pipeline.element(LiveGraph.effectsElement), pad: LiveGraph.effectsPad)
        hub.attach(to: frames)
        BusWatch.install(on: pipeline) { [weak self] isError, text in self?.heard(isError: isError, text) }
    }

    deinit {
        // Closed by its owner before it goes (on the pool); NULL again is then no state change.
        pipeline.stop()
        hub.detach(from: frames)
    }

    /// The camera this pipeline shows.
    var source: CameraSource { state.withLock { $0.source } }

    /// Plays the pipeline (the device opens) and waits for its first good frame captured at or after
    /// `notBefore` (the dark frames a webcam sends while its exposure settles are skipped, see `WarmUp`),
    /// within `within` seconds for the whole: a camera that gives no picture is told apart from one
    /// whose format cannot be read, and both are named. Answers the frame. Blocks: call on the pool.
    func open(within seconds: Double, warmUp: WarmUp, notBefore: UInt64?) throws(IntentError) -> Sample {
        let deadline = Date().addingTimeInterval(seconds)
        state.withLock { state in
            state.openingError = nil
            state.opening = true
            state.abandoned = false
        }
        hub.warmUp(darkLuma: warmUp.darkLuma, maxFrames: warmUp.maxFrames, maxSeconds: warmUp.maxSeconds)
        do {
            try pipeline.play(timeout: seconds)
        } catch {
            throw failedOpen(openingProblem ?? (negotiated ? error.message : Self.noFormat))
        }
        let left = max(0.1, deadline.timeIntervalSinceNow)
        let frame = hub.waitForFrame(notBefore: notBefore.map(GstClockTime.init), timeout: left)
        let problem = openingProblem
        guard let frame, problem == nil else {
            throw failedOpen(problem ?? (negotiated ? Self.noPicture(within: seconds) : Self.noFormat))
        }
        let kept = state.withLock { state -> Bool in
            state.opening = false
            state.running = !state.abandoned
            return state.running
        }
        guard kept else { throw failedOpen("it took longer than \(Self.seconds(seconds)) seconds to start") }
        return frame
    }

    /// Stops the pipeline at once (NULL: the device is released) and forgets its last frame. It writes
    /// no file, so there is nothing to drain; and an EOS through `pipewiresrc` would leave the PipeWire
    /// node it read unable to serve the next reader. Blocks (a state change): call on the pool.
    func close() {
        state.withLock { $0.running = false }
        pipeline.stop()
        hub.clear()
    }

    /// Sets every property of `settings` that differs from what is set now (quick: no state change).
    func apply(_ settings: LookSettings) throws(IntentError) {
        let failures = state.withLock { state -> [String] in
            var failures: [String] = []
            for property in settings.properties {
                let key = "\(property.element).\(property.name)"
                if state.applied[key] == property.value { continue }
                do throws(IntentError) {
                    try pipeline.element(property.element).set(property.name, property.value)
                    state.applied[key] = property.value
                } catch {
                    failures.append(error.message)
                }
            }
            return failures
        }
        if !failures.isEmpty {
            throw .pipeline(failures.joined(separator: " "))
        }
    }

    /// Switches a test card to another pattern in place (no rebuild, no gap).
    func showTestCard(_ camera: CameraSource) async throws(IntentError) {
        guard case .testCard(let pattern) = camera.kind, case .testCard = source.kind else {
            throw .pipeline("Only a test card can change its pattern in place.")
        }
        try await TestCardSwitch.setPattern(pattern, on: pipeline.element(LiveGraph.Name.source))
        state.withLock { $0.source = camera }
    }

    // MARK: - Negotiation and the bus

    /// Why a camera whose source never agreed on a format with us gives no picture.
    static let noFormat = "it offers no picture format Retrocam can read"

    /// True while an `open` is still running (the session may have stopped waiting for it).
    var isOpening: Bool { state.withLock { $0.opening } }

    /// True once the session stopped waiting for an open of this camera.
    var wasAbandoned: Bool { state.withLock { $0.abandoned } }

    /// The session stops waiting for an `open` still running after `seconds` (a state change the camera
    /// holds): the open closes the camera itself when it ends. Answers the sentence for the caller, and
    /// true when the open had succeeded just before (the camera plays and must be closed).
    func abandonOpen(after seconds: Double) -> (IntentError, playing: Bool) {
        let playing = state.withLock { state -> Bool in
            state.abandoned = true
            return state.running
        }
        let reason = negotiated ? Self.noPicture(within: seconds) : Self.noFormat
        return (.noCamera("The camera \(source.spokenName) could not be opened: \(reason)."), playing)
    }

    /// Why a camera whose format was agreed gave no picture (in whole seconds, as a person says it).
    static func noPicture(within seconds: Double) -> String { "it sent no picture within \(Self.seconds(seconds.rounded(.up))) seconds" }

    /// Closes the pipeline again and names the camera and `reason` (without a full stop) in the error.
    private func failedOpen(_ reason: String) -> IntentError {
        state.withLock { $0.opening = false }
        close()
        var reason = reason
        while reason.hasSuffix(".") { reason.removeLast() }
        return .noCamera("The camera \(source.spokenName) could not be opened: \(reason).")
    }

    /// "5", "2.5".
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : String(format: "%.1f", value)
    }

    /// True when the source's output has a format agreed (its pad carries caps).
    private var negotiated: Bool {
        guard let source = try? pipeline.element(LiveGraph.Name.source),
              let pad = gst_element_get_static_pad(source.pointer, "src") else { return false }
        defer { gst_object_unref(pad) }
        guard let caps = gst_pad_get_current_caps(pad) else { return false }
        gst_caps_unref(caps)
        return true
    }

    private var openingProblem: String? { state.withLock { $0.openingError } }

    /// An error or warning from the bus, on the thread that posted it: nothing here may block.
    private func heard(isError: Bool, _ text: String) {
        guard isError else {
            EngineLog.warn("warning from the camera pipeline: \(text)")
            return
        }
        let wasRunning = state.withLock { state -> Bool in
            if !state.running, state.openingError == nil { state.openingError = text }
            return state.running
        }
        // Wakes an open or a photo waiting for a frame that will not come.
        hub.interrupt()
        guard wasRunning else { return }
        onProblem(.noCamera("The camera stopped: \(text)."), self)
    }
}

/// How a freshly opened camera's first frames are judged: real webcams send dark frames while their
/// exposure settles, and camera apps skip them. A frame whose mean luma is below `darkLuma` (of 255)
/// is skipped, at most `maxFrames` frames or `maxSeconds` seconds, so a dark room still gets its photo.
public struct WarmUp: Sendable, Equatable {
    /// Mean luma (0…255) below which a frame counts as dark.
    public var darkLuma = 24
    /// At most this many dark frames are skipped.
    public var maxFrames = 45
    /// At most this long is spent skipping dark frames.
    public var maxSeconds = 1.5

    /// The defaults above.
    public init() {}
}

extension CameraSource {
    /// "Test card (colour bars)", "HD Webcam at /dev/video0", "Virtual-Camera (PipeWire node 36)": how
    /// a sentence names the camera.
    var spokenName: String {
        switch kind {
        case .testCard: return info.name
        case .device(let path): return info.name == path ? path : "\(info.name) at \(path)"
        case .pipeWire(let target): return "\(info.name) (PipeWire node \(target))"
        }
    }
}
