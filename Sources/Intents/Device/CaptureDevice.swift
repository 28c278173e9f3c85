import Body
import Foundation

/// A take on disk: a photo or a clip.
public struct CapturedTake: Sendable, Equatable, Codable {
    /// What kind of take it is.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// A still photo.
        case photo
        /// A moving-picture clip.
        case clip
    }

    /// The file's absolute path.
    public var path: String
    /// Photo or clip.
    public var kind: Kind
    /// A clip's length in seconds; nil for photos or when unknown.
    public var duration: Double?
    /// The technology or style id it was shot with.
    public var technology: String?
    /// When it was taken.
    public var created: Date
    /// The decade on the wheel when it was taken ("1970s"), when known.
    public var decade: String?
    /// True when it was rescued after the daemon was killed mid-take.
    public var recovered: Bool?

    /// Makes a take record.
    public init(path: String, kind: Kind, duration: Double? = nil, technology: String? = nil, created: Date = Date(),
                decade: String? = nil, recovered: Bool? = nil) {
        self.path = path
        self.kind = kind
        self.duration = duration
        self.technology = technology
        self.created = created
        self.decade = decade
        self.recovered = recovered
    }
}

/// The camera the intents drive. The real one wraps the GStreamer engine (`EngineDevice` in the Device
/// module); tests use a fake. The look reaches the device once per change, through `apply`; a take is
/// handed the body only to label the take (its decade, dial entry and sound), after the `apply` of its look.
///
/// A device throws `IntentError` (`.noCamera`, `.storageFull`, `.notAllowed`); anything else
/// is reported to the caller as `.noCamera` with its description.
public protocol CaptureDevice: Sendable {
    /// The look and settings changed: re-apply them live, with no gap in a take. Runs on the caller's
    /// executor (`nonisolated(nonsending)`): handing a look over costs the controller no hop.
    nonisolated(nonsending) func apply(_ body: CameraBody) async
    /// `apply` for a caller that cannot wait (a setting made on the bus's dispatch thread): true once the look
    /// is handed over; false, with nothing handed over, when only an awaited `apply` can take it.
    func applyAtOnce(_ body: CameraBody) -> Bool
    /// Takes a photo from the live stream, with the look last applied, labelled with `body`'s settings.
    func takePhoto(_ body: CameraBody) async throws -> CapturedTake
    /// Starts recording a clip with the look last applied, labelled with `body`'s settings and its audio.
    func startClip(_ body: CameraBody) async throws
    /// Ends the clip being recorded and saves it.
    func stopClip() async throws -> CapturedTake
    /// The cameras present (FLIP switches between them).
    func availableFacings() async -> [Facing]
    /// Moves a take to the freedesktop Trash (UNDO).
    func moveToTrash(_ take: CapturedTake) async throws
    /// The newest take in the library, if any.
    func lastTake() async -> CapturedTake?
    /// Every take in the library, oldest first (the LIBRARY's list).
    func takes() async -> [CapturedTake]
    /// How many takes were recovered after a crash and not yet seen in the LIBRARY.
    func recoveredTakeCount() async -> Int
    /// The LIBRARY was opened: recovered takes are no longer "new".
    func markLibraryOpened() async
    /// Seconds of clips on `technologyID`'s current tape (from the library, so it survives restarts);
    /// nil when the device keeps no library (the controller then counts the takes itself).
    func tapeSecondsUsed(technologyID: String) async -> Double?
    /// Minutes of clip the disk still holds, the running length of a digital medium; nil when unknown.
    func digitalMinutesFree() async -> Double?
    /// Puts a fresh tape in for `technologyID`.
    func insertTape(technologyID: String) async throws
    /// The lamp LIGHT/FLASH drives ("the white:flash LED"); nil when it is a fill light in the picture.
    func lampName() async -> String?
    /// The name of the camera that takes the pictures now ("Test card (back)"); nil when unknown.
    func cameraName() async -> String?
    /// Registers the handler told when the device ends a take itself (disk full, camera gone).
    func onInterruption(_ handler: @escaping @Sendable (DeviceInterruption) -> Void) async
    /// Keeps the camera open (opening it now, in the background) until the hold is released.
    /// `purpose` names the holder for the log: "the self-timer", "a shortcut", "a preview for :1.42".
    func holdCamera(for purpose: String) -> CameraHold
    /// Whether the camera is open now (the device playing, the privacy light on).
    func isCameraOpen() async -> Bool
    /// Registers the handler told whenever the camera opens or closes.
    func onCameraOpenChanged(_ handler: @escaping @Sendable (Bool) -> Void) async
    /// The cameras present now.
    func cameras() async -> [CameraEntry]
    /// Registers the handler told when cameras come or go.
    func onCamerasChanged(_ handler: @escaping @Sendable () -> Void) async
}

/// A take the device ended by itself, and why.
public struct DeviceInterruption: Sendable {
    /// The take as saved, or nil when nothing could be saved.
    public var take: CapturedTake?
    /// Why it ended (`.storageFull`, `.noCamera`), with its sentence.
    public var reason: IntentError

    /// Makes an interruption record.
    public init(take: CapturedTake?, reason: IntentError) {
        self.take = take
        self.reason = reason
    }
}

extension CaptureDevice {
    /// A device that takes its looks only through `apply`.
    public func applyAtOnce(_ body: CameraBody) -> Bool { false }
    /// No library: the controller counts.
    public func tapeSecondsUsed(technologyID: String) async -> Double? { nil }
    /// Unknown: digital media show their nominal length.
    public func digitalMinutesFree() async -> Double? { nil }
    /// Nothing to record the new tape in.
    public func insertTape(technologyID: String) async throws {}
    /// A fill light in the picture.
    public func lampName() async -> String? { nil }
    /// Unknown.
    public func cameraName() async -> String? { nil }
    /// No library: only the last take is known.
    public func takes() async -> [CapturedTake] { await lastTake().map { [$0] } ?? [] }
    /// A device that never ends a take by itself.
    public func onInterruption(_ handler: @escaping @Sendable (DeviceInterruption) -> Void) async {}
    /// A device without a camera lifecycle: nothing to hold.
    public func holdCamera(for purpose: String) -> CameraHold { .none() }
    /// A device without a camera lifecycle is never said to be open.
    public func isCameraOpen() async -> Bool { false }
    /// A device without a camera lifecycle never opens or closes.
    public func onCameraOpenChanged(_ handler: @escaping @Sendable (Bool) -> Void) async {}
    /// One entry per side FLIP offers.
    public func cameras() async -> [CameraEntry] {
        await availableFacings().map { CameraEntry(id: $0.rawValue, name: "\($0.rawValue.capitalized) camera", facing: $0.rawValue) }
    }
    /// A device whose cameras never change.
    public func onCamerasChanged(_ handler: @escaping @Sendable () -> Void) async {}
}
