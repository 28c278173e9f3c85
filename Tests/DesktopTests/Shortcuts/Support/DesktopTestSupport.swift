import Body
import Foundation
import Intents
import RetrocamTesting
import Testing

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

/// Waits up to 30 seconds for `condition` (a state of the desktop side that no event reports to the test).
func eventually(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: @Sendable () async -> Bool) async {
    if await Wait.until(30, { await condition() }) { return }
    Issue.record("\(what) never became true", sourceLocation: sourceLocation)
}

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-desktop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The repository's root.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
/// The repository's `shortcuts/` folder.
let shippedShortcuts = repositoryRoot.appendingPathComponent("shortcuts")
/// The repository's `desktop/` folder (desktop entries, search provider files, the icon).
let shippedDesktopFolder = repositoryRoot.appendingPathComponent("desktop")

