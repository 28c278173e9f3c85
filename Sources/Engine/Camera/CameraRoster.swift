import Foundation

/// The cameras a `SourceChoice` stands for, kept current as cameras come and go. `synthetic` is the
/// two test cards, fixed; `auto` and a named device follow GStreamer's device monitor (see
/// `CameraMonitor`): PipeWire nodes, else V4L2 devices, else (`auto`) the test cards.
final class CameraRoster: @unchecked Sendable {
    private let choice: SourceChoice
    private let monitor: CameraMonitor?
    private let lock = NSLock()
    private var current: [CameraSource]
    private var currentProblem: EngineError?
    private var handler: (@Sendable ([CameraSource]) -> Void)?
    /// Changes are told here, one at a time, so a slow camera start never holds up the monitor.
    private let delivery = DispatchQueue(label: "org.retrocam.cameras")

    /// Finds the cameras for `choice` now and, unless it is `synthetic`, follows them.
    init(choice: SourceChoice) {
        self.choice = choice
        monitor = choice == .synthetic ? nil : CameraMonitor()
        (current, currentProblem) = Self.resolve(choice, among: monitor?.devices ?? [])
        monitor?.follow { [weak self] devices in self?.update(devices) }
    }

    /// A fixed list (tests).
    init(fixed cameras: [CameraSource]) {
        choice = .synthetic
        monitor = nil
        current = cameras
    }

    deinit { monitor?.stop() }

    /// The cameras present now, in the order FLIP and callers see them.
    var cameras: [CameraSource] { lock.withLock { current } }

    /// Why there is no camera, when a named device is missing or is not a camera.
    var problem: EngineError? { lock.withLock { currentProblem } }

    /// Calls `handler` with the new list each time it changes (on a queue of the roster's, in order).
    func onChange(_ handler: @escaping @Sendable ([CameraSource]) -> Void) {
        lock.withLock { self.handler = handler }
    }

    /// Stops following the devices.
    func stop() { monitor?.stop() }

    /// The devices changed: recompute, and tell the handler when the cameras differ.
    private func update(_ devices: [DeviceDescription]) {
        let sides = lock.withLock { Dictionary(current.map { ($0.info.id, $0.info.facing) }) { first, _ in first } }
        let (cameras, problem) = Self.resolve(choice, among: devices, keeping: sides)
        let changed: (@Sendable ([CameraSource]) -> Void)?? = lock.withLock {
            currentProblem = problem
            guard cameras != current else { return nil }
            let before = current.map(\.info.name)
            current = cameras
            EngineLog.warn("cameras changed: \(before.joined(separator: ", ")) → \(cameras.map(\.info.name).joined(separator: ", "))")
            return .some(handler)
        }
        if case .some(let handler) = changed, let handler { delivery.async { handler(cameras) } }
    }

    /// The cameras for `choice` among `devices`, or none and why.
    private static func resolve(_ choice: SourceChoice, among devices: [DeviceDescription],
                                keeping sides: [String: String] = [:]) -> ([CameraSource], EngineError?) {
        do {
            return (try CameraCatalog.cameras(for: choice, among: devices, keeping: sides), nil)
        } catch {
            return ([], error)
        }
    }
}
