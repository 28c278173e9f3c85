import Synchronization
import Body
import Foundation
import Intents

/// An in-memory camera for the unit tests of the intents and the desktop side: records what the
/// controller asked for and makes takes with predictable paths (`/fake/Pictures/photo-1.jpg`).
public actor FakeCamera: CaptureDevice {
    /// The cameras present.
    public var facings: [Facing]
    /// The library, oldest first.
    public var takes: [CapturedTake]
    /// Takes moved to the Trash.
    public private(set) var trashed: [CapturedTake] = []
    /// Every body passed to `apply`.
    public private(set) var applied: [CameraBody] = []
    /// Bodies a photo was taken with.
    public private(set) var photoBodies: [CameraBody] = []
    /// True between startClip and stopClip.
    public private(set) var recording = false
    /// How long the next clip lasts, in seconds.
    public var clipSeconds: Double = 3
    /// Thrown by takePhoto and startClip when set.
    public var failure: (any Error)?
    /// Recovered takes not yet seen.
    public private(set) var recovered: Int
    /// True once the LIBRARY was opened.
    public private(set) var libraryOpened = false
    private var clipTechnology: String?

    /// True when `applyAtOnce` takes the look (as the engine does once started); false, the default, for a
    /// device that takes looks only through `apply`.
    public nonisolated let takesLooksAtOnce: Bool
    private nonisolated let handedAtOnce = Mutex<[CameraBody]>([])
    /// The bodies `applyAtOnce` took, in order.
    public nonisolated var appliedAtOnce: [CameraBody] { handedAtOnce.withLock { $0 } }

    public nonisolated func applyAtOnce(_ body: CameraBody) -> Bool {
        guard takesLooksAtOnce else { return false }
        handedAtOnce.withLock { $0.append(body) }
        return true
    }

    public init(facings: [Facing] = [.back, .front], takes: [CapturedTake] = [], recovered: Int = 0, takesLooksAtOnce: Bool = false) {
        self.takesLooksAtOnce = takesLooksAtOnce
        self.facings = facings
        self.takes = takes
        self.recovered = recovered
    }

    public func apply(_ body: CameraBody) { applied.append(body) }

    /// Photos held until `releasePhotos()`, as a slow camera would hold them.
    private var heldPhotos = HeldCalls()
    /// How many photos wait for `releasePhotos()`.
    public var photosWaiting: Int { heldPhotos.count }

    public func holdPhotos() { heldPhotos.holding = true }

    public func releasePhotos() { heldPhotos.release() }

    public func takePhoto(_ body: CameraBody) async throws -> CapturedTake {
        if heldPhotos.holding { await withCheckedContinuation { heldPhotos.waiting.append($0) } }
        if let failure { throw failure }
        photoBodies.append(body)
        let take = CapturedTake(path: "/fake/Pictures/photo-\(takes.count + 1).jpg", kind: .photo,
                                technology: body.style.id, created: Date(timeIntervalSince1970: 0))
        takes.append(take)
        return take
    }

    public func startClip(_ body: CameraBody) throws {
        if let failure { throw failure }
        recording = true
        clipTechnology = body.technology.id
    }

    public func stopClip() throws -> CapturedTake {
        guard recording else { throw IntentError.notAllowed("The fake is not recording.") }
        recording = false
        if let stopFailure { throw stopFailure }
        let take = CapturedTake(path: "/fake/Videos/clip-\(takes.count + 1).webm", kind: .clip, duration: clipSeconds,
                                technology: clipTechnology, created: Date(timeIntervalSince1970: 0))
        takes.append(take)
        return take
    }

    public func availableFacings() -> [Facing] { facings }

    /// Thrown by stopClip when set (a clip the device could not save).
    public var stopFailure: (any Error)?
    /// Moves to the Trash held until `releaseTrash()`, as a slow disk would hold them.
    private var heldTrash = HeldCalls()
    /// How many moves to the Trash wait for `releaseTrash()`.
    public var trashMovesWaiting: Int { heldTrash.count }

    public func holdTrash() { heldTrash.holding = true }

    public func releaseTrash() { heldTrash.release() }

    public func moveToTrash(_ take: CapturedTake) async throws {
        if heldTrash.holding { await withCheckedContinuation { heldTrash.waiting.append($0) } }
        guard takes.contains(where: { $0.path == take.path }) else {
            throw IntentError.notFound("The fake has no take \(take.path).")
        }
        trashed.append(take)
        takes.removeAll { $0.path == take.path }
    }

    public func setStopFailure(_ error: (any Error)?) { stopFailure = error }

    public func cameraName() -> String? { "Fake camera" }

    public func lastTake() -> CapturedTake? { takes.last }

    public func recoveredTakeCount() -> Int { recovered }

    public func markLibraryOpened() {
        libraryOpened = true
        recovered = 0
    }

    /// The handler the controller registered for takes the device ends itself.
    private var interruptionHandler: (@Sendable (DeviceInterruption) -> Void)?
    /// Technologies a new tape was put in for.
    public private(set) var tapesInserted: [String] = []
    /// What `lampName` answers (nil: a fill light in the picture).
    public var lamp: String?

    public func onInterruption(_ handler: @escaping @Sendable (DeviceInterruption) -> Void) { interruptionHandler = handler }

    public func insertTape(technologyID: String) { tapesInserted.append(technologyID) }

    public func lampName() -> String? { lamp }

    public func setLamp(_ name: String?) { lamp = name }

    /// Ends the clip as a full disk or a lost camera would, and tells the controller.
    public func interrupt(because reason: IntentError) throws {
        let take = try stopClip()
        interruptionHandler?(DeviceInterruption(take: take, reason: reason))
    }

    public func setFacings(_ newFacings: [Facing]) { facings = newFacings }
    public func setClipSeconds(_ seconds: Double) { clipSeconds = seconds }
    public func setFailure(_ error: (any Error)?) { failure = error }
}

/// Calls of the fake held until the test lets them go.
struct HeldCalls {
    /// True while new calls are held.
    var holding = false
    /// The calls held now.
    var waiting: [CheckedContinuation<Void, Never>] = []
    /// How many are held.
    var count: Int { waiting.count }

    /// Lets every held call go on, and holds no more.
    mutating func release() {
        holding = false
        for call in waiting { call.resume() }
        waiting = []
    }
}
