import Foundation

/// A hold on the camera: while any hold is kept, the device keeps the camera open (or opens it);
/// when the last one goes it lingers a few seconds, then closes. Takes hold the camera by themselves;
/// the self-timer holds it through its countdown, a shortcut through its run, and a preview client
/// (the viewfinder) for as long as it shows the picture — see `CameraController.holdCamera(for:)`.
///
/// `release()` is idempotent, and a hold that is dropped from memory releases itself.
public final class CameraHold: @unchecked Sendable {
    private let lock = NSLock()
    private var onRelease: (@Sendable () -> Void)?

    /// A hold that runs `onRelease` once, when released.
    public init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }

    /// A hold that holds nothing (a device without a camera lifecycle).
    public static func none() -> CameraHold { CameraHold {} }

    deinit { release() }

    /// Lets the camera go.
    public func release() {
        let action = lock.withLock { () -> (@Sendable () -> Void)? in
            defer { onRelease = nil }
            return onRelease
        }
        action?()
    }

    /// True until released.
    public var isHeld: Bool { lock.withLock { onRelease != nil } }
}
