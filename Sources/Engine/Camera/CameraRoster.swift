import Blocking
import Body
import Foundation
import Synchronization

/// The cameras a `SourceChoice` stands for, kept current as cameras come and go. `synthetic` is the
/// two test cards, fixed; `auto` and a named device follow GStreamer's device monitor (see
/// `CameraMonitor`): PipeWire nodes, else V4L2 devices, else (`auto`) the test cards.
final class CameraRoster: Sendable {
    private let choice: SourceChoice
    private let monitor: CameraMonitor?
    private let state: Mutex<(cameras: [CameraSource], problem: IntentError?)>
    /// Each new list of cameras, in the order the changes happened (the camera session follows it).
    let changes: AsyncStream<[CameraSource]>
    private let changed: AsyncStream<[CameraSource]>.Continuation

    /// Finds the cameras for `choice` now and, unless it is `synthetic`, follows them on `watcher`.
    init(choice: SourceChoice, watcher: DescriptorWatcher) {
        self.choice = choice
        monitor = choice == .synthetic ? nil : CameraMonitor()
        state = Mutex(Self.resolve(choice, among: monitor?.devices ?? []))
        (changes, changed) = AsyncStream.makeStream(of: [CameraSource].self)
        monitor?.follow(on: watcher) { [weak self] devices in self?.update(devices) }
    }

    /// A fixed list (tests).
    init(fixed cameras: [CameraSource]) {
        choice = .synthetic
        monitor = nil
        state = Mutex((cameras, nil))
        (changes, changed) = AsyncStream.makeStream(of: [CameraSource].self)
    }

    deinit { stop() }

    /// The cameras present now, in the order FLIP and callers see them.
    var cameras: [CameraSource] { state.withLock { $0.cameras } }

    /// Why there is no camera, when a named device is missing or is not a camera.
    var problem: IntentError? { state.withLock { $0.problem } }

    /// Stops following the devices; `changes` ends.
    func stop() {
        monitor?.stop()
        changed.finish()
    }

    /// The devices changed: recompute, and tell `changes` when the cameras differ.
    private func update(_ devices: [DeviceDescription]) {
        let sides = state.withLock { Dictionary($0.cameras.map { ($0.info.id, $0.info.facing) }) { first, _ in first } }
        let (cameras, problem) = Self.resolve(choice, among: devices, keeping: sides)
        let news: [CameraSource]? = state.withLock { state in
            state.problem = problem
            guard cameras != state.cameras else { return nil }
            let before = state.cameras.map(\.info.name)
            state.cameras = cameras
            EngineLog.warn("cameras changed: \(before.joined(separator: ", ")) → \(cameras.map(\.info.name).joined(separator: ", "))")
            return cameras
        }
        if let news { changed.yield(news) }
    }

    /// The cameras for `choice` among `devices`, or none and why.
    private static func resolve(_ choice: SourceChoice, among devices: [DeviceDescription],
                                keeping sides: [String: String] = [:]) -> (cameras: [CameraSource], problem: IntentError?) {
        do {
            return (try CameraCatalog.cameras(for: choice, among: devices, keeping: sides), nil)
        } catch {
            return ([], error)
        }
    }
}
