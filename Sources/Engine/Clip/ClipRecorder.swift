import Blocking
import Body
import Foundation

/// The clip being recorded: VP8 (+ Opus) in WebM in the videos folder, written by a pipeline of its own
/// fed from the live camera (`Recording`), holding the camera open while it runs. It ends when asked
/// (`stop`), or by itself — the disk fills up (checked while recording), the file cannot be written, or
/// the camera fails or goes away — and then the take is closed with what was written, indexed, and the
/// interruption handler is told. Pipelines start and finish on the blocking pool.
public actor ClipRecorder {
    let session: CameraSession
    let store: TakeStore
    let pool: BlockingPool
    private let audioSource: AudioSourceKind
    /// The take recording now.
    private var recording: Recording?
    /// True while a take is being started (a second start is refused meanwhile).
    private var starting = false
    /// The take's hold on the camera.
    private var release: CameraSession.Release?
    /// Checks the free space every `storageCheckInterval` while the take records.
    private var storageWatch: Task<Void, Never>?
    private var interruptionHandler: (@Sendable (Take?, IntentError) -> Void)?

    init(session: CameraSession, store: TakeStore, pool: BlockingPool) {
        self.session = session
        self.store = store
        self.pool = pool
        audioSource = AudioSourceKind.resolve(store.configuration.audio, environment: ProcessInfo.processInfo.environment)
        // A camera that fails (or goes away) gives no more pictures: its take is closed with what was written.
        Task { [weak self, failures = session.failures] in
            for await problem in failures { await self?.interrupt(path: nil, because: problem) }
        }
    }

    /// Released mid-take without `shutdown()`: the take is closed and indexed on the pool, not waited for.
    deinit {
        guard let recording else { return }
        release?()
        let store = self.store
        try? pool.submit("finishing the take") { _ = TakeClosing.close(recording, in: store, timeout: 2) }
    }

    /// True while a clip is recording.
    public var isRecording: Bool { recording != nil }

    /// Seconds the current clip has been recording (0 when none is).
    public var recordingSeconds: Double { recording?.seconds ?? 0 }

    /// The file the clip recording now is written to.
    var activePath: String? { recording?.entry.path }

    /// Called when the recorder ends a take itself — the disk filled up, the camera went away — with
    /// the take as saved (nil when nothing could be saved) and why.
    public func onTakeInterrupted(_ handler: @escaping @Sendable (Take?, IntentError) -> Void) {
        interruptionHandler = handler
    }

    /// Starts a clip (with sound when `audio`); a sleeping camera is opened first and stays open until
    /// the clip ends. Throws `.alreadyRecording`, `.storageFull`, `.noCamera` or `.pipeline`.
    public func start(tags: [String: String], audio: Bool) async throws {
        guard recording == nil, !starting else { throw IntentError.alreadyRecording }
        starting = true
        defer { starting = false }
        let hold = session.acquire("a clip", openInBackground: false)
        do {
            try await session.open()
            try await session.requireLive()
            let (store, hub, configuration) = (self.store, session.hub, store.configuration)
            let sound = audio ? audioSource : nil
            let onWriteError: @Sendable (String, String) -> Void = { [weak self] path, problem in
                Task { await self?.writeFailed(path: path, problem: problem) }
            }
            let take = try await pool.run("starting the clip") {
                let (entry, file) = try store.beginClip(tags: tags, audio: audio, started: Date())
                do {
                    return try Self.record(entry, to: file, audio: sound, configuration: configuration, hub: hub,
                                           onWriteError: { onWriteError(entry.path, $0) })
                } catch {
                    store.abandonClip(entry)
                    throw error
                }
            }
            recording = take
            release = hold
            watchStorage(of: take.entry.path)
        } catch {
            hold()
            throw error
        }
    }

    /// Ends the clip: EOS through its pipeline, waits for the file to close (at most `timeout` seconds,
    /// the pipeline timeout by default), indexes it and answers the take with its duration.
    public func stop(timeout: Double? = nil) async throws -> Take {
        guard let take = recording else { throw IntentError.notRecording }
        let hold = endRecording()
        defer { hold?() }
        let (store, limit) = (self.store, timeout ?? store.configuration.pipelineTimeout)
        return try await pool.run("saving the clip") { try TakeClosing.close(take, in: store, timeout: limit).get() }
    }

    /// Forgets the take recording now (it is being closed) and answers its hold on the camera.
    private func endRecording() -> CameraSession.Release? {
        recording = nil
        storageWatch?.cancel()
        storageWatch = nil
        defer { release = nil }
        return release
    }

    // MARK: - Takes that end by themselves

    /// Ends the take at `path` (any take when nil) on the recorder's own initiative and tells the handler
    /// once the take is closed (on the pool).
    func interrupt(path: String?, because reason: IntentError) {
        guard let take = recording, path == nil || take.entry.path == path else { return }
        endRecording()?()
        IntentError.log(reason, context: "closing \(take.entry.path)")
        let (store, timeout, handler) = (self.store, store.configuration.pipelineTimeout, interruptionHandler)
        do {
            try pool.submit("closing the interrupted take") {
                handler?(try? TakeClosing.close(take, in: store, timeout: timeout).get(), reason)
            }
        } catch {
            IntentError.log(error, context: "closing \(take.entry.path)")
        }
    }

    /// Checks the free space every `storageCheckInterval` seconds while the take at `path` records.
    private func watchStorage(of path: String) {
        let interval = max(0.05, store.configuration.storageCheckInterval)
        let store = self.store
        storageWatch?.cancel()
        storageWatch = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard !Task.isCancelled else { return }
                do {
                    try await self?.pool.run("measuring the free space") { try store.checkRoom(in: store.configuration.videosDirectory) }
                } catch is IntentError {
                    await self?.interrupt(path: path, because: .storageFull("Storage is almost full, so the take was stopped and saved."))
                    return
                } catch {
                    return
                }
            }
        }
    }

    /// The running take's pipeline posted an error (the disk filled up faster than the free-space check,
    /// an I/O error): the take ends at once, is kept, and the interruption handler is told.
    private func writeFailed(path: String, problem: String) async {
        let store = self.store
        let free = (try? await pool.run("measuring the free space") { store.freeBytes(in: store.configuration.videosDirectory) }) ?? nil
        let diskFull = (free ?? 0) < 1024 * 1024 || problem.localizedCaseInsensitiveContains("no space")
        interrupt(path: path, because: diskFull
            ? .storageFull("The disk filled up, so the take was stopped and saved.")
            : .pipeline("The clip could not be written (\(problem)), so the take was stopped and saved."))
    }

    // MARK: - The take's pipeline

    /// Starts the take's pipeline on the open file `output`. A microphone that cannot be opened does not
    /// cost the picture: the take is retried without sound (and the log says so). Blocks: on the pool.
    private static func record(_ entry: InProgressTake, to output: Int32, audio: AudioSourceKind?,
                               configuration: EngineConfiguration, hub: FrameHub,
                               onWriteError: @escaping @Sendable (String) -> Void) throws -> Recording {
        guard audio == .microphone else {
            return try Recording(entry: entry, output: output, configuration: configuration, audio: audio, hub: hub,
                                 onWriteError: onWriteError)
        }
        let spare = fcntl(output, F_DUPFD_CLOEXEC, 0)
        do {
            let take = try Recording(entry: entry, output: output, configuration: configuration, audio: audio, hub: hub,
                                     onWriteError: onWriteError)
            if spare >= 0 { close(spare) }
            return take
        } catch where spare >= 0 {
            IntentError.log(error, context: "opening the microphone; recording without sound")
            // The same file from its start: whatever the failed attempt wrote is dropped.
            _ = ftruncate(spare, 0)
            _ = lseek(spare, 0, SEEK_SET)
            return try Recording(entry: entry, output: spare, configuration: configuration, audio: nil, hub: hub,
                                 onWriteError: onWriteError)
        }
    }
}
