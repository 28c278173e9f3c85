import Body
import Foundation
@testable import Intents

/// An in-memory camera: records what the controller asked for and makes takes with predictable paths.
actor FakeDevice: CaptureDevice {
    /// The cameras present.
    var facings: [Facing]
    /// The library, oldest first.
    var takes: [CapturedTake]
    /// Takes moved to the Trash.
    private(set) var trashed: [CapturedTake] = []
    /// Every body passed to `apply`.
    private(set) var applied: [CameraBody] = []
    /// Bodies a photo was taken with.
    private(set) var photoBodies: [CameraBody] = []
    /// True between startClip and stopClip.
    private(set) var recording = false
    /// How long the next clip lasts, in seconds.
    var clipSeconds: Double = 3
    /// Thrown by takePhoto and startClip when set.
    var failure: (any Error)?
    /// Recovered takes not yet seen.
    private(set) var recovered: Int
    /// True once the LIBRARY was opened.
    private(set) var libraryOpened = false
    private var clipTechnology: String?

    init(facings: [Facing] = [.back, .front], takes: [CapturedTake] = [], recovered: Int = 0) {
        self.facings = facings
        self.takes = takes
        self.recovered = recovered
    }

    func apply(_ body: CameraBody) { applied.append(body) }

    /// True to hold every photo until `releasePhotos()`, as a slow camera would.
    private var holdingPhotos = false
    /// The photos being held.
    private var heldPhotos: [CheckedContinuation<Void, Never>] = []
    /// How many photos wait for `releasePhotos()`.
    var photosWaiting: Int { heldPhotos.count }

    func holdPhotos() { holdingPhotos = true }

    func releasePhotos() {
        holdingPhotos = false
        for photo in heldPhotos { photo.resume() }
        heldPhotos = []
    }

    func takePhoto(_ body: CameraBody) async throws -> CapturedTake {
        if holdingPhotos { await withCheckedContinuation { heldPhotos.append($0) } }
        if let failure { throw failure }
        photoBodies.append(body)
        let take = CapturedTake(path: "/fake/Pictures/photo-\(takes.count + 1).jpg", kind: .photo,
                                technology: body.style.id, created: Date(timeIntervalSince1970: 0))
        takes.append(take)
        return take
    }

    func startClip(_ body: CameraBody) throws {
        if let failure { throw failure }
        recording = true
        clipTechnology = body.technology.id
    }

    func stopClip() throws -> CapturedTake {
        guard recording else { throw IntentError.notAllowed("The fake is not recording.") }
        recording = false
        if let stopFailure { throw stopFailure }
        let take = CapturedTake(path: "/fake/Videos/clip-\(takes.count + 1).webm", kind: .clip, duration: clipSeconds,
                                technology: clipTechnology, created: Date(timeIntervalSince1970: 0))
        takes.append(take)
        return take
    }

    func availableFacings() -> [Facing] { facings }

    /// How long a move to the Trash takes (a slow disk), nil for at once.
    var trashDelay: Duration?
    /// Thrown by stopClip when set (a clip the device could not save).
    var stopFailure: (any Error)?

    func moveToTrash(_ take: CapturedTake) async throws {
        if let trashDelay { try await Task.sleep(for: trashDelay) }
        guard takes.contains(where: { $0.path == take.path }) else {
            throw IntentError.notFound("The fake has no take \(take.path).")
        }
        trashed.append(take)
        takes.removeAll { $0.path == take.path }
    }

    func setTrashDelay(_ delay: Duration?) { trashDelay = delay }
    func setStopFailure(_ error: (any Error)?) { stopFailure = error }

    func cameraName() -> String? { "Fake camera" }

    func lastTake() -> CapturedTake? { takes.last }

    func recoveredTakeCount() -> Int { recovered }

    func markLibraryOpened() {
        libraryOpened = true
        recovered = 0
    }

    /// The handler the controller registered for takes the device ends itself.
    private var interruptionHandler: (@Sendable (DeviceInterruption) -> Void)?
    /// Technologies a new tape was put in for.
    private(set) var tapesInserted: [String] = []
    /// What `lampName` answers (nil: a fill light in the picture).
    var lamp: String?

    func onInterruption(_ handler: @escaping @Sendable (DeviceInterruption) -> Void) { interruptionHandler = handler }

    func insertTape(technologyID: String) { tapesInserted.append(technologyID) }

    func lampName() -> String? { lamp }

    func setLamp(_ name: String?) { lamp = name }

    /// Ends the clip as a full disk or a lost camera would, and tells the controller.
    func interrupt(because reason: IntentError) throws {
        let take = try stopClip()
        interruptionHandler?(DeviceInterruption(take: take, reason: reason))
    }

    func setFacings(_ newFacings: [Facing]) { facings = newFacings }
    func setClipSeconds(_ seconds: Double) { clipSeconds = seconds }
    func setFailure(_ error: (any Error)?) { failure = error }
}
