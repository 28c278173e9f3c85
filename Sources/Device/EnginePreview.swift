import Blocking
import Body
import Engine
import Foundation
import Intents
import Service

/// The engine's preview stream as `Camera1.OpenPreview` hands it out: started for the first
/// preview client, stopped after the last (see `PreviewClients`). Its pipeline starts and stops on
/// the blocking pool.
///
/// `RETROCAM_PREVIEW_WIDTH` (default 640) sets the stream's width; `RETROCAM_PREVIEW_STAMP=1` paints
/// each frame's capture time on it, for latency measurements (tests and `scripts/bench`).
public final class EnginePreview: PreviewSource {
    /// Keeps the camera open for a purpose ("the viewfinder preview") and answers how to let it go.
    public typealias Hold = @Sendable (String) async -> @Sendable () -> Void

    private let engine: CameraEngine
    private let pool: BlockingPool
    private let width: Int
    private let stamped: Bool
    private let hold: Hold?
    private let running: HeldStream<PreviewStream>

    /// With `hold`, the camera is held open while the stream runs (the camera lifecycle's preview hold).
    public init(engine: CameraEngine, pool: BlockingPool = .shared, hold: Hold? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.engine = engine
        self.pool = pool
        self.hold = hold
        running = HeldStream { stream in try? await pool.run("stopping the preview") { stream.stop() } }
        width = environment["RETROCAM_PREVIEW_WIDTH"].flatMap(Int.init).map { min(max($0, 160), 3840) } ?? 640
        stamped = environment["RETROCAM_PREVIEW_STAMP"] == "1"
    }

    public func startPreview() async throws(IntentError) -> PreviewOffer {
        guard await engine.session.currentCamera != nil else { throw .noCamera("There is no camera to preview.") }
        // The camera stays open while the stream runs (released in stopPreview).
        let release = await hold?("the viewfinder preview")
        let started: PreviewStream
        do {
            let socket = try await pool.run("preparing the preview folder") {
                PreviewSocketFolder.socketPath(in: try PreviewSocketFolder.prepare())
            }
            started = try await engine.session.startPreview(socketPath: socket, width: width, stamped: stamped)
        } catch {
            release?()
            throw .noCamera("The preview could not start: \((error as? IntentError)?.message ?? "\(error)")")
        }
        await running.replace(with: started, releaseCamera: release)
        EngineLog.debug("preview: streaming \(started.format.caps) on \(started.socketPath)")
        return PreviewOffer(socketPath: started.socketPath, caps: started.format.caps, width: started.format.width,
                            height: started.format.height, framerate: started.format.framerate)
    }

    public func stopPreview() async {
        if await running.stop() { EngineLog.debug("preview: stopped, no client left") }
    }
}
