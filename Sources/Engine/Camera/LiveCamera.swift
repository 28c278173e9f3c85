import CGStreamer
import CGstShim
import Foundation

/// The always-running pipeline of one camera: source, look chain, appsink into
/// the frame hub. Looks change element properties in place; nothing is rebuilt.
final class LiveCamera: @unchecked Sendable {
    /// The camera this pipeline shows.
    private(set) var source: CameraSource
    let pipeline: Pipeline
    private let frames: Element
    private let hub: FrameHub
    private let effects: LookEffects
    private let lock = NSLock()
    private var applied: [String: LookSettings.Value] = [:]
    private var watching = false
    private var watcher: Thread?
    private let onProblem: @Sendable (EngineError, LiveCamera?) -> Void

    /// Builds (does not start) the pipeline for `source`, wired to `hub` and `effects`;
    /// `onProblem` hears errors the running pipeline posts (with the camera that posted them).
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
            if case .device(let path) = source.kind {
                throw .noCamera("The camera at \(path) could not be opened: \(error.message)")
            }
            throw error
        }
        frames = try pipeline.element(LiveGraph.Name.frames)
        try effects.attach(to: try pipeline.element(LiveGraph.effectsElement), pad: LiveGraph.effectsPad)
        hub.attach(to: frames)
    }

    deinit {
        stopWatching()
        pipeline.stop()
        hub.detach(from: frames)
    }

    /// Plays the pipeline and waits for its first frame (at most `timeout` seconds).
    func start(timeout: Double) throws(EngineError) {
        let before = hub.framesSeen
        do {
            try pipeline.play(timeout: timeout)
        } catch {
            pipeline.stop()
            if case .device = source.kind { throw .noCamera("The camera \(source.info.name) would not start: \(error.message)") }
            throw error
        }
        let deadline = Date().addingTimeInterval(timeout)
        while hub.framesSeen == before {
            if let problem = pipeline.pendingError() {
                pipeline.stop()
                throw .pipeline("The camera pipeline failed: \(problem).")
            }
            if Date() > deadline {
                pipeline.stop()
                throw .noCamera("The camera \(source.info.name) sent no picture within \(Int(timeout)) seconds.")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        startWatching()
    }

    /// Stops the pipeline at once (NULL). It writes no file, so there is nothing to drain; and an EOS
    /// through `pipewiresrc` leaves the PipeWire node it read unable to serve the next reader.
    /// `timeout` is kept for the callers.
    func shutdown(timeout: Double) {
        stopWatching()
        pipeline.stop()
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

    // MARK: - Bus watching

    private func startWatching() {
        lock.lock()
        defer { lock.unlock() }
        guard watcher == nil else { return }
        watching = true
        let thread = Thread { [weak self] in
            while let camera = self, camera.isWatching {
                if let problem = camera.pipeline.nextProblem(timeout: 0.2) {
                    if problem.isError {
                        camera.onProblem(.noCamera("The camera stopped: \(problem.message)."), camera)
                    } else {
                        EngineLog.warn("warning from the camera pipeline: \(problem.message)")
                    }
                }
            }
        }
        thread.name = "retrocam-bus"
        watcher = thread
        thread.start()
    }

    private var isWatching: Bool {
        lock.lock()
        defer { lock.unlock() }
        return watching
    }

    private func stopWatching() {
        lock.lock()
        let thread = watcher
        watching = false
        watcher = nil
        lock.unlock()
        guard let thread, thread != Thread.current else { return }
        // The watcher wakes at least every 0.2 s; wait for it so it never pops EOS meant for finish().
        while thread.isExecuting { Thread.sleep(forTimeInterval: 0.01) }
    }
}
