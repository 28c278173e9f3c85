import Engine
import Foundation
import Intents
import Service

/// The engine's preview stream as `Camera1.OpenPreview` hands it out: started for the first
/// preview client, stopped after the last (see `PreviewClients`).
///
/// `RETROCAM_PREVIEW_WIDTH` (default 640) sets the stream's width; `RETROCAM_PREVIEW_STAMP=1` paints
/// each frame's capture time on it, for latency measurements (tests and `scripts/bench`).
final class EnginePreview: PreviewSource, @unchecked Sendable {
    /// Keeps the camera open for a purpose ("the viewfinder preview") and answers how to let it go.
    typealias Hold = @Sendable (String) async -> @Sendable () -> Void

    private let engine: CameraEngine
    private let width: Int
    private let stamped: Bool
    private let hold: Hold?
    private let lock = NSLock()
    private var stream: PreviewStream?
    private var releaseCamera: (@Sendable () -> Void)?

    /// With `hold`, the camera is held open while the stream runs (the camera lifecycle's preview hold).
    init(engine: CameraEngine, hold: Hold? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.engine = engine
        self.hold = hold
        width = environment["RETROCAM_PREVIEW_WIDTH"].flatMap(Int.init).map { min(max($0, 160), 3840) } ?? 640
        stamped = environment["RETROCAM_PREVIEW_STAMP"] == "1"
    }

    func startPreview() async throws(IntentError) -> PreviewOffer {
        guard engine.currentCamera != nil else { throw .noCamera("There is no camera to preview.") }
        // The camera stays open while the stream runs (released in stopPreview).
        let release = await hold?("the viewfinder preview")
        let started: PreviewStream
        do {
            let folder = try PreviewSocketFolder.prepare()
            started = try engine.startPreview(socketPath: PreviewSocketFolder.socketPath(in: folder),
                                              width: width, stamped: stamped)
        } catch {
            release?()
            throw .noCamera("The preview could not start: \(error.message)")
        }
        let previous = lock.withLock { () -> (PreviewStream?, (@Sendable () -> Void)?) in
            defer {
                stream = started
                releaseCamera = release
            }
            return (stream, releaseCamera)
        }
        previous.0?.stop()
        previous.1?()
        Log.debug("preview: streaming \(started.format.caps) on \(started.socketPath)")
        return PreviewOffer(socketPath: started.socketPath, caps: started.format.caps, width: started.format.width,
                            height: started.format.height, framerate: started.format.framerate)
    }

    func stopPreview() async {
        let (stopping, release) = lock.withLock { () -> (PreviewStream?, (@Sendable () -> Void)?) in
            defer {
                stream = nil
                releaseCamera = nil
            }
            return (stream, releaseCamera)
        }
        stopping?.stop()
        // The camera may sleep now (after its linger).
        release?()
        if stopping != nil { Log.debug("preview: stopped, no client left") }
    }
}
