import Foundation

/// Cameras that come and go while the daemon runs. The roster (GStreamer's device monitor) says when
/// the list changes; the engine then keeps showing its camera if it is still there. If it went away,
/// a take in progress ends with what was written (`TakeEnded`, as when a camera fails) and the engine
/// turns to another camera: the one facing the same way, else the back one, else the first (the test
/// cards when `auto` has no camera left). A test card superseded by a real camera is replaced, and a
/// take on it continues from the new camera.
extension CameraEngine {
    /// Called with the cameras present each time they change.
    public func onCamerasChanged(_ handler: @escaping @Sendable ([CameraInfo]) -> Void) {
        lock.withLock { camerasHandler = handler }
    }

    /// The camera to show among `cameras` when nothing else decides: the one facing `facing` (the
    /// back one by default), else the first.
    static func preferred(in cameras: [CameraSource], facing: String = "back") -> CameraSource? {
        cameras.first { $0.info.facing == facing } ?? cameras.first { $0.info.facing == "back" } ?? cameras.first
    }

    /// The roster changed: follow it (called on the roster's queue, one change at a time). Cameras
    /// are told apart by id: a camera that is still there keeps showing, even if its side changed.
    func camerasChanged(_ cameras: [CameraSource]) {
        let (previous, vanished): (CameraSource?, LiveCamera?) = locked {
            guard let previous = selected else { return (nil, nil) }
            if let same = cameras.first(where: { $0.info.id == previous.info.id }) {
                selected = same
                return (same, nil)
            }
            // A test card that gives way to a real camera did not go anywhere: its take continues.
            if case .testCard = previous.kind { return (previous, nil) }
            let showing = live.flatMap { $0.source.info.id == previous.info.id && !liveFailed ? $0 : nil }
            return (previous, showing)
        }
        if let previous, let vanished {
            report(.noCamera("The camera \(previous.info.name) went away."), from: vanished)
        }
        locked {
            let present = selected.map { current in cameras.contains { $0.info.id == current.info.id } } ?? false
            guard !present,
                  let replacement = Self.preferred(in: cameras, facing: previous?.info.facing ?? "back") else { return }
            do {
                try show(replacement)
            } catch {
                EngineError.log(error, context: "switching to \(replacement.info.name)")
            }
            selected = replacement
        }
        let handler = locked { camerasHandler }
        handler?(cameras.map(\.info))
    }
}
