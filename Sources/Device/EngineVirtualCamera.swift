import Blocking
import Engine
import Intents
import Service
import Synchronization

/// The engine's virtual camera as `Camera1.SetVirtualCamera` switches it: the looked picture published
/// as a PipeWire camera node while it is on, the camera held open meanwhile so a reader finds frames
/// at once. Its pipeline starts and stops on the blocking pool.
public final class EngineVirtualCamera: VirtualCameraSource {
    /// Keeps the camera open for a purpose and answers how to let it go (the camera lifecycle's hold).
    public typealias Hold = @Sendable (String) async -> @Sendable () -> Void

    private let engine: CameraEngine
    private let pool: BlockingPool
    private let hold: Hold?
    private struct Running {
        var stream: VirtualCameraStream?
        var releaseCamera: (@Sendable () -> Void)?
    }
    private let running = Mutex(Running())

    /// With `hold`, the camera is held open while the node is published.
    public init(engine: CameraEngine, pool: BlockingPool = .shared, hold: Hold? = nil) {
        self.engine = engine
        self.pool = pool
        self.hold = hold
    }

    public func startVirtualCamera() async throws(IntentError) -> VirtualCameraOffer {
        guard await engine.session.currentCamera != nil else { throw .noCamera("There is no camera to publish.") }
        let release = await hold?("the virtual camera")
        let started: VirtualCameraStream
        do {
            started = try await engine.session.startVirtualCamera()
        } catch {
            release?()
            throw .noCamera("The virtual camera could not start: \((error as? EngineError)?.message ?? "\(error)")")
        }
        let previous = running.withLock { running -> Running in
            defer { running = Running(stream: started, releaseCamera: release) }
            return running
        }
        await stop(previous)
        EngineLog.debug("virtual camera: PipeWire node \(started.node.name) (“\(started.node.description)”), \(started.node.caps)")
        return VirtualCameraOffer(nodeName: started.node.name, description: started.node.description, caps: started.node.caps)
    }

    public func stopVirtualCamera() async {
        let stopping = running.withLock { running -> Running in
            defer { running = Running() }
            return running
        }
        await stop(stopping)
        if stopping.stream != nil { EngineLog.debug("virtual camera: node removed") }
    }

    /// Stops a stream (on the pool: a state change) and lets its camera go (it may sleep after its linger).
    private func stop(_ old: Running) async {
        if let stream = old.stream { try? await pool.run("removing the virtual camera") { stream.stop() } }
        old.releaseCamera?()
    }
}
