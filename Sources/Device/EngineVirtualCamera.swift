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

    /// The node published now, its one owner: a new one takes the old one's place when PipeWire
    /// restarts, and none is published once it is stopped (a republish under way then removes its own).
    private final class PublishedNode: Sendable {
        private struct State {
            var stream: VirtualCameraStream?
            var stopped = false
        }
        private let state: Mutex<State>
        init(_ stream: VirtualCameraStream) { state = Mutex(State(stream: stream)) }

        /// The stream published now; nil while PipeWire's restart is being followed, and once stopped.
        var now: VirtualCameraStream? { state.withLock { $0.stream } }
        /// True once stopped: nothing is published again.
        var isStopped: Bool { state.withLock { $0.stopped } }
        /// Takes the stream out (PipeWire restarted: the node went with the old PipeWire).
        func takeOut() -> VirtualCameraStream? {
            state.withLock { state in
                defer { state.stream = nil }
                return state.stream
            }
        }
        /// Puts `fresh` in place; false once stopped (the caller removes it).
        func put(_ fresh: VirtualCameraStream) -> Bool {
            state.withLock { state in
                guard !state.stopped else { return false }
                state.stream = fresh
                return true
            }
        }
        /// Stops it: nothing is put in place from now on; answers the stream published, to remove.
        func stop() -> VirtualCameraStream? {
            state.withLock { state in
                defer { (state.stream, state.stopped) = (nil, true) }
                return state.stream
            }
        }
    }

    /// A published node and the following of its readers.
    private final class Published: Sendable {
        let node: PublishedNode
        let readers: VirtualCameraReaders
        let changes: AsyncStream<Change>.Continuation
        let following: Task<Void, Never>

        init(node: PublishedNode, readers: VirtualCameraReaders, changes: AsyncStream<Change>.Continuation,
             following: Task<Void, Never>) {
            self.node = node
            self.readers = readers
            self.changes = changes
            self.following = following
        }

        /// Removes the node (on the pool: a state change) and ends the following, its hold let go. A
        /// republish under way publishes nothing more (or removes what it published), and is waited for.
        func stop(on pool: BlockingPool) async {
            let stream = node.stop()
            readers.stop()
            changes.finish()
            if let stream { try? await pool.run("removing the virtual camera") { stream.stop() } }
            await following.value
        }
    }

    private let engine: CameraEngine
    private let pool: BlockingPool
    private let hold: Hold?
    private let running: HeldStream<Published>
    private let readersChanged = Mutex<@Sendable ([String]) -> Void>({ _ in })
    /// Whether the session's camera has lost its picture and whether anyone reads the node: the still
    /// card is up on the stream published while both are true.
    private let picture = Mutex<Picture>(Picture())
    /// Run when a republish starts, before the new node is published (tests: to stop it meanwhile).
    let republishing = Mutex<@Sendable () async -> Void>({})

    private struct Picture {
        var lost = false
        var reading = false
        /// The session's picture followed while the node is published.
        var watch: CameraSession.PictureWatch?
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
        let node: VirtualCameraStream.Node
        do {
            let stream = try await engine.session.startVirtualCamera()
            node = stream.node
            do { published = try follow(stream) } catch {
                try? await pool.run("removing the virtual camera") { stream.stop() }
                throw error
            }
        } catch {
            throw .noCamera("The virtual camera could not start: \((error as? IntentError)?.message ?? "\(error)")")
        }
        await running.replace(with: published, releaseCamera: nil)
        await followPicture()
        EngineLog.debug("virtual camera: PipeWire node \(node.name) (“\(node.description)”), \(node.caps)")
        return VirtualCameraOffer(nodeName: node.name, description: node.description, caps: node.caps)
    }

    public func stopVirtualCamera() async {
        let removed = await running.stop()
        let watch = picture.withLock { state -> CameraSession.PictureWatch? in
            defer { state = Picture() }
            return state.watch
        }
        if let watch { await engine.session.stopWatchingPicture(watch) }
        if removed { EngineLog.debug("virtual camera: node removed") }
    }

    /// True while a node is published (or being published again after PipeWire's restart).
    var isPublished: Bool { running.current != nil }

    /// Shows the published node's readers the still card while the session's camera has lost its picture
    /// (it failed or went away) and takes it down once a camera opens, following the session's events
    /// until `stopVirtualCamera`.
    private func followPicture() async {
        if picture.withLock({ $0.watch }) == nil {
            let watch = await engine.session.onPictureLost { [weak self] lost in self?.changePicture { $0.lost = lost } }
            picture.withLock { $0.watch = watch }
        }
        let lost = await engine.session.pictureIsLost
        changePicture { $0.lost = lost }
    }

    /// Changes the picture's state and puts the card up or takes it down on the pool, on the node published
    /// as it is when that runs (so the last change wins whatever order the pool runs them in; the stream
    /// ignores a card already up or down).
    private func changePicture(_ change: (inout Picture) -> Void) {
        picture.withLock { change(&$0) }
        try? pool.submit("the virtual camera's still card") { [weak self] in
            guard let self, let stream = running.current?.node.now else { return }
            stream.showStillCard(picture.withLock { $0.showsCard })
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
        let node = PublishedNode(stream)
        let hold = self.hold
        let following = Task { [weak self] in
            var release: (@Sendable () -> Void)?
            for await change in changes {
                guard case .readers(let now) = change else {
                    await self?.publishAgain(node)
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
        return Published(node: node, readers: readers, changes: continuation, following: following)
    }

    /// PipeWire is back after a restart: the old node went with the old PipeWire; a new one takes its
    /// place, unless the virtual camera was stopped meanwhile (then what was published is removed).
    private func publishAgain(_ node: PublishedNode) async {
        if let old = node.takeOut() { try? await pool.run("removing the virtual camera") { old.stop() } }
        let republishing = self.republishing.withLock { $0 }
        await republishing()
        guard !node.isStopped else { return }
        do {
            let fresh = try await engine.session.startVirtualCamera()
            guard node.put(fresh) else {
                try? await pool.run("removing the virtual camera") { fresh.stop() }
                EngineLog.debug("virtual camera: stopped while PipeWire was back; the node published meanwhile removed")
                return
            }
            // The still card, if up, goes on the new node.
            changePicture { _ in }
            EngineLog.debug("virtual camera: PipeWire is back, node published again")
        } catch {
            EngineLog.warn("virtual camera: PipeWire is back, but the node could not be published again: \(error)")
        }
    }
}
