import Blocking
import Body
import CGStreamer
import CGstShim
import Foundation
import Synchronization

/// The camera session: the cameras present and the one showing, its live pipeline, the look on it,
/// and what went wrong with it. The camera is open only while something holds it (`acquire`: a take,
/// a countdown, a shortcut, a preview client) and a short linger after the last hold goes; otherwise
/// its pipeline sits in NULL with the device closed, and nothing in the session wakes the process.
///
/// One actor: its state changes one call at a time, and every step that blocks — building a pipeline,
/// a state change, waiting for the first frame — runs on the blocking pool while the actor serves other
/// calls. Opening, closing and switching cameras are *transitions*, run one after another in the order
/// they were asked for; no lock is held over any of them.
public actor CameraSession {
    /// Lets go of one hold on the camera; calling it again does nothing.
    public typealias Release = @Sendable () -> Void

    /// A frame older than this is not "the frame live when the call arrived".
    static let stalePictureSeconds = 2.0

    let configuration: EngineConfiguration
    let pool: BlockingPool
    /// The latest frame for photos, forwarded to takes and the preview.
    nonisolated let hub = FrameHub()
    /// The C effects probe every live pipeline carries.
    let effects = LookEffects()
    /// The cameras present, followed as they come and go.
    nonisolated let roster: CameraRoster
    /// The flash/torch LED that LIGHT/FLASH drives, when the machine has one; nil lights the picture instead.
    public nonisolated let torch: TorchLED?

    /// The camera chosen (showing while open).
    private var selected: CameraSource?
    /// The selected camera's pipeline: playing while open, in NULL while the camera sleeps.
    private(set) var live: LiveCamera?
    /// The live camera reported an error (it is rebuilt at the next open), and the last problem.
    private var health = Health()
    /// True while the pipeline plays and has delivered its first good frame.
    public private(set) var isOpen = false
    /// How many times the camera was asked to open (tests check that a failed open is retried).
    private(set) var openAttempts = 0
    /// How many times the virtual camera's node was published (tests check that a stopped one is not
    /// published again).
    private(set) var virtualCameraPublications = 0
    /// The look in use.
    public private(set) var look = Look()
    /// When (on the pipelines' clock) the current look was on every element: a photo keeps only a frame
    /// captured after this, so it carries every setting answered before it.
    private var lookAppliedAt: UInt64 = 0
    /// The holds that keep the camera open and the linger after the last one (taken without awaiting).
    private nonisolated let holds = Mutex(Holds())
    /// The last transition asked for; the next one starts after it.
    private var transitions: Task<Void, Never>?
    /// Told whenever the camera opens or closes.
    private var openObservers: [@Sendable (Bool) -> Void] = []
    /// A real camera went away and only the test cards have opened since (`auto` turns to them).
    private var realCameraGone = false
    /// Told true when the camera showing fails or goes away, and `pictureIsLost` each time a camera opens,
    /// in the order they came, until `stopWatchingPicture`.
    private var pictureObservers: [(watch: PictureWatch, handler: @Sendable (Bool) -> Void)] = []
    /// The last `PictureWatch` handed out.
    private var lastPictureWatch = 0
    /// Told when the cameras present change.
    private var camerasObserver: (@Sendable ([CameraInfo]) -> Void)?
    /// Each failure of a camera that was open (the clip recorder ends its take on it).
    nonisolated let failures: AsyncStream<IntentError>
    private let failed: AsyncStream<IntentError>.Continuation

    private struct Health {
        var failed = false
        var problem: IntentError?
    }

    private struct Holds {
        var active: Set<Int> = []
        var last = 0
        var linger: Task<Void, Never>?
    }

    /// The session over the cameras `configuration.source` finds, or over `cameras` (tests: a failing
    /// device); the camera stays closed until something needs it.
    init(configuration: EngineConfiguration, cameras: [CameraSource]?, pool: BlockingPool) {
        self.configuration = configuration
        self.pool = pool
        torch = TorchLED.find(in: configuration.ledsDirectory)
        let roster = cameras.map { CameraRoster(fixed: $0) } ?? CameraRoster(choice: configuration.source, watcher: pool.descriptors)
        self.roster = roster
        selected = Self.preferred(in: roster.cameras)
        (failures, failed) = AsyncStream.makeStream(of: IntentError.self)
        Task { [weak self, changes = roster.changes] in
            for await cameras in changes { await self?.camerasChanged(cameras) }
        }
    }

    /// Released without `shutdown()`: the camera is closed on the pool, not waited for here.
    deinit {
        roster.stop()
        failed.finish()
        holds.withLock { $0.linger?.cancel() }
        if let camera = live { try? pool.submit("closing the camera") { camera.close() } }
    }

    // MARK: - Problems and cameras

    /// The last failure of the live camera, if any.
    public var problem: IntentError? { health.problem }

    /// The cameras present now: those FLIP switches between (the synthetic source offers two test
    /// cards), and any beyond two (`external`, chosen by name).
    public nonisolated var cameras: [CameraInfo] { roster.cameras.map(\.info) }

    /// The camera showing now (or chosen for the next open).
    public var currentCamera: CameraInfo? { selected?.info }

    /// Called with the new state each time the camera opens or closes (on the session).
    public func onOpenChanged(_ handler: @escaping @Sendable (Bool) -> Void) {
        openObservers.append(handler)
    }

    /// Called with true each time the camera showing fails or goes away (its picture is lost), and with
    /// `pictureIsLost` each time a camera opens (on the session). The virtual camera shows its still card
    /// meanwhile. Told until `stopWatchingPicture` with the answer.
    @discardableResult
    public func onPictureLost(_ handler: @escaping @Sendable (Bool) -> Void) -> PictureWatch {
        lastPictureWatch += 1
        let watch = PictureWatch(id: lastPictureWatch)
        pictureObservers.append((watch, handler))
        return watch
    }

    /// One `onPictureLost` handler, to stop it by.
    public struct PictureWatch: Sendable, Hashable {
        let id: Int
    }

    /// Stops telling the `onPictureLost` handler of `watch`; nothing when it was stopped already.
    public func stopWatchingPicture(_ watch: PictureWatch) {
        pictureObservers.removeAll { $0.watch == watch }
    }

    /// How many `onPictureLost` handlers are told now.
    var pictureWatchCount: Int { pictureObservers.count }

    /// True while the camera showing has failed or gone and no camera has opened since, or only the test
    /// cards `auto` turned to when the last real camera went.
    public var pictureIsLost: Bool {
        if health.failed { return true }
        guard realCameraGone, let selected, case .testCard = selected.kind else { return false }
        return true
    }

    /// Called with the cameras present each time they change.
    public func onCamerasChanged(_ handler: @escaping @Sendable ([CameraInfo]) -> Void) {
        camerasObserver = handler
    }

    // MARK: - Holds and the linger

    /// Keeps the camera open until the returned `Release` is called (then it lingers `lingerSeconds` and
    /// closes). The first hold starts opening the camera in the background, so a countdown or a preview
    /// finds it warm. `purpose` is for the log ("a photo", "the self-timer"). Never waits.
    public nonisolated func acquire(_ purpose: String) -> Release {
        acquire(purpose, openInBackground: true)
    }

    /// A hold; a take passes `openInBackground: false` because it opens the camera itself and waits.
    nonisolated func acquire(_ purpose: String, openInBackground: Bool) -> Release {
        let hold = holds.withLock { holds -> Int in
            holds.last += 1
            holds.active.insert(holds.last)
            holds.linger?.cancel()
            holds.linger = nil
            return holds.last
        }
        EngineLog.debug("camera held for \(purpose)")
        if openInBackground {
            Task { [weak self] in
                do { try await self?.open() } catch { IntentError.log(error, context: "opening the camera for \(purpose)") }
            }
        }
        return { [weak self] in self?.release(hold) }
    }

    /// Hold `hold` went away (once: a second release finds nothing); the last one starts the linger.
    private nonisolated func release(_ hold: Int) {
        let last = holds.withLock { $0.active.remove(hold) != nil && $0.active.isEmpty }
        if last { Task { [weak self] in await self?.armLingerIfIdle() } }
    }

    /// Starts the linger when nothing holds the camera: one sleeping task, cancelled by the next hold.
    private func armLingerIfIdle() {
        let seconds = max(0, configuration.lingerSeconds)
        holds.withLock { holds in
            guard holds.active.isEmpty, holds.linger == nil else { return }
            holds.linger = Task { [weak self] in
                try? await Task.sleep(for: .seconds(seconds))
                guard !Task.isCancelled else { return }
                await self?.closeIfIdle()
            }
        }
    }

    /// The linger ran out: closes the camera unless something holds it again.
    private func closeIfIdle() async {
        try? await transition {
            let idle = self.holds.withLock { holds -> Bool in
                holds.linger = nil
                return holds.active.isEmpty
            }
            guard idle, await self.isOpen, let camera = await self.live else { return }
            await self.close(camera)
            EngineLog.debug("camera closed (idle)")
        }
    }

    // MARK: - Opening and closing

    /// Opens the camera now (waiting for its first good frame); it closes after the linger unless
    /// something holds it. Throws `.noCamera` (with the camera and why) or `.pipeline`.
    public func start() async throws {
        try await open()
        armLingerIfIdle()
    }

    /// Opens the camera if it is not open (one transition); a failure leaves it closed, so the next
    /// call tries again.
    func open() async throws {
        _ = try await transition { try await self.openNow(frameNotBefore: nil) }
    }

    /// The frame a photo keeps: captured after the current look reached the elements, and recent (a
    /// camera that went quiet gives no stale picture). A sleeping camera is opened for it, and the
    /// frame that opened it serves when no look changed meanwhile: one wait for a frame either way.
    func photoFrame() async throws -> Sample {
        let recent = Self.clockNow() &- UInt64(Self.stalePictureSeconds * 1e9)
        if let opened = try await transition({ try await self.openNow(frameNotBefore: recent) }),
           lookAppliedAt <= opened.notBefore {
            return opened.frame
        }
        try requireLive()
        let notBefore = GstClockTime(max(lookAppliedAt, Self.clockNow() &- UInt64(Self.stalePictureSeconds * 1e9)))
        let hub = self.hub
        let frame = try await pool.run("waiting for a picture") {
            hub.waitForFrame(notBefore: notBefore, timeout: Self.stalePictureSeconds)
        }
        if let frame { return frame }
        throw (health.failed ? health.problem : nil) ?? IntentError.noCamera("The camera has stopped sending pictures.")
    }

    /// Throws `.noCamera` unless a live camera is running and healthy.
    func requireLive() throws(IntentError) {
        guard live != nil, isOpen else { throw health.problem ?? .noCamera("The camera is not running.") }
        if health.failed { throw .noCamera(health.problem?.message ?? "The camera stopped.") }
    }

    /// The first frame of an open, and the capture time it was asked to be at or after.
    struct OpenedFrame: Sendable {
        let frame: Sample
        let notBefore: UInt64
    }

    /// Opens the selected camera if it is not open: builds its pipeline when there is none (or it
    /// failed), plays it and waits for its first good frame captured after the look and `frameNotBefore`
    /// (within `openTimeout`). Answers that frame, or nil when the camera was open already. In a transition.
    private func openNow(frameNotBefore: UInt64?) async throws -> OpenedFrame? {
        let asked = ContinuousClock.now
        openAttempts += 1
        if isOpen, live != nil, !health.failed { return nil }
        if health.failed, let failed = live {
            live = nil
            await close(failed)
        }
        if let stuck = live, stuck.isOpening {
            // An earlier open is still held in a state change: answer at once, do not queue another.
            throw stuck.abandonOpen(after: configuration.openTimeout).0
        }
        if let abandoned = live, abandoned.wasAbandoned { live = nil }
        let camera: LiveCamera
        if let live {
            camera = live
        } else {
            guard let source = selected else { throw roster.problem ?? IntentError.noCamera("No camera was found.") }
            camera = try await build(source)
            live = camera
        }
        let notBefore = max(frameNotBefore ?? 0, lookAppliedAt)
        let warmUp = configuration.warmUp
        // `openTimeout` bounds the whole open, the pipeline's build included.
        let built = asked.duration(to: .now)
        let seconds = max(0.5, configuration.openTimeout - Double(built.components.seconds) - Double(built.components.attoseconds) / 1e18)
        let frame: Sample
        do {
            // Bounded for the caller even when the camera holds its state change (a PipeWire node with no
            // format keeps `pipewiresrc` there for 30 s): the open goes on, and closes itself, behind.
            frame = try await pool.run("opening the camera", timeout: .seconds(seconds)) {
                try camera.open(within: seconds, warmUp: warmUp, notBefore: notBefore)
            }
        } catch BlockingPoolError.timedOut {
            let (problem, playing) = camera.abandonOpen(after: configuration.openTimeout)
            if playing { await close(camera) }
            throw problem
        } catch {
            // A pipeline that would not open is built afresh next time (the device may come back).
            if live === camera { live = nil }
            throw error
        }
        healed(showing: camera.source)
        let skipped = hub.darkFramesSkipped
        EngineLog.debug("camera open\(skipped > 0 ? ", \(skipped) dark frames skipped" : "")")
        setOpen(true)
        return OpenedFrame(frame: frame, notBefore: notBefore)
    }

    /// Builds (on the pool) and wires a pipeline for `source`, then puts the current look on it.
    private func build(_ source: CameraSource) async throws -> LiveCamera {
        let (configuration, hub, effects) = (self.configuration, self.hub, self.effects)
        let report: @Sendable (IntentError, LiveCamera?) -> Void = { [weak self] problem, camera in
            Task { await self?.report(problem, from: camera) }
        }
        let camera = try await pool.run("building the camera pipeline") {
            try LiveCamera(source: source, configuration: configuration, hub: hub, effects: effects, onProblem: report)
        }
        render(on: camera)
        return camera
    }

    /// Sets the pipeline to NULL (on the pool: the device is released) and says the camera closed.
    private func close(_ camera: LiveCamera) async {
        try? await pool.run("closing the camera") { camera.close() }
        setOpen(false)
    }

    /// Runs `step` after every transition asked for before it; answers its result.
    private func transition<T: Sendable>(_ step: @escaping @Sendable () async throws -> T) async throws -> T {
        let previous = transitions
        let task = Task<T, Error> {
            await previous?.value
            return try await step()
        }
        transitions = Task { _ = try? await task.value }
        return try await task.value
    }

    /// Records the open state and tells the observers when it changed.
    private func setOpen(_ open: Bool) {
        guard isOpen != open else { return }
        isOpen = open
        for observer in openObservers { observer(open) }
    }

    /// Closes the camera at once (its take must be finished first): the linger is cancelled and a
    /// frame wait or an open in progress is woken.
    func shutdown() async {
        holds.withLock { holds in
            holds.linger?.cancel()
            holds.linger = nil
        }
        hub.interrupt()
        if let camera = live { await close(camera) }
        setOpen(false)
    }

    // MARK: - Failures

    /// A live camera's bus reported an error: remember it (`problem`), close the camera (the open
    /// observers hear it) and tell `failures` (a take on it ends).
    private func report(_ problem: IntentError, from camera: LiveCamera?) async {
        guard camera == nil || camera === live else { return }
        markFailed(problem)
        // The device is released now; the next open builds the camera again.
        try? await transition {
            guard let camera = await self.failedCamera else { return }
            await self.close(camera)
        }
    }

    /// The live camera, while it is marked failed (a camera replaced meanwhile is not).
    private var failedCamera: LiveCamera? { health.failed ? live : nil }

    /// Remembers `problem` as the live camera's failure and tells `failures` and the picture's observers.
    private func markFailed(_ problem: IntentError) {
        IntentError.log(problem, context: "live camera")
        health = Health(failed: true, problem: problem)
        failed.yield(problem)
        for observer in pictureObservers { observer.handler(true) }
    }

    /// `source` opened: its problem is forgotten and the picture's observers told whether it is back (a
    /// test card standing in for a camera that went is not).
    private func healed(showing source: CameraSource) {
        health = Health()
        if case .testCard = source.kind {} else { realCameraGone = false }
        let lost = pictureIsLost
        for observer in pictureObservers { observer.handler(lost) }
    }

    /// Now on the clock the pipelines run on (nanoseconds).
    static func clockNow() -> UInt64 { UInt64(gstshim_clock_now()) }
}

// MARK: - The look

extension CameraSession {
    /// Changes the picture live: element properties and effect parameters change in place (no state
    /// change: done here, at once), so a take in progress continues without a gap. The torch LED, when
    /// there is one, lights the scene instead of the picture.
    public func setLook(_ look: Look) {
        guard look != self.look else { return }
        let lamp = look.fillLight != self.look.fillLight
        self.look = look
        if let torch, lamp {
            // A sysfs attribute, not a disk: the write is the kernel switching the LED.
            do { try torch.set(on: look.fillLight) } catch { IntentError.log(error, context: "the light") }
        }
        if let live { render(on: live) }
    }

    /// Puts the current look on `camera`'s elements and effects; a frame captured from now on carries it.
    private func render(on camera: LiveCamera) {
        var rendered = look
        // A real lamp lights the scene; the picture is not brightened as well.
        if torch != nil { rendered.fillLight = false }
        let settings = LookSettings(look: rendered, width: configuration.width, height: configuration.height)
        effects.set(settings.effects)
        do { try camera.apply(settings) } catch { IntentError.log(error, context: "applying the look") }
        lookAppliedAt = Self.clockNow()
    }
}

// MARK: - Choosing the camera

extension CameraSession {
    /// Switches to the camera facing `facing` ("back" or "front"). Test cards switch in place; a real
    /// device gets a new live pipeline (a take continues on it).
    public func selectCamera(facing: String) async throws {
        let available = roster.cameras
        guard let camera = available.first(where: { $0.info.facing == facing }) else {
            let offered = available.map(\.info.facing).joined(separator: " and ")
            throw IntentError.noCamera("There is no \(facing) camera; \(offered.isEmpty ? "no camera was found" : "there is \(offered)").")
        }
        try await transition { try await self.show(camera) }
    }

    /// The camera to show among `cameras` when nothing else decides: the one facing `facing` (the
    /// back one by default), else the first.
    static func preferred(in cameras: [CameraSource], facing: String = "back") -> CameraSource? {
        cameras.first { $0.info.facing == facing } ?? cameras.first { $0.info.facing == "back" } ?? cameras.first
    }

    /// Makes `camera` the one showing: a test card switches in place, another camera gets a new live
    /// pipeline, opened at once when the camera is open (a take continues on it). In a transition.
    private func show(_ camera: CameraSource) async throws {
        guard camera != selected else { return }
        defer { selected = camera }
        guard let current = live else { return }
        if !health.failed, case .testCard = camera.kind, case .testCard = current.source.kind {
            try await current.showTestCard(camera)
            return
        }
        // The old camera lets go first: two pipelines feeding the hub would let a photo catch the old
        // picture, and a PipeWire node that went away must be left before another opens.
        live = nil
        try? await pool.run("closing the camera") { current.close() }
        // Asleep, the new camera's pipeline is built when it next opens.
        guard isOpen else { return }
        selected = camera
        do {
            let replacement = try await build(camera)
            live = replacement
            let (seconds, warmUp) = (configuration.openTimeout, configuration.warmUp)
            _ = try await pool.run("opening the camera") { try replacement.open(within: seconds, warmUp: warmUp, notBefore: nil) }
            healed(showing: camera)
        } catch {
            // The next open rebuilds it; until then captures answer why.
            health = Health(failed: true, problem: error as? IntentError ?? .noCamera("\(error)"))
            if let failed = live { await close(failed) } else { setOpen(false) }
            throw error
        }
    }

    /// The roster changed (one change at a time, in order). Cameras are told apart by id: a camera that
    /// is still there keeps showing, even if its side changed. One that went away ends a take on it (as
    /// when a camera fails) and the session turns to another: the one facing the same way, else the
    /// back one, else the first (the test cards when `auto` has no camera left). A test card superseded
    /// by a real camera is replaced, and a take on it continues from the new camera.
    private func camerasChanged(_ cameras: [CameraSource]) async {
        let previous = selected
        if let previous {
            if let same = cameras.first(where: { $0.info.id == previous.info.id }) {
                selected = same
            } else if case .testCard = previous.kind {
                // A test card that gives way to a real camera did not go anywhere: its take continues.
            } else {
                realCameraGone = true
                if let vanished = live, vanished.source.info.id == previous.info.id, !health.failed {
                    markFailed(.noCamera("The camera \(previous.info.name) went away."))
                }
            }
        }
        let present = selected.map { current in cameras.contains { $0.info.id == current.info.id } } ?? false
        if !present, let replacement = Self.preferred(in: cameras, facing: previous?.info.facing ?? "back") {
            do { try await transition { try await self.show(replacement) } } catch {
                IntentError.log(error, context: "switching to \(replacement.info.name)")
            }
            selected = replacement
        } else if let camera = failedCamera {
            try? await transition { await self.close(camera) }
        }
        camerasObserver?(cameras.map(\.info))
        // Something still holds the camera (a reader of the virtual camera, a preview) but its picture
        // was lost: a camera that came is opened for it at once.
        let held = !holds.withLock { $0.active.isEmpty }
        if held, !isOpen || health.failed, let current = selected, cameras.contains(where: { $0.info.id == current.info.id }) {
            Task {
                do { try await self.open() } catch { IntentError.log(error, context: "opening \(current.info.name), which came") }
            }
        }
    }
}

// MARK: - The preview and the virtual camera

extension CameraSession {
    /// Starts a preview stream of the live picture (see `PreviewStream`), built and played on the pool.
    /// It runs until `stop()`; it shows frames while the camera runs and pauses while it does not.
    public func startPreview(socketPath: String, width: Int = 640, stamped: Bool = false) async throws -> PreviewStream {
        let (hub, configuration) = (self.hub, self.configuration)
        return try await pool.run("starting the preview") {
            try PreviewStream(hub: hub, configuration: configuration, socketPath: socketPath, width: width, stamped: stamped)
        }
    }

    /// Publishes the live picture as a PipeWire camera (see `VirtualCameraStream`), built and played on
    /// the pool; the camera need not be open (the node is listed with no frame; hold the camera while
    /// someone reads). The node is listed until `stop()`.
    public func startVirtualCamera() async throws -> VirtualCameraStream {
        virtualCameraPublications += 1
        let (hub, configuration) = (self.hub, self.configuration)
        return try await pool.run("publishing the virtual camera") {
            try VirtualCameraStream(hub: hub, configuration: configuration)
        }
    }
}
