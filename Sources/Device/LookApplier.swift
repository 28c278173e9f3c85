import Body
import CallOrder
import Engine
import Foundation
import Synchronization

/// Puts bodies on the picture, in the order they were handed over, the latest first: a caller hands
/// over the newest body (`submit`, which never waits) and goes on; a body still waiting when a newer
/// one arrives is skipped (only the latest look matters). `flush()` waits until everything handed over
/// is on the picture — a take calls it first, so a photo or clip never starts with a look older than the
/// call that set it. The look is worked out here, once per body shown, and the camera's side switched
/// when the body faces the other way. A date imprint on an open camera is kept current (`ImprintRefresh`).
final class LookApplier: Sendable {
    private let session: CameraSession
    private let imprint = ImprintRefresh()
    private struct State {
        /// The newest body not yet shown.
        var pending: CameraBody?
        /// Shows the pending bodies, while there are any.
        var showing: Task<Void, Never>?
        /// The side shown last, so the camera switches only when it changes.
        var facing: Facing = .back
    }
    private let state = Mutex(State())

    /// Shows bodies on `session`'s camera.
    init(session: CameraSession) {
        self.session = session
        Task { [weak self, refreshes = imprint.refreshes] in
            for await body in refreshes { self?.submit(body) }
        }
    }

    /// Hands over `body`; it replaces any body not yet shown. The task that shows it starts once the call
    /// being answered has its answer (`AfterAnswer`), or at the latest when a take flushes.
    func submit(_ body: CameraBody) {
        let start = state.withLock { state -> Bool in
            state.pending = body
            return state.showing == nil
        }
        if start { AfterAnswer.run { [self] in _ = startShowing() } }
    }

    /// Waits until every body handed over so far is on the picture.
    func flush() async {
        await startShowing()?.value
    }

    /// The task showing the pending bodies: started when there are some and none runs.
    private func startShowing() -> Task<Void, Never>? {
        state.withLock { state in
            if state.showing == nil, state.pending != nil { state.showing = Task { [self] in await showPending() } }
            return state.showing
        }
    }

    /// The camera opened or closed: the imprint's minute is kept current only while it is open.
    func cameraOpened(_ isOpen: Bool) {
        imprint.cameraOpened(isOpen)
    }

    /// Shows the pending body until none is left; the last look ends the task in the same step.
    private func showPending() async {
        while let (body, switchTo) = state.withLock({ state -> (CameraBody, Facing?)? in
            guard let body = state.pending else {
                state.showing = nil
                return nil
            }
            state.pending = nil
            defer { state.facing = body.facing }
            return (body, body.facing != state.facing ? body.facing : nil)
        }) {
            await show(body, switchingTo: switchTo)
        }
    }

    /// Puts `body` on the picture: the camera it faces, its look, and a date imprint kept current.
    private func show(_ body: CameraBody, switchingTo facing: Facing?) async {
        if let facing {
            do { try await session.selectCamera(facing: facing.rawValue) } catch {
                EngineLog.warn("flip failed: \(error)")
            }
        }
        await session.setLook(Look(body, at: Date()))
        imprint.shown(body, cameraOpen: await session.isOpen)
    }
}
