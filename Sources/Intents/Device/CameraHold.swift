import Foundation
import Synchronization

/// A hold on the camera: while any hold is kept, the device keeps the camera open (or opens it);
/// when the last one goes it lingers a few seconds, then closes. Takes hold the camera by themselves;
/// the self-timer holds it through its countdown, a shortcut through its run, and a preview client
/// (the viewfinder) for as long as it shows the picture — see `CameraController.holdCamera(for:)`.
///
/// `release()` is idempotent, and a hold that is dropped from memory releases itself.
public final class CameraHold: Sendable {
    /// What releasing does, until it is done (a struct: a bare closure in a mutex is re-wrapped on each access).
    private struct Action: Sendable { let run: @Sendable () -> Void }
    private let onRelease: Mutex<Action?>

    /// A hold that runs `onRelease` once, when released.
    public init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = Mutex(Action(run: onRelease)) }

    /// A hold that holds nothing (a device without a camera lifecycle).
    public static func none() -> CameraHold { CameraHold {} }

    deinit { release() }

    /// Lets the camera go.
    public func release() {
        let action = onRelease.withLock { action in
            defer { action = nil }
            return action
        }
        action?.run()
    }
}
