import Testing
import Body
import Foundation
import Intents

/// An in-memory camera for the desktop tests: takes get predictable paths.
actor FakeCamera: CaptureDevice {
    private(set) var takes: [CapturedTake] = []
    private var recording = false

    func apply(_ body: CameraBody) {}

    func takePhoto(_ body: CameraBody) -> CapturedTake {
        let take = CapturedTake(path: "/fake/Pictures/photo-\(takes.count + 1).jpg", kind: .photo, technology: body.style.id)
        takes.append(take)
        return take
    }

    func startClip(_ body: CameraBody) { recording = true }

    func stopClip() throws -> CapturedTake {
        guard recording else { throw IntentError.notAllowed("The fake is not recording.") }
        recording = false
        let take = CapturedTake(path: "/fake/Videos/clip-\(takes.count + 1).webm", kind: .clip, duration: 2)
        takes.append(take)
        return take
    }

    func availableFacings() -> [Facing] { [.back, .front] }
    func moveToTrash(_ take: CapturedTake) { takes.removeAll { $0.path == take.path } }
    func lastTake() -> CapturedTake? { takes.last }
    func recoveredTakeCount() -> Int { 0 }
    func markLibraryOpened() {}
    func cameraName() -> String? { "Fake camera" }
}

/// A controller over a fresh fake camera, started; `still` puts the lever on STILL.
func makeCamera(still: Bool = false) async -> (CameraController, FakeCamera) {
    let camera = FakeCamera()
    var body = CameraBody()
    if still { body.setMode(.still) }
    let controller = CameraController(device: camera, body: body)
    await controller.start()
    return (controller, camera)
}

/// Lines logged by the desktop side.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
    var sink: @Sendable (String) -> Void { { [self] in append($0) } }
}

/// Waits up to about three seconds for `condition`.
func eventually(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: @Sendable () async -> Bool) async {
    for _ in 0..<300 {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("\(what) never became true", sourceLocation: sourceLocation)
}

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-desktop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The repository's `shortcuts/` folder.
let shippedShortcuts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shortcuts")

