import Blocking
import Body
import Engine
import Intents
import Service
import Synchronization

/// The engine's virtual camera as `Camera1.SetVirtualCamera` switches it: the looked picture published
/// as a PipeWire camera node while it is on. The node stays listed while nobody reads it, with the camera
/// closed; the camera is held open while at least one reader is linked (PipeWire's registry tells each
/// link as it comes and goes, see `VirtualCameraReaders`) and lingers after the last, as for takes.
/// PipeWire restarted under the daemon, the node is published again as soon as the new PipeWire answers.
/// Its pipeline starts and stops on the blocking pool.
public final class EngineVirtualCamera: VirtualCameraSource {
    /// Keeps the camera open for a purpose and answers how to let it go (the camera lifecycle's hold).
    public typealias Hold = @Sendable (String) async -> @Sendable () -> Void

    /// What PipeWire tells the following of a node, in its order.
    private enum Change: Sendable {
        /// The readers now.
        case readers(VirtualCameraReaders.Readers)
        /// PipeWire is back after a restart; the node went with the old one.
        case pipewireBack
    }

    /// The node published now: a new one takes the old one's place when PipeWire restarts.
    private final class CurrentStream: Sendable {
        private let stream: Mutex<VirtualCameraStream>
        init(_ stream: VirtualCameraStream) { self.stream = Mutex(stream) }
        var now: VirtualCameraStream { stream.withLock { $0 } }
        func replace(with fresh: VirtualCameraStream) { stream.withLock { $0 = fresh } }
    }

    /// A published node and the following of its readers.
    private final class Published: Sendable {
        let current: CurrentStream
        let readers: VirtualCameraReaders
        let changes: AsyncStream<Change>.Continuation
        let following: Task<Void, Never>

        init(current: CurrentStream, readers: VirtualCameraReaders, changes: AsyncStream<Change>.Continuation,
             following: Task<Void, Never>) {
            self.current = current
            self.readers = readers
            self.changes = changes
            self.following = following
        }

        /// Removes the node (on the pool: a state change) and ends the following, its hold let go.
        func stop(on pool: BlockingPool) async {
            readers.stop()
            changes.finish()
            await following.value
            let stream = current.now
            try? await pool.run("removing the virtual camera") { stream.stop() }
        }
    }

    private let engine: CameraEngine
    private let pool: BlockingPool
    private let hold: Hold?
    private let running: HeldStream<Published>
    private let readersChanged = Mutex<@Sendable ([String]) -> Void>({ _ in })
    /// The stream published, whether its camera's picture is lost and whether anyone reads it: the still
    /// card is up while both are true.
    private let picture = Mutex<Picture>(Picture())

    private struct Picture {
        var stream: VirtualCameraStream?
        var lost = false
        var reading = false
        var followed = false
        var showsCard: Bool { lost && reading }
    }

    /// With `hold`, the camera is held open while a reader reads.
    public init(engine: CameraEngine, pool: BlockingPool = .shared, hold: Hold? = nil) {
        self.engine = engine
        self.pool = pool
        self.hold = hold
        running = HeldStream { published in await published.stop(on: pool) }
    }

    public func onReadersChanged(_ handler: @escaping @Sendable ([String]) -> Void) {
        readersChanged.withLock { $0 = handler }
    }

    public func startVirtualCamera() async throws(IntentError) -> VirtualCameraOffer {
        guard await engine.session.currentCamera != nil else { throw .noCamera("There is no camera to publish.") }
        // The node is listed with the camera closed; it opens only while someone reads.
        let published: Published
        do {
            let stream = try await engine.session.startVirtualCamera()
            do { published = try follow(stream) } catch {
                try? await pool.run("removing the virtual camera") { stream.stop() }
                throw error
            }
        } catch {
            throw .noCamera("The virtual camera could not start: \((error as? IntentError)?.message ?? "\(error)")")
        }
        await running.replace(with: published, releaseCamera: nil)
        await followPicture(of: published.current.now)
        let node = published.current.now.node
        EngineLog.debug("virtual camera: PipeWire node \(node.name) (“\(node.description)”), \(node.caps)")
        return VirtualCameraOffer(nodeName: node.name, description: node.description, caps: node.caps)
    }

    public func stopVirtualCamera() async {
        picture.withLock { $0.stream = nil }
        if await running.stop() { EngineLog.debug("virtual camera: node removed") }
    }

    /// Shows `stream`'s readers the still card while the session's camera has lost its picture (it failed
    /// or went away) and takes it down once a camera opens, following the session's events.
    private func followPicture(of stream: VirtualCameraStream) async {
        let follow = picture.withLock { state -> Bool in
            defer { state.followed = true }
            return !state.followed
        }
        if follow { await engine.session.onPictureLost { [weak self] lost in self?.changePicture { $0.lost = lost } } }
        let lost = await engine.session.pictureIsLost
        changePicture { state in
            state.stream = stream
            state.lost = lost
        }
    }

    /// Changes the picture's state and puts the card up or takes it down on the pool as the state is when
    /// that runs (so the last change wins whatever order the pool runs them in; the stream ignores a
    /// card already up or down).
    private func changePicture(_ change: (inout Picture) -> Void) {
        picture.withLock { change(&$0) }
        try? pool.submit("the virtual camera's still card") { [weak self] in
            guard let (stream, show) = self?.picture.withLock({ ($0.stream, $0.showsCard) }), let stream else { return }
            stream.showStillCard(show)
        }
    }

    /// Tells `onReadersChanged`'s handler the readers now.
    private func tell(_ applications: [String]) { readersChanged.withLock { $0 }(applications) }

    /// Follows the readers of `stream`'s node: the camera is held from the first reader to the last,
    /// each change told to `onReadersChanged`, in PipeWire's order; PipeWire back after a restart, the
    /// node is published again.
    private func follow(_ stream: VirtualCameraStream) throws(IntentError) -> Published {
        let (changes, continuation) = AsyncStream.makeStream(of: Change.self)
        let readers = try VirtualCameraReaders(nodeName: stream.node.name, changed: { continuation.yield(.readers($0)) },
                                               restored: { continuation.yield(.pipewireBack) })
        let current = CurrentStream(stream)
        let hold = self.hold
        let following = Task { [weak self] in
            var release: (@Sendable () -> Void)?
            for await change in changes {
                guard case .readers(let now) = change else {
                    await self?.publishAgain(current)
                    continue
                }
                if now.count > 0, release == nil {
                    release = await hold?("the virtual camera's readers")
                    EngineLog.debug("virtual camera: read by \(now.applications.joined(separator: ", ")), camera held")
                } else if now.count == 0, let held = release {
                    held()
                    release = nil
                    EngineLog.debug("virtual camera: no reader left, camera let go")
                }
                self?.changePicture { $0.reading = now.count > 0 }
                self?.tell(now.applications)
            }
            release?()
            self?.tell([])
        }
        return Published(current: current, readers: readers, changes: continuation, following: following)
    }

    /// PipeWire is back after a restart: the old node went with the old PipeWire; a new one takes its place.
    private func publishAgain(_ current: CurrentStream) async {
        let old = current.now
        try? await pool.run("removing the virtual camera") { old.stop() }
        do {
            let fresh = try await engine.session.startVirtualCamera()
            current.replace(with: fresh)
            // The still card, if up, goes on the new node.
            await followPicture(of: fresh)
            EngineLog.debug("virtual camera: PipeWire is back, node published again")
        } catch {
            EngineLog.warn("virtual camera: PipeWire is back, but the node could not be published again: \(error)")
        }
    }
}
