import Body
import Dispatch
import Foundation
import Intents

/// `--exit-when-idle SECONDS`, for a daemon started by D-Bus activation (as systemd's hostnamed
/// does): once the camera has been closed and nothing has changed on the body for that long, the
/// daemon exits; the next call to its name starts it again. One one-shot timer, armed only while the
/// camera is closed, re-armed by each change. A daemon that listens for shutter keys or holds global
/// hotkeys (`mayExit` says no) stays: nothing would start it again for them.
final class IdleExit: @unchecked Sendable {
    /// The idle time before exiting.
    let seconds: Double
    private let queue = DispatchQueue(label: "org.retrocam.idle-exit")
    private let lock = NSLock()
    private var timer: DispatchSourceTimer?
    private var cameraOpen = false
    private var handler: (@Sendable (Double) -> Void)?
    private let mayExit: @Sendable () -> Bool

    /// Exits after `seconds` of idleness (see the type), when `mayExit` agrees then.
    init(seconds: Double, mayExit: @escaping @Sendable () -> Bool) {
        self.seconds = seconds
        self.mayExit = mayExit
    }

    /// Follows the controller: every body change and event counts as activity.
    func follow(_ controller: CameraController) async {
        await controller.observe { [weak self] body in self?.activity(cameraOpen: body.cameraOpen) }
        await controller.observeEvents { [weak self] _ in self?.activity(cameraOpen: nil) }
        activity(cameraOpen: await controller.body.cameraOpen)
    }

    /// Who hears that the idle time ran out (once).
    func onIdle(_ handler: @escaping @Sendable (Double) -> Void) {
        lock.withLock { self.handler = handler }
    }

    /// Something happened: the idle time starts again, counted from when the camera is closed.
    func activity(cameraOpen open: Bool?) {
        lock.withLock {
            if let open { cameraOpen = open }
            timer?.cancel()
            timer = nil
            guard !cameraOpen else { return }
            let next = DispatchSource.makeTimerSource(queue: queue)
            next.schedule(deadline: .now() + seconds, leeway: .seconds(1))
            next.setEventHandler { [weak self] in self?.expired() }
            timer = next
            next.resume()
        }
    }

    private func expired() {
        guard mayExit() else { return }
        let told = lock.withLock { () -> (@Sendable (Double) -> Void)? in
            guard !cameraOpen else { return nil }
            defer { handler = nil }
            return handler
        }
        told?(seconds)
    }
}
