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
    private let engine: CameraEngine
    private let width: Int
    private let stamped: Bool
    private let lock = NSLock()
    private var stream: PreviewStream?

    init(engine: CameraEngine, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.engine = engine
        width = environment["RETROCAM_PREVIEW_WIDTH"].flatMap(Int.init).map { min(max($0, 160), 3840) } ?? 640
        stamped = environment["RETROCAM_PREVIEW_STAMP"] == "1"
    }

    func startPreview() async throws(IntentError) -> PreviewOffer {
        // LIFECYCLE: when the camera sleeps while idle, take the preview's hold on it here (before
        // the stream starts) so the pipeline is open while a viewfinder shows it.
        guard engine.currentCamera != nil else { throw .noCamera("There is no camera to preview.") }
        let started: PreviewStream
        do {
            let folder = try PreviewSocketFolder.prepare()
            started = try engine.startPreview(socketPath: PreviewSocketFolder.socketPath(in: folder),
                                              width: width, stamped: stamped)
        } catch {
            throw .noCamera("The preview could not start: \(error.message)")
        }
        lock.withLock {
            stream?.stop()
            stream = started
        }
        Log.debug("preview: streaming \(started.format.caps) on \(started.socketPath)")
        return PreviewOffer(socketPath: started.socketPath, caps: started.format.caps, width: started.format.width,
                            height: started.format.height, framerate: started.format.framerate)
    }

    func stopPreview() async {
        let stopping = lock.withLock { () -> PreviewStream? in
            defer { stream = nil }
            return stream
        }
        stopping?.stop()
        if stopping != nil { Log.debug("preview: stopped, no client left") }
        // LIFECYCLE: release the preview's hold on the camera here (it may then sleep after its linger).
    }
}
