import Body
import Dispatch
import Foundation
import Intents
import Synchronization

/// `--exit-when-idle SECONDS`, for a daemon started by D-Bus activation (as systemd's hostnamed
/// does): once the camera has been closed and nothing has changed on the body for that long, the
/// daemon exits; the next call to its name starts it again. One one-shot timer, armed only while the
/// camera is closed, re-armed by each change. A daemon that listens for shutter keys or holds global
/// hotkeys (`mayExit` says no) stays: nothing would start it again for them.
final class IdleExit: Sendable {
    /// The idle time before exiting.
    let seconds: Double
    private let queue = DispatchQueue(label: "org.retrocam.idle-exit")
    private struct State {
        var timer: DispatchSourceTimer?
        var cameraOpen = false
        var handler: (@Sendable (Double) -> Void)?
    }
    private let state = Mutex(State())
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
        state.withLock { $0.handler = handler }
    }

    /// Something happened: the idle time starts again, counted from when the camera is closed.
    func activity(cameraOpen open: Bool?) {
        state.withLock { state in
            if let open { state.cameraOpen = open }
            state.timer?.cancel()
            state.timer = nil
            guard !state.cameraOpen else { return }
            state.timer = DispatchSource.oneShot(after: seconds, leeway: .seconds(1), on: queue) { [weak self] in self?.expired() }
        }
    }

    private func expired() {
        guard mayExit() else { return }
        let told = state.withLock { state -> (@Sendable (Double) -> Void)? in
            guard !state.cameraOpen else { return nil }
            defer { state.handler = nil }
            return state.handler
        }
        told?(seconds)
    }
}

extension DispatchSource {
    /// A timer on `queue` that runs `handler` once, `seconds` from now; already started (cancel it to stop it).
    static func oneShot(after seconds: Double, leeway: DispatchTimeInterval, on queue: DispatchQueue,
                        _ handler: @escaping @Sendable () -> Void) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + seconds, leeway: leeway)
        timer.setEventHandler(handler: handler)
        timer.resume()
        return timer
    }
}
