import Blocking
import Body
import Engine
import Foundation
import Intents
import Synchronization

/// The GStreamer engine as the intents see it: a `CaptureDevice`. Translates the body into the
/// engine's `Look` (once, in `LookApplier`) and a stalled disk into NoCamera (the engine throws the
/// intents' own error); what touches the disk runs on the blocking pool.
public final class EngineDevice: CaptureDevice {
    private let engine: CameraEngine
    private let pool: BlockingPool
    private let ready = ReadyGate()
    /// How many `apply` calls are between their start and handing their look over.
    private let lookWaiters = Mutex(0)
    /// Puts bodies on the picture off the callers' path, latest first.
    private let looks: LookApplier

    /// The device over `engine`; its disk work runs on `pool`. Callers wait until `markReady()`.
    public init(engine: CameraEngine, pool: BlockingPool = .shared) async {
        self.engine = engine
        self.pool = pool
        let looks = LookApplier(session: engine.session)
        self.looks = looks
        await engine.session.onOpenChanged { open in
            looks.cameraOpened(open)
            // The closed pipeline's buffers are free now: give them back.
            if !open { MemoryPolicy.trim() }
        }
    }

    /// The engine has started (or failed to): operations may go ahead.
    public func markReady() { ready.open() }

    /// Hands the body's look to the applier and answers at once, so a dial turn costs the caller a
    /// bus round trip and not a pipeline update; takes wait for it (see `LookApplier`). On the caller's
    /// executor: nothing here waits once the engine has started.
    public nonisolated(nonsending) func apply(_ body: CameraBody) async {
        lookWaiters.withLock { $0 += 1 }
        defer { lookWaiters.withLock { $0 -= 1 } }
        await ready.wait()
        looks.submit(body)
    }

    /// `apply` without waiting, once the engine has started and no `apply` still waits to hand its look over
    /// (a body committed before this one, held by the start, must not land after it): false, and the caller
    /// goes the ordinary way, otherwise.
    public func applyAtOnce(_ body: CameraBody) -> Bool {
        guard ready.isOpen, lookWaiters.withLock({ $0 == 0 }) else { return false }
        looks.submit(body)
        return true
    }

    /// A photo labelled with `body`'s settings; its look is the one `apply` put on the picture, which
    /// the engine keeps only frames rendered after.
    public func takePhoto(_ body: CameraBody) async throws -> CapturedTake {
        await ready.wait()
        await looks.flush()
        return try await translating { CapturedTake(try await engine.photos.take(tags: Self.tags(body))) }
    }

    public func startClip(_ body: CameraBody) async throws {
        await ready.wait()
        await looks.flush()
        try await translating { try await engine.clips.start(tags: Self.tags(body), audio: body.audio != .off) }
    }

    public func holdCamera(for purpose: String) -> CameraHold {
        CameraHold(onRelease: engine.session.acquire(purpose))
    }

    public func isCameraOpen() async -> Bool { await engine.session.isOpen }

    public func onCameraOpenChanged(_ handler: @escaping @Sendable (Bool) -> Void) async {
        await engine.session.onOpenChanged(handler)
    }

    public func stopClip() async throws -> CapturedTake {
        await ready.wait()
        // The take's encoder and muxer are gone once it is saved: give their memory back.
        defer { MemoryPolicy.trim() }
        return try await translating { CapturedTake(try await engine.clips.stop()) }
    }

    public func availableFacings() async -> [Facing] {
        await ready.wait()
        return engine.session.cameras.compactMap { Facing(rawValue: $0.facing) }
    }

    public func cameras() async -> [CameraEntry] {
        await ready.wait()
        return engine.session.cameras
    }

    public func onCamerasChanged(_ handler: @escaping @Sendable () -> Void) async {
        await engine.session.onCamerasChanged { _ in handler() }
    }

    public func moveToTrash(_ take: CapturedTake) async throws {
        try await translating { [engine] in
            guard let found = engine.library.takes.last(where: { $0.path == take.path }) else {
                throw IntentError.notFound("That take was already moved to the Trash.")
            }
            try await engine.moveToTrash(found)
        }
    }

    /// How long a file operation on a request's path may take before the caller is answered anyway.
    static let diskTimeout: Duration = .seconds(10)

    public func lastTake() async -> CapturedTake? { engine.library.last.map(CapturedTake.init) }

    public func takes() async -> [CapturedTake] { engine.library.takes.map(CapturedTake.init) }

    public func recoveredTakeCount() async -> Int { engine.library.recovered.count }

    public func markLibraryOpened() async {
        _ = try? await pool.run("saving the library", timeout: Self.diskTimeout) { [engine] in engine.library.markRecoveredSeen() }
    }

    public func tapeSecondsUsed(technologyID: String) async -> Double? { engine.store.tapeSecondsUsed(technology: technologyID) }

    public func digitalMinutesFree() async -> Double? {
        try? await pool.run("measuring the free space", timeout: .seconds(2)) { [engine] in engine.store.digitalMinutesFree }
    }

    public func insertTape(technologyID: String) async throws {
        try await translating { [engine, pool] in
            try await pool.run("recording the new tape", timeout: Self.diskTimeout) { try engine.store.insertTape(technology: technologyID) }
        }
    }

    public func lampName() async -> String? { engine.session.torch?.name }

    public func cameraName() async -> String? { await engine.session.currentCamera?.name }

    public func onInterruption(_ handler: @escaping @Sendable (DeviceInterruption) -> Void) async {
        await engine.clips.onTakeInterrupted { take, error in
            handler(DeviceInterruption(take: take.map(CapturedTake.init), reason: error))
        }
    }

    /// The tags a take's file name and index entry carry: the decade and the dial's entry
    /// (a clip is counted against its technology's tape).
    static func tags(_ body: CameraBody) -> [String: String] {
        switch body.mode {
        case .cine: return ["decade": body.decade.name, "technology": body.technology.id]
        case .still: return ["decade": body.decade.name, "style": body.style.id]
        }
    }

    /// Runs an engine call, mapping a disk that did not answer in time onto NoCamera with its sentence
    /// (the engine's own refusals are already the error a caller sees).
    private func translating<T>(_ work: () async throws -> T) async throws -> T {
        do { return try await work() } catch let error as BlockingPoolError {
            throw IntentError.noCamera("\(error.description) The disk may be stalled.")
        }
    }
}

extension CapturedTake {
    /// The intents' view of an engine take.
    init(_ take: Take) {
        self.init(path: take.path, kind: take.kind == .photo ? .photo : .clip, duration: take.duration,
                  technology: take.tags["technology"] ?? take.tags["style"], created: take.created,
                  decade: take.tags["decade"], recovered: take.recovered)
    }
}
