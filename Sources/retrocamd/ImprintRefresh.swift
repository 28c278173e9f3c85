import Body
import Dispatch
import Foundation
import Synchronization

/// Keeps the date imprint's minute current while the camera is open: one timer, armed for the next
/// minute boundary, only while the imprint is on and the camera open. A sleeping camera costs no
/// wake-up; a photo computes its stamp when it is taken, and an opening camera gets the look then.
final class ImprintRefresh: Sendable {
    private let queue = DispatchQueue(label: "org.retrocam.imprint")
    private struct State {
        var body: CameraBody?
        var open = false
        var timer: DispatchSourceTimer?
    }
    private let state = Mutex(State())
    private let reapply: @Sendable (CameraBody) -> Void

    /// `reapply` puts a body on the picture again (its stamp is computed anew).
    init(reapply: @escaping @Sendable (CameraBody) -> Void) { self.reapply = reapply }

    /// `body` is on the picture now.
    func shown(_ body: CameraBody, cameraOpen: Bool) {
        state.withLock { state in
            state.body = body
            state.open = cameraOpen
            rearm(&state)
        }
    }

    /// The camera opened or closed.
    func cameraOpened(_ isOpen: Bool) {
        let refresh = state.withLock { state -> CameraBody? in
            state.open = isOpen
            rearm(&state)
            // The minute may have turned while the camera slept.
            return isOpen && state.body?.dateImprint == true ? state.body : nil
        }
        if let refresh { reapply(refresh) }
    }

    /// Arms the timer for the next minute when the imprint is on and the camera open; else none. Lock held.
    private func rearm(_ state: inout State) {
        state.timer?.cancel()
        state.timer = nil
        guard state.open, let body = state.body, body.dateImprint else { return }
        let now = Date().timeIntervalSince1970
        let untilNextMinute = 60 - now.truncatingRemainder(dividingBy: 60) + 0.05
        state.timer = DispatchSource.oneShot(after: untilNextMinute, leeway: .milliseconds(200), on: queue) { [weak self] in self?.fire() }
    }

    private func fire() {
        let refresh = state.withLock { state -> CameraBody? in
            state.timer = nil
            return state.open ? state.body : nil
        }
        if let refresh { reapply(refresh) }
    }
}
