import Body
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

    /// Hands over `body`; it replaces any body not yet shown.
    func submit(_ body: CameraBody) {
        state.withLock { state in
            state.pending = body
            guard state.showing == nil else { return }
            state.showing = Task { [self] in await showPending() }
        }
    }

    /// Waits until every body handed over so far is on the picture.
    func flush() async {
        await state.withLock { $0.showing }?.value
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
