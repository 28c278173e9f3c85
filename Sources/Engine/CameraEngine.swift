import Blocking
import Body
import Foundation

/// The real camera, in four parts by responsibility: the camera `session` (the cameras, the live
/// pipeline open only while something holds it, its look), `photos` (a JPEG from the live stream),
/// `clips` (the take being recorded) and the take `store` (the index, the tapes, the Trash, recovery).
/// The session and the clip recorder are actors; what blocks — GStreamer state changes, the disk —
/// runs on one bounded `BlockingPool`, so no caller's thread ever waits on it.
public final class CameraEngine: Sendable {
    /// What the engine was made with.
    public let configuration: EngineConfiguration
    /// The cameras, the live pipeline, its holds and its look.
    public let session: CameraSession
    /// Photos from the live stream.
    public let photos: Photographer
    /// The clip being recorded.
    public let clips: ClipRecorder
    /// The takes on disk: index, tapes, Trash, recovery.
    public let store: TakeStore
    /// Where the engine's blocking work runs.
    let pool: BlockingPool

    /// Prepares the folders, opens the library and finds the cameras; the camera stays closed until
    /// something needs it. Blocking work goes to `pool` (the daemon's shared one by default).
    public convenience init(configuration: EngineConfiguration, pool: BlockingPool = .shared) throws {
        try self.init(configuration: configuration, cameras: nil, pool: pool)
    }

    /// An engine over `cameras` instead of those `configuration.source` finds (tests: a failing device).
    init(configuration: EngineConfiguration, cameras: [CameraSource]?, pool: BlockingPool = .shared) throws {
        try configuration.validate()
        self.configuration = configuration
        self.pool = pool
        store = try TakeStore(configuration: configuration)
        session = CameraSession(configuration: configuration, cameras: cameras, pool: pool)
        clips = ClipRecorder(session: session, store: store, pool: pool)
        photos = Photographer(session: session, store: store, pool: pool)
    }

    /// The takes made so far.
    public var library: TakeLibrary { store.library }

    /// Finishes a take in progress (EOS, file closed and indexed), waiting at most `finishWithin` seconds
    /// (default: the pipeline timeout) — past that, what was written is repaired and indexed — then
    /// closes the camera at once. Does not wait behind an open in progress.
    public func shutdown(finishWithin: Double? = nil) async {
        if await clips.isRecording {
            EngineLog.debug("shutting down, finishing the take")
            do {
                _ = try await clips.stop(timeout: finishWithin.map { min(configuration.pipelineTimeout, $0) })
            } catch {
                IntentError.log(error, context: "finishing the take at shutdown")
            }
        }
        await session.shutdown()
    }

    /// Moves a take's file to the freedesktop Trash and removes it from the library (on the pool).
    public func moveToTrash(_ take: Take) async throws {
        if await clips.activePath == take.path {
            throw IntentError.trash("The clip is still recording; stop it first.")
        }
        let store = self.store
        try await pool.run("moving the take to the Trash", timeout: .seconds(10)) { try store.moveToTrash(take) }
    }

    /// Repairs clips left "in progress" by a killed daemon (remuxed so they have a duration and seek
    /// index), marks them recovered and indexes them.
    public func recoverInterruptedTakes() async -> [Take] {
        let (store, active) = (self.store, await clips.activePath)
        return (try? await pool.run("recovering interrupted takes") { store.recoverInterruptedTakes(except: active) }) ?? []
    }
}

extension EngineConfiguration {
    /// Throws `.pipeline` for a picture size or frame rate no pipeline can make.
    func validate() throws(IntentError) {
        guard width >= 16, height >= 16, width <= 7680, height <= 4320, width % 2 == 0, height % 2 == 0 else {
            throw .pipeline("The picture size \(width)×\(height) is not usable; use even numbers from 16×16 to 7680×4320.")
        }
        guard (1...120).contains(framerate) else {
            throw .pipeline("The frame rate \(framerate) is not usable; use 1 to 120 frames per second.")
        }
    }
}
