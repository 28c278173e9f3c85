import Body
import Engine
import Foundation
import Intents
import Synchronization

/// The GStreamer engine as the intents see it: a `CaptureDevice`. Translates the body into the
/// engine's `Look` and the engine's errors into intent errors.
final class EngineDevice: CaptureDevice, @unchecked Sendable {
    private let engine: CameraEngine
    private let ready = ReadyGate()
    /// The camera facing shown last, so FLIP switches only when it changes.
    private let facing = Mutex("back")
    /// Keeps a date imprint's minute current while the camera is open.
    private var imprint: ImprintRefresh!

    /// Applies looks off the callers' path, latest first.
    private var looks: LookApplier!

    init(engine: CameraEngine) {
        self.engine = engine
        looks = LookApplier { [unowned self] body in show(body) }
        imprint = ImprintRefresh { [unowned self] body in looks.submit(body) }
        engine.onOpenChanged { [unowned self] open in
            imprint.cameraOpened(open)
            // The closed pipeline's buffers are free now: give them back.
            if !open { MemoryPolicy.trim() }
        }
    }

    /// The engine has started (or failed to): operations may go ahead.
    func markReady() { ready.open() }

    /// Hands the body's look to the applier and answers at once, so a dial turn costs the caller a
    /// bus round trip and not a pipeline update; takes wait for it (see `LookApplier`).
    func apply(_ body: CameraBody) async {
        await ready.wait()
        looks.submit(body)
    }

    /// Puts `body` on the picture: the camera it faces, its look, and a date imprint kept current
    /// (while the camera is open).
    private func show(_ body: CameraBody) {
        let wanted = body.facing.rawValue
        let switchCamera = facing.withLock { facing -> Bool in
            defer { facing = wanted }
            return facing != wanted
        }
        if switchCamera {
            do { try engine.selectCamera(facing: wanted) } catch { Log.info("flip failed: \(error)") }
        }
        engine.setLook(Look(body, at: Date()))
        imprint.shown(body, cameraOpen: engine.isOpen)
    }

    /// A take carries `body`, the settings committed before it: its look is put on the picture
    /// first (whatever is still queued is applied or replaced), and the engine keeps only a frame
    /// rendered after that.
    func takePhoto(_ body: CameraBody) async throws -> CapturedTake {
        await ready.wait()
        looks.submit(body)
        await looks.flush()
        return try await translating { CapturedTake(try await engine.takePhoto(tags: Self.tags(body))) }
    }

    func startClip(_ body: CameraBody) async throws {
        await ready.wait()
        looks.submit(body)
        await looks.flush()
        try await translating { try await engine.startClip(tags: Self.tags(body), audio: body.audio != .off) }
    }

    func holdCamera(for purpose: String) -> CameraHold {
        CameraHold(onRelease: engine.acquire(purpose))
    }

    func isCameraOpen() async -> Bool { engine.isOpen }

    func onCameraOpenChanged(_ handler: @escaping @Sendable (Bool) -> Void) async {
        engine.onOpenChanged(handler)
    }

    func stopClip() async throws -> CapturedTake {
        await ready.wait()
        // The take's encoder and muxer are gone once it is saved: give their memory back.
        defer { MemoryPolicy.trim() }
        return try await translating { CapturedTake(try await engine.stopClip()) }
    }

    func availableFacings() async -> [Facing] {
        await ready.wait()
        return engine.cameras.compactMap { Facing(rawValue: $0.facing) }
    }

    func cameras() async -> [CameraEntry] {
        await ready.wait()
        return engine.cameras
    }

    func onCamerasChanged(_ handler: @escaping @Sendable () -> Void) async {
        engine.onCamerasChanged { _ in handler() }
    }

    func moveToTrash(_ take: CapturedTake) async throws {
        try await translating { [engine] in
            guard let found = engine.library.takes.last(where: { $0.path == take.path }) else {
                throw IntentError.notFound("That take was already moved to the Trash.")
            }
            try await offThread("moving the take to the Trash", timeout: Self.diskTimeout) { try engine.moveToTrash(found) }
        }
    }

    /// How long a file operation on a request's path may take before the caller is answered anyway.
    static let diskTimeout: Duration = .seconds(10)

    func lastTake() async -> CapturedTake? { engine.library.last.map(CapturedTake.init) }

    func takes() async -> [CapturedTake] { engine.library.takes.map(CapturedTake.init) }

    func recoveredTakeCount() async -> Int { engine.library.recovered.count }

    func markLibraryOpened() async {
        _ = try? await offThread("saving the library", timeout: Self.diskTimeout) { [engine] in engine.library.markRecoveredSeen() }
    }

    func tapeSecondsUsed(technologyID: String) async -> Double? { engine.tapeSecondsUsed(technology: technologyID) }

    func digitalMinutesFree() async -> Double? {
        try? await offThread("measuring the free space", timeout: .seconds(2)) { [engine] in engine.digitalMinutesFree }
    }

    func insertTape(technologyID: String) async throws {
        try await translating { [engine] in
            try await offThread("recording the new tape", timeout: Self.diskTimeout) { try engine.insertTape(technology: technologyID) }
        }
    }

    func lampName() async -> String? { engine.torch?.name }

    func cameraName() async -> String? { engine.currentCamera?.name }

    func onInterruption(_ handler: @escaping @Sendable (DeviceInterruption) -> Void) async {
        engine.onTakeInterrupted { take, error in
            handler(DeviceInterruption(take: take.map(CapturedTake.init), reason: IntentError(error)))
        }
    }

    /// The tags a take's file name and index entry carry: the decade and the dial's entry
    /// (a clip is counted against its technology's tape).
    private static func tags(_ body: CameraBody) -> [String: String] {
        switch body.mode {
        case .cine: return ["decade": body.decade.name, "technology": body.technology.id]
        case .still: return ["decade": body.decade.name, "style": body.style.id]
        }
    }

    /// Runs an engine call, mapping `EngineError` onto the intent error a caller sees.
    private func translating<T>(_ work: () async throws -> T) async throws -> T {
        do { return try await work() } catch let error as EngineError { throw IntentError(error) }
    }
}

extension IntentError {
    /// The intent error a caller sees for an engine error, whether it answers a call or ends a take by
    /// itself (the one mapping): a full disk is StorageFull, a refused state or folder NotAllowed, a
    /// missing take NotFound, and everything the camera or GStreamer does wrong NoCamera.
    init(_ error: EngineError) {
        switch error {
        case .storageFull: self = .storageFull(error.message)
        case .notRecording, .alreadyRecording, .notAllowed, .trash: self = .notAllowed(error.message)
        case .notFound: self = .notFound(error.message)
        case .noCamera, .pipeline: self = .noCamera(error.message)
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

/// Holds callers until the engine has started: nil while closed (the waiters), then open for good.
final class ReadyGate: Sendable {
    private let waiters = Mutex<[CheckedContinuation<Void, Never>]?>([])

    func open() {
        let woken = waiters.withLock { waiters in
            defer { waiters = nil }
            return waiters ?? []
        }
        woken.forEach { $0.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = waiters.withLock { waiters -> Bool in
                waiters?.append(continuation)
                return waiters == nil
            }
            if isOpen { continuation.resume() }
        }
    }
}
