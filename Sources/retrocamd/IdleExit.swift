import Body
import Foundation
import Intents
import Synchronization

/// `--exit-when-idle SECONDS`, for a daemon started by D-Bus activation (as systemd's hostnamed
/// does): once the camera has been closed and nothing has changed on the body for that long, the
/// daemon exits; the next call to its name starts it again. One sleeping task, armed only while the
/// camera is closed, replaced by each change. A daemon that listens for shutter keys or holds global
/// hotkeys (`mayExit` says no) stays: nothing would start it again for them.
final class IdleExit: Sendable {
    /// The idle time before exiting.
    let seconds: Double
    private struct State {
        var timer: Task<Void, Never>?
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
            let seconds = self.seconds
            state.timer = Task { [weak self] in
                try? await Task.sleep(for: .seconds(seconds), tolerance: .seconds(1))
                guard !Task.isCancelled else { return }
                self?.expired()
            }
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
