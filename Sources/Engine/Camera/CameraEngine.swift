import Foundation

/// The real camera: one live GStreamer pipeline per camera, photos from its
/// latest frame, clips written by a per-take pipeline, a persisted library,
/// the freedesktop Trash and crash recovery.
///
/// Thread-safe: every method may be called from any thread or task.
public final class CameraEngine: @unchecked Sendable {
    /// What the engine was made with.
    public let configuration: EngineConfiguration
    /// The takes made so far (persisted in the state directory).
    public let library: TakeLibrary

    let lock = NSLock()
    let hub = FrameHub()
    private let effects = LookEffects()
    private let available: [CameraSource]
    private let discoveryProblem: EngineError?
    private let audioSource: AudioSourceKind
    private var selected: CameraSource?
    private(set) var live: LiveCamera?
    var recording: Recording?
    private var currentLook = Look()
    private var lastProblem: EngineError?
    /// The live camera reported an error: it shows nothing new until started again.
    private var liveFailed = false
    private var problemHandler: (@Sendable (EngineError) -> Void)?
    var interruptionHandler: (@Sendable (Take?, EngineError) -> Void)?
    /// Checks the free space while a take records.
    var storageWatch: DispatchSourceTimer?
    var probe: @Sendable (URL) -> Int64? = { StorageGuard.freeBytes(at: $0) }
    /// When a fresh tape went in, per technology.
    let tapes: TapeShelf
    /// The flash/torch LED that LIGHT/FLASH drives, when the machine has one; nil lights the picture instead.
    public let torch: TorchLED?

    /// Prepares directories, opens the library and finds the cameras; nothing plays until `start()`.
    public init(configuration: EngineConfiguration) throws {
        guard configuration.width >= 16, configuration.height >= 16, configuration.width <= 7680,
              configuration.height <= 4320, configuration.width % 2 == 0, configuration.height % 2 == 0 else {
            throw EngineError.pipeline("The picture size \(configuration.width)×\(configuration.height) is not usable; use even numbers from 16×16 to 7680×4320.")
        }
        guard (1...120).contains(configuration.framerate) else {
            throw EngineError.pipeline("The frame rate \(configuration.framerate) is not usable; use 1 to 120 frames per second.")
        }
        for folder in [configuration.picturesDirectory, configuration.videosDirectory] {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw EngineError.storageFull("The folder \(folder.path) could not be created: \(EngineError.reason(error)).")
            }
        }
        self.configuration = configuration
        library = try TakeLibrary(directory: configuration.stateDirectory)
        if library.damagedIndex != nil {
            IndexRebuild(library: library).adoptFiles(picturesDirectory: configuration.picturesDirectory,
                                                      videosDirectory: configuration.videosDirectory)
        }
        tapes = TapeShelf(directory: configuration.stateDirectory)
        torch = TorchLED.find(in: configuration.ledsDirectory)
        do {
            available = try CameraCatalog.cameras(for: configuration.source)
            discoveryProblem = nil
        } catch {
            available = []
            discoveryProblem = error
        }
        selected = available.first { $0.info.facing == "back" } ?? available.first
        audioSource = AudioSourceKind.resolve(configuration.audio, environment: ProcessInfo.processInfo.environment)
    }

    /// Released without `shutdown()`: a take in progress is still closed and indexed.
    deinit {
        if let recording {
            let entry = recording.entry
            let duration = try? recording.finish(timeout: 2)
            let take = duration.map {
                Take(id: entry.id, kind: .clip, path: entry.path, created: entry.started, duration: $0, tags: entry.tags)
            }
            // Without a duration the in-progress mark stays, and the next start repairs the file.
            if let take { try? library.endInProgress(path: entry.path, finished: take) }
        }
        live?.shutdown(timeout: 1)
    }

    // MARK: - Running

    /// Initialises GStreamer, builds and plays the live pipeline of the selected
    /// camera and waits for its first frame. Throws `.noCamera` or `.pipeline`.
    public func start() throws {
        try GStreamerRuntime.ensure()
        lock.lock()
        defer { lock.unlock() }
        if let failed = live, liveFailed {
            // A camera that failed (unplugged, driver error) is rebuilt from scratch.
            live = nil
            failed.shutdown(timeout: 1)
        }
        guard live == nil else { return }
        guard let camera = selected else {
            throw discoveryProblem ?? EngineError.noCamera("No camera was found.")
        }
        live = try startLive(camera)
        liveFailed = false
        lastProblem = nil
    }

    /// Finishes a take in progress (EOS, file closed and indexed), then stops the camera.
    public func shutdown() async {
        if isRecording {
            do {
                _ = try await stopClip()
            } catch {
                EngineError.log(error, context: "finishing the take at shutdown")
            }
        }
        let camera: LiveCamera? = locked {
            defer { live = nil }
            return live
        }
        guard let camera else { return }
        await offloadQuietly { camera.shutdown(timeout: 1) }
    }

    /// Called with a sentence when the live camera fails while running (e.g. it was unplugged).
    public func onProblem(_ handler: @escaping @Sendable (EngineError) -> Void) {
        lock.lock()
        problemHandler = handler
        lock.unlock()
    }

    /// The last failure of the live camera, if any.
    public var problem: EngineError? { locked { lastProblem } }

    // MARK: - Cameras

    /// The cameras FLIP switches between (the synthetic source offers two test cards).
    public var cameras: [CameraInfo] { available.map(\.info) }

    /// The camera showing now (or chosen for `start()`).
    public var currentCamera: CameraInfo? { locked { selected?.info } }

    /// Switches to the camera facing `facing` ("back" or "front"). Test cards
    /// switch in place; a real device gets a new live pipeline (a take continues on it).
    public func selectCamera(facing: String) throws {
        guard let camera = available.first(where: { $0.info.facing == facing }) else {
            let offered = available.map(\.info.facing).joined(separator: " and ")
            throw EngineError.noCamera("There is no \(facing) camera; \(offered.isEmpty ? "no camera was found" : "there is \(offered)").")
        }
        lock.lock()
        defer { lock.unlock() }
        guard camera != selected else { return }
        if let current = live {
            if !liveFailed, case .testCard = camera.kind, case .testCard = current.source.kind {
                try current.showTestCard(camera)
            } else {
                let replacement = try startLive(camera)
                live = replacement
                liveFailed = false
                current.shutdown(timeout: 1)
            }
        }
        selected = camera
    }

    // MARK: - Look

    /// The look in use.
    public var look: Look { locked { currentLook } }

    /// Changes the picture live: element properties and effect parameters change
    /// in place, so a take in progress continues without a gap.
    public func setLook(_ look: Look) {
        lock.lock()
        defer { lock.unlock() }
        currentLook = look
        var rendered = look
        if let torch {
            // A real lamp lights the scene; the picture is not brightened as well.
            do { try torch.set(on: look.fillLight) } catch { EngineError.log(error, context: "the light") }
            rendered.fillLight = false
        }
        guard let live else { return }
        let settings = LookSettings(look: rendered, width: configuration.width, height: configuration.height)
        effects.set(settings.effects)
        do {
            try live.apply(settings)
        } catch {
            EngineError.log(error, context: "applying the look")
        }
    }

    // MARK: - Photos

    /// Saves the frame that was live when the call arrived as a JPEG in the
    /// pictures folder (zero shutter lag: nothing is rebuilt or waited for).
    public func takePhoto(tags: [String: String]) async throws -> Take {
        let requested = Date()
        let frame: Sample = try locked {
            try requireLiveCamera()
            guard let frame = hub.latest() else { throw EngineError.noCamera("The camera has not sent a picture yet.") }
            // A photo is of now or not at all: a camera that went quiet gives no stale picture.
            guard hub.latestAge < CameraEngine.stalePictureSeconds else {
                throw EngineError.noCamera("The camera has stopped sending pictures.")
            }
            return frame
        }
        try StorageGuard.check(configuration.picturesDirectory, minimum: configuration.minimumFreeBytes,
                               probe: freeSpaceProbe)
        let timeout = configuration.pipelineTimeout
        let jpeg = try await offload { try frame.encoded(as: "image/jpeg", timeout: timeout) }
        let url = try writeNewFile(jpeg, base: TakeNaming.baseName(date: requested, tags: tags), extension: "jpg")
        let take = Take(kind: .photo, path: url.path, created: requested, tags: tags)
        try library.add(take)
        return take
    }

    // MARK: - Clips

    /// Starts a clip: VP8 (+ Opus when `audio`) in WebM, in the videos folder.
    /// Throws `.alreadyRecording`, `.storageFull`, `.noCamera` or `.pipeline`.
    public func startClip(tags: [String: String], audio: Bool) throws {
        lock.lock()
        defer { lock.unlock() }
        try requireLiveCamera()
        guard recording == nil else { throw EngineError.alreadyRecording }
        try StorageGuard.check(configuration.videosDirectory, minimum: configuration.minimumFreeBytes, probe: probe)
        let started = Date()
        let url = TakeNaming.uniqueURL(in: configuration.videosDirectory,
                                       base: TakeNaming.baseName(date: started, tags: tags), extension: "webm")
        let entry = InProgressTake(id: UUID().uuidString.lowercased(), kind: .clip, path: url.path,
                                   started: started, tags: tags, audio: audio)
        try library.beginInProgress(entry)
        do {
            recording = try startRecording(entry, audio: audio ? audioSource : nil)
            watchStorage(of: entry.path)
        } catch {
            try? library.endInProgress(path: entry.path, finished: nil)
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }

    /// True while a clip is recording.
    public var isRecording: Bool { locked { recording != nil } }

    /// Seconds the current clip has been recording (0 when none is).
    public var recordingSeconds: Double { locked { recording?.seconds ?? 0 } }

    /// Ends the clip: EOS through its pipeline, waits for the file to close,
    /// indexes it and returns the take with its duration.
    public func stopClip() async throws -> Take {
        let take: Recording = try locked {
            guard let take = recording else { throw EngineError.notRecording }
            take.stopFeeding()
            recording = nil
            storageWatch?.cancel()
            storageWatch = nil
            return take
        }
        let timeout = configuration.pipelineTimeout
        let entry = take.entry
        do {
            let duration = try await offload { try take.finish(timeout: timeout) }
            let finished = Take(id: entry.id, kind: .clip, path: entry.path, created: entry.started,
                                duration: duration, tags: entry.tags)
            try library.endInProgress(path: entry.path, finished: finished)
            return finished
        } catch {
            // The file holds what was written; repair it now rather than at the next start.
            EngineError.log(error, context: "finishing \(entry.path)")
            let recovery = Recovery(library: library, timeout: timeout)
            if let repaired = try? recovery.recover(entry) {
                try library.endInProgress(path: entry.path, finished: repaired)
                return repaired
            }
            try? library.endInProgress(path: entry.path, finished: nil)
            throw error
        }
    }

    // MARK: - Library

    /// Moves a take's file to the freedesktop Trash and removes it from the library.
    public func moveToTrash(_ take: Take) throws {
        if locked({ recording?.entry.path == take.path }) {
            throw EngineError.trash("The clip is still recording; stop it first.")
        }
        guard let stored = library.take(id: take.id) else {
            throw EngineError.notFound("That take is not in the library.")
        }
        guard FileManager.default.fileExists(atPath: stored.path) else {
            try library.remove(id: stored.id)
            throw EngineError.notFound("The file \(stored.url.lastPathComponent) is no longer there.")
        }
        try Trash(directory: configuration.trashDirectory).move(stored.url)
        try library.remove(id: stored.id)
    }

    /// Repairs clips left "in progress" by a killed daemon (remuxed so they have a
    /// duration and seek index), marks them recovered and indexes them.
    public func recoverInterruptedTakes() -> [Take] {
        let active = locked { recording?.entry.path }
        return Recovery(library: library, timeout: max(30, configuration.pipelineTimeout)).recoverAll(except: active)
    }

    // MARK: - Helpers

    /// A frame older than this is not "the frame live when the call arrived".
    static let stalePictureSeconds = 2.0

    /// Builds, wires and plays a live pipeline for `camera` with the current look. Call with the lock held.
    private func startLive(_ camera: CameraSource) throws -> LiveCamera {
        let camera = try LiveCamera(source: camera, configuration: configuration, hub: hub, effects: effects) {
            [weak self] problem, reporter in self?.report(problem, from: reporter)
        }
        let settings = LookSettings(look: currentLook, width: configuration.width, height: configuration.height)
        effects.set(settings.effects)
        try camera.apply(settings)
        try camera.start(timeout: configuration.pipelineTimeout)
        return camera
    }

    /// Starts the take's pipeline. A microphone that cannot be opened does not
    /// cost the picture: the take is retried without sound (and the log says so).
    private func startRecording(_ entry: InProgressTake, audio: AudioSourceKind?) throws -> Recording {
        do {
            return try Recording(entry: entry, configuration: configuration, audio: audio, hub: hub)
        } catch where audio == .microphone {
            EngineError.log(error, context: "opening the microphone; recording without sound")
            return try Recording(entry: entry, configuration: configuration, audio: nil, hub: hub)
        }
    }

    /// Throws `.noCamera` unless a live camera is running and healthy. Call with the lock held.
    private func requireLiveCamera() throws {
        guard live != nil else { throw EngineError.noCamera("The camera is not running.") }
        if liveFailed {
            throw EngineError.noCamera(lastProblem?.message ?? "The camera stopped.")
        }
    }

    /// A live camera's bus reported an error: remember it and tell the handler.
    private func report(_ problem: EngineError, from camera: LiveCamera?) {
        EngineError.log(problem, context: "live camera")
        let (current, handler): (Bool, (@Sendable (EngineError) -> Void)?) = locked {
            guard camera == nil || camera === live else { return (false, nil) }
            lastProblem = problem
            liveFailed = true
            return (true, problemHandler)
        }
        guard current else { return }
        handler?(problem)
        // No more pictures will come: close the take with what was written.
        interruptTake(path: nil, because: problem)
    }

    /// Writes `data` to a new file named after `base`, never replacing one.
    private func writeNewFile(_ data: Data, base: String, extension ext: String) throws -> URL {
        for _ in 0..<5 {
            let url = TakeNaming.uniqueURL(in: configuration.picturesDirectory, base: base, extension: ext)
            do {
                try data.write(to: url, options: .withoutOverwriting)
                return url
            } catch CocoaError.fileWriteFileExists {
                continue
            } catch {
                throw EngineError.storageFull("The photo could not be saved: \(EngineError.reason(error)).")
            }
        }
        throw EngineError.storageFull("The photo could not be given a free file name.")
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// Runs blocking GStreamer work (encoding, EOS waits) off the cooperative thread pool.
func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// Like `offload`, for work that cannot fail.
func offloadQuietly(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            work()
            continuation.resume()
        }
    }
}
