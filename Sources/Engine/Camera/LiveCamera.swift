import CGStreamer
import CGstShim
import Foundation

/// The pipeline of one camera: source, look chain, appsink into the frame hub. It plays only while
/// the camera is open (`open`/`close`); closed, it sits in NULL with the device released. Looks
/// change element properties in place; nothing is rebuilt.
final class LiveCamera: @unchecked Sendable {
    /// The camera this pipeline shows.
    private(set) var source: CameraSource
    let pipeline: Pipeline
    private let frames: Element
    private let hub: FrameHub
    private let effects: LookEffects
    private let lock = NSLock()
    private var applied: [String: LookSettings.Value] = [:]
    /// True from a successful `open` until `close`: errors then mean the camera stopped.
    private var running = false
    /// The first error the pipeline posted while opening.
    private var openingError: String?
    private let onProblem: @Sendable (EngineError, LiveCamera?) -> Void

    /// Builds (does not play) the pipeline for `source`, wired to `hub` and `effects`; `onProblem`
    /// hears errors the open pipeline posts (with the camera that posted them), on a queue of its own.
    init(source: CameraSource, configuration: EngineConfiguration, hub: FrameHub, effects: LookEffects,
         onProblem: @escaping @Sendable (EngineError, LiveCamera?) -> Void) throws(EngineError) {
        self.source = source
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
        pipeline.stop()
        hub.detach(from: frames)
    }

    /// Plays the pipeline (the device opens) and waits, at most `timeout` seconds, for its first good
    /// frame: the dark frames a webcam sends while its exposure settles are skipped (see `WarmUp`).
    func open(timeout: Double, warmUp: WarmUp) throws(EngineError) {
        lock.withLock { openingError = nil }
        hub.warmUp(darkLuma: warmUp.darkLuma, maxFrames: warmUp.maxFrames, maxSeconds: warmUp.maxSeconds)
        do {
            try pipeline.play(timeout: timeout)
        } catch {
            close()
            throw .noCamera("The camera \(source.spokenName) could not be opened: \(openingProblem ?? error.message).")
        }
        let frame = hub.waitForFrame(notBefore: nil, timeout: timeout)
        let problem = openingProblem
        guard frame != nil, problem == nil else {
            close()
            if let problem { throw .noCamera("The camera \(source.spokenName) could not be opened: \(problem).") }
            throw .noCamera("The camera \(source.spokenName) sent no picture within \(Int(timeout)) seconds.")
        }
        lock.withLock { running = true }
    }

    /// Stops the pipeline at once (NULL: the device is released) and forgets its last frame. It writes
    /// no file, so there is nothing to drain; and an EOS through `pipewiresrc` would leave the PipeWire
    /// node it read unable to serve the next reader.
    func close() {
        lock.withLock { running = false }
        pipeline.stop()
        hub.clear()
    }

    /// Sets every property of `settings` that differs from what is set now.
    func apply(_ settings: LookSettings) throws(EngineError) {
        lock.lock()
        defer { lock.unlock() }
        var failures: [String] = []
        for property in settings.properties {
            let key = "\(property.element).\(property.name)"
            if applied[key] == property.value { continue }
            do {
                let element = try pipeline.element(property.element)
                switch property.value {
                case .bool(let value): try element.set(property.name, value)
                case .int(let value): try element.set(property.name, value)
                case .double(let value): try element.set(property.name, value)
                case .string(let value): try element.set(property.name, string: value)
                case .argument(let value): try element.set(property.name, argument: value)
                }
                applied[key] = property.value
            } catch {
                failures.append(error.message)
            }
        }
        if !failures.isEmpty {
            throw .pipeline(failures.joined(separator: " "))
        }
    }

    /// Switches a test card to another pattern in place (no rebuild, no gap).
    func showTestCard(_ camera: CameraSource) throws(EngineError) {
        guard case .testCard(let pattern) = camera.kind, case .testCard = source.kind else {
            throw .pipeline("Only a test card can change its pattern in place.")
        }
        try TestCardSwitch.setPattern(pattern, on: pipeline.element(LiveGraph.Name.source))
        lock.lock()
        source = camera
        lock.unlock()
    }

    // MARK: - Bus

    private var openingProblem: String? { lock.withLock { openingError } }

    /// An error or warning from the bus, on the thread that posted it: nothing here may block.
    private func heard(isError: Bool, _ text: String) {
        guard isError else {
            EngineLog.warn("warning from the camera pipeline: \(text)")
            return
        }
        let wasRunning = lock.withLock { () -> Bool in
            if !running, openingError == nil { openingError = text }
            return running
        }
        // Wakes an open or a photo waiting for a frame that will not come.
        hub.interrupt()
        guard wasRunning else { return }
        let onProblem = self.onProblem
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            onProblem(.noCamera("The camera stopped: \(text)."), self)
        }
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
