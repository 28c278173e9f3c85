import Body
import Foundation
import Synchronization

/// Keeps the date imprint's minute current while the camera is open: one sleeping task, armed for the
/// next minute boundary, only while the imprint is on and the camera open. A sleeping camera costs no
/// wake-up; a photo computes its stamp when it is taken, and an opening camera gets the look then.
/// Each body to put on the picture again (its stamp computed anew) comes out of `refreshes`.
final class ImprintRefresh: Sendable {
    /// Bodies to show again: the minute turned, or the camera opened with the imprint on.
    let refreshes: AsyncStream<CameraBody>
    private let refresh: AsyncStream<CameraBody>.Continuation
    private struct State {
        var body: CameraBody?
        var open = false
        var timer: Task<Void, Never>?
    }
    private let state = Mutex(State())

    init() {
        (refreshes, refresh) = AsyncStream.makeStream(of: CameraBody.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
        refresh.finish()
    }

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
        let again = state.withLock { state -> CameraBody? in
            state.open = isOpen
            rearm(&state)
            // The minute may have turned while the camera slept.
            return isOpen && state.body?.dateImprint == true ? state.body : nil
        }
        if let again { refresh.yield(again) }
    }

    /// Arms the timer for the next minute when the imprint is on and the camera open; else none.
    private func rearm(_ state: inout State) {
        state.timer?.cancel()
        state.timer = nil
        guard state.open, let body = state.body, body.dateImprint else { return }
        let now = Date().timeIntervalSince1970
        let untilNextMinute = 60 - now.truncatingRemainder(dividingBy: 60) + 0.05
        state.timer = Task { [weak self] in
            try? await Task.sleep(for: .seconds(untilNextMinute), tolerance: .milliseconds(200))
            guard !Task.isCancelled else { return }
            self?.fire()
        }
    }

    private func fire() {
        let again = state.withLock { state -> CameraBody? in
            state.timer = nil
            return state.open ? state.body : nil
        }
        if let again { refresh.yield(again) }
    }
}
