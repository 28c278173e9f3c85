import Foundation

/// The real camera: one live GStreamer pipeline per camera, open only while something needs it
/// (see `CameraEngine+Lifecycle.swift`), photos from its latest frame, clips written by a per-take
/// pipeline, a persisted library, the freedesktop Trash and crash recovery.
///
/// Thread-safe: every method may be called from any thread or task.
public final class CameraEngine: @unchecked Sendable {
    /// What the engine was made with.
    public let configuration: EngineConfiguration
    /// The takes made so far (persisted in the state directory).
    public let library: TakeLibrary

    let lock = NSLock()
    /// Serialises moves to the Trash.
    private let trashLock = NSLock()
    let hub = FrameHub()
    let effects = LookEffects()
    /// The cameras present, followed as they come and go (see `CameraEngine+Hotplug.swift`).
    let roster: CameraRoster
    /// Told when the cameras present change.
    var camerasHandler: (@Sendable ([CameraInfo]) -> Void)?
    private let audioSource: AudioSourceKind
    var selected: CameraSource?
    /// The selected camera's pipeline: playing while open, in NULL while the camera sleeps.
    var live: LiveCamera?
    var recording: Recording?
    var currentLook = Look()
    var lastProblem: EngineError?
    /// The live camera reported an error: it is rebuilt at the next open.
    var liveFailed = false
    /// Opens and closes the camera, one transition at a time, and runs the linger timer.
    let cameraQueue = DispatchQueue(label: "org.retrocam.camera")
    /// Holds that want the camera open (takes, countdowns, shortcuts, preview clients).
    var holds: Set<Int> = []
    /// The number of the last hold given out.
    var nextHold = 0
    /// Closes the camera when the linger after the last hold has passed.
    var lingerTimer: DispatchSourceTimer?
    /// True while the pipeline plays and has delivered its first good frame.
    var cameraIsOpen = false
    /// Told whenever the camera opens or closes.
    var openObservers: [@Sendable (Bool) -> Void] = []
    /// How many times the camera was asked to open (tests check that a failed open is retried).
    var openAttempts = 0
    /// When (on the pipelines' clock) the current look was on every element: a photo waits for a frame
    /// captured after this, so it carries every setting answered before it.
    var lookAppliedAt: UInt64 = 0
    /// The hold of the clip being recorded.
    var recordingRelease: Release?
    var interruptionHandler: (@Sendable (Take?, EngineError) -> Void)?
    /// Checks the free space while a take records.
    var storageWatch: DispatchSourceTimer?
    var probe: @Sendable (URL) -> Int64? = { StorageGuard.freeBytes(at: $0) }
    /// When a fresh tape went in, per technology.
    let tapes: TapeShelf
    /// The flash/torch LED that LIGHT/FLASH drives, when the machine has one; nil lights the picture instead.
    public let torch: TorchLED?

    /// Prepares directories, opens the library and finds the cameras; the camera stays closed until
    /// something needs it.
    public convenience init(configuration: EngineConfiguration) throws {
        try self.init(configuration: configuration, cameras: nil)
    }

    /// An engine over `cameras` instead of those `configuration.source` finds (tests: a failing device).
    init(configuration: EngineConfiguration, cameras: [CameraSource]?) throws {
        guard configuration.width >= 16, configuration.height >= 16, configuration.width <= 7680,
              configuration.height <= 4320, configuration.width % 2 == 0, configuration.height % 2 == 0 else {
            throw EngineError.pipeline("The picture size \(configuration.width)×\(configuration.height) is not usable; use even numbers from 16×16 to 7680×4320.")
        }
        guard (1...120).contains(configuration.framerate) else {
            throw EngineError.pipeline("The frame rate \(configuration.framerate) is not usable; use 1 to 120 frames per second.")
        }
        for folder in [configuration.picturesDirectory, configuration.videosDirectory] {
            do { _ = try PrivateFolder.open(folder) } catch { throw error.engineError(saving: "takes") }
        }
        self.configuration = configuration
        library = try TakeLibrary(directory: configuration.stateDirectory)
        if library.damagedIndex != nil {
            IndexRebuild(library: library).adoptFiles(picturesDirectory: configuration.picturesDirectory,
                                                      videosDirectory: configuration.videosDirectory)
        }
        tapes = TapeShelf(directory: configuration.stateDirectory)
        torch = TorchLED.find(in: configuration.ledsDirectory)
        roster = cameras.map { CameraRoster(fixed: $0) } ?? CameraRoster(choice: configuration.source)
        selected = Self.preferred(in: roster.cameras)
        audioSource = AudioSourceKind.resolve(configuration.audio, environment: ProcessInfo.processInfo.environment)
        roster.onChange { [weak self] cameras in self?.camerasChanged(cameras) }
    }

    /// Released without `shutdown()`: a take in progress is still closed and indexed.
    deinit {
        roster.stop()
        // A take still running is finished and indexed as every take is (remuxed, or kept as written, when
        // its pipeline cannot finish in time on a loaded machine).
        if let recording { _ = closeTake(recording, timeout: 2) }
        lingerTimer?.cancel()
        live?.close()
    }

    // MARK: - Problems

    /// The last failure of the live camera, if any.
    public var problem: EngineError? { locked { lastProblem } }

    // MARK: - Cameras

    /// The cameras present now: those FLIP switches between (the synthetic source offers two test
    /// cards), and any beyond two (`external`, chosen by name).
    public var cameras: [CameraInfo] { roster.cameras.map(\.info) }

    /// The camera showing now (or chosen for `start()`).
    public var currentCamera: CameraInfo? { locked { selected?.info } }

    /// Switches to the camera facing `facing` ("back" or "front"). Test cards
    /// switch in place; a real device gets a new live pipeline (a take continues on it).
    public func selectCamera(facing: String) throws {
        let available = roster.cameras
        guard let camera = available.first(where: { $0.info.facing == facing }) else {
            let offered = available.map(\.info.facing).joined(separator: " and ")
            throw EngineError.noCamera("There is no \(facing) camera; \(offered.isEmpty ? "no camera was found" : "there is \(offered)").")
        }
        lock.lock()
        defer { lock.unlock() }
        try show(camera)
    }

    /// Makes `camera` the one showing: a test card switches in place, another camera gets a new live
    /// pipeline (a take continues on it). Call with the lock held.
    func show(_ camera: CameraSource) throws {
        guard camera != selected else { return }
        if let current = live {
            if !liveFailed, case .testCard = camera.kind, case .testCard = current.source.kind {
                try current.showTestCard(camera)
            } else {
                // The old camera lets go first: two pipelines feeding the hub would let a photo catch
                // the old picture, and a PipeWire node that went away must be left before another opens.
                live = nil
                current.close()
                if cameraIsOpen {
                    // Open: the new camera opens now. Asleep: its pipeline is built when it next opens.
                    let replacement = try buildLive(camera)
                    live = replacement
                    do {
                        try replacement.open(timeout: configuration.pipelineTimeout, warmUp: configuration.warmUp)
                        liveFailed = false
                    } catch {
                        // The next open rebuilds it; until then captures answer why.
                        liveFailed = true
                        lastProblem = error
                        selected = camera
                        closeFailedCamera()
                        throw error
                    }
                }
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
        guard look != currentLook else { return }
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
        // Set after the elements have it: a frame captured from now on is rendered with this look.
        lookAppliedAt = CameraEngine.clockNow()
    }

    // MARK: - Photos

    /// Saves a JPEG in the pictures folder: the frame live when the call arrived (zero shutter lag)
    /// when it already carries the current look, else the first frame that does. A sleeping camera is
    /// opened first (its dark first frames skipped) and lingers afterwards.
    public func takePhoto(tags: [String: String]) async throws -> Take {
        let requested = Date()
        let release = acquire("a photo", openInBackground: false)
        defer { release() }
        try await openForUse()
        let frame = try await frameForPhoto()
        let timeout = configuration.pipelineTimeout
        let (folder, minimum, probe, library) = (configuration.picturesDirectory, configuration.minimumFreeBytes, freeSpaceProbe, library)
        // The disk is touched only off the caller's thread: a stalled folder must not stall the bus.
        return try await offload {
            try StorageGuard.check(folder, minimum: minimum, probe: probe)
            let jpeg = try frame.encoded(as: "image/jpeg", timeout: timeout)
            let path: String
            do throws(FileFailure) {
                path = try PrivateFolder.open(folder).writeNew(jpeg, base: TakeNaming.baseName(date: requested, tags: tags),
                                                               extension: "jpg")
            } catch {
                throw error.engineError(saving: "the photo")
            }
            let take = Take(kind: .photo, path: path, created: requested, tags: tags)
            do { try library.add(take) } catch {
                // A photo the index cannot list is not kept half-saved.
                unlink(path)
                throw error
            }
            return take
        }
    }

    // MARK: - Clips

    /// Starts a clip: VP8 (+ Opus when `audio`) in WebM, in the videos folder. A sleeping camera is
    /// opened first; it stays open until the clip ends.
    /// Throws `.alreadyRecording`, `.storageFull`, `.noCamera` or `.pipeline`.
    public func startClip(tags: [String: String], audio: Bool) async throws {
        guard !isRecording else { throw EngineError.alreadyRecording }
        let release = acquire("a clip", openInBackground: false)
        do {
            try await openForUse()
            // Off the caller's thread: the file is created and the take's pipeline started here.
            try await offload { [self] in try beginClip(tags: tags, audio: audio, release: release) }
        } catch {
            release()
            throw error
        }
    }

    /// Starts the take's pipeline on the open camera, with the hold `release` lets go of keeping it open.
    private func beginClip(tags: [String: String], audio: Bool, release: @escaping Release) throws {
        lock.lock()
        defer { lock.unlock() }
        try requireLiveCamera()
        guard recording == nil else { throw EngineError.alreadyRecording }
        try StorageGuard.check(configuration.videosDirectory, minimum: configuration.minimumFreeBytes, probe: probe)
        let started = Date()
        let folder: PrivateFolder
        let file: (name: String, descriptor: Int32)
        do {
            folder = try PrivateFolder.open(configuration.videosDirectory)
            file = try folder.createUnique(base: TakeNaming.baseName(date: started, tags: tags), extension: "webm")
        } catch {
            throw error.engineError(saving: "the clip")
        }
        let entry = InProgressTake(id: UUID().uuidString.lowercased(), kind: .clip, path: folder.path(file.name),
                                   started: started, tags: tags, audio: audio)
        do {
            try library.beginInProgress(entry)
        } catch {
            close(file.descriptor)
            folder.remove(file.name)
            throw error
        }
        do {
            recording = try startRecording(entry, output: file.descriptor, audio: audio ? audioSource : nil)
            recordingRelease = release
            watchStorage(of: entry.path)
        } catch {
            try? library.endInProgress(path: entry.path, finished: nil)
            folder.remove(file.name)
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
        try await stopClip(timeoutOverride: nil)
    }

    /// `stopClip`, waiting at most `timeoutOverride` seconds for the file to close when given.
    func stopClip(timeoutOverride: Double?) async throws -> Take {
        defer { endRecordingLease() }
        let timeout = timeoutOverride ?? configuration.pipelineTimeout
        // Off the caller's thread: stopping the feed may wait for a first frame, finishing waits for the file.
        return try await offload { [self] in
            let take: Recording = try locked {
                guard let take = recording else { throw EngineError.notRecording }
                take.stopFeeding()
                recording = nil
                storageWatch?.cancel()
                storageWatch = nil
                return take
            }
            return try closeTake(take, timeout: timeout).get()
        }
    }

    // MARK: - Library

    /// Moves a take's file to the freedesktop Trash and removes it from the library.
    public func moveToTrash(_ take: Take) throws {
        // One move at a time: two UNDOs of the same take must not both find it and race for the file.
        trashLock.lock()
        defer { trashLock.unlock() }
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

    /// Builds and wires (does not play) a pipeline for `camera` with the current look. Call with the lock held.
    func buildLive(_ camera: CameraSource) throws -> LiveCamera {
        let camera = try LiveCamera(source: camera, configuration: configuration, hub: hub, effects: effects) {
            [weak self] problem, reporter in self?.report(problem, from: reporter)
        }
        let settings = LookSettings(look: currentLook, width: configuration.width, height: configuration.height)
        effects.set(settings.effects)
        try camera.apply(settings)
        return camera
    }

    /// Starts the take's pipeline. A microphone that cannot be opened does not
    /// cost the picture: the take is retried without sound (and the log says so).
    private func startRecording(_ entry: InProgressTake, output: Int32, audio: AudioSourceKind?) throws -> Recording {
        let path = entry.path
        let onWriteError: @Sendable (String) -> Void = { [weak self] problem in
            let engine = self
            // Off the GStreamer thread that failed: closing the take waits on that pipeline.
            DispatchQueue.global(qos: .userInitiated).async { engine?.recordingFailed(path: path, problem: problem) }
        }
        guard audio == .microphone else {
            return try Recording(entry: entry, output: output, configuration: configuration, audio: audio, hub: hub,
                                 onWriteError: onWriteError)
        }
        // A microphone that cannot be opened does not cost the picture: the take is retried without sound.
        let spare = fcntl(output, F_DUPFD_CLOEXEC, 0)
        do {
            let take = try Recording(entry: entry, output: output, configuration: configuration, audio: audio, hub: hub,
                                     onWriteError: onWriteError)
            if spare >= 0 { close(spare) }
            return take
        } catch where spare >= 0 {
            EngineError.log(error, context: "opening the microphone; recording without sound")
            // The same file from its start: whatever the failed attempt wrote is dropped.
            _ = ftruncate(spare, 0)
            _ = lseek(spare, 0, SEEK_SET)
            return try Recording(entry: entry, output: spare, configuration: configuration, audio: nil, hub: hub,
                                 onWriteError: onWriteError)
        }
    }

    /// Throws `.noCamera` unless a live camera is running and healthy. Call with the lock held.
    func requireLiveCamera() throws {
        guard live != nil, cameraIsOpen else { throw lastProblem ?? EngineError.noCamera("The camera is not running.") }
        if liveFailed {
            throw EngineError.noCamera(lastProblem?.message ?? "The camera stopped.")
        }
    }

    /// A live camera's bus reported an error: remember it (`problem`), close the camera (the open
    /// observers hear it) and end a take in progress (the interruption handler hears that).
    func report(_ problem: EngineError, from camera: LiveCamera?) {
        EngineError.log(problem, context: "live camera")
        let current = locked { () -> Bool in
            guard camera == nil || camera === live else { return false }
            lastProblem = problem
            liveFailed = true
            return true
        }
        guard current else { return }
        // The device is released now; the next open builds the camera again.
        closeFailedCamera()
        // No more pictures will come: close the take with what was written.
        interruptTake(path: nil, because: problem)
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

