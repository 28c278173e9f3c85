import Body
import Engine
import Foundation

/// Puts bodies on the picture, in the order they were handed over, the latest first: a caller hands
/// over the newest body (`submit`) and goes on; a body still waiting when a newer one arrives is
/// skipped (only the latest look matters). `flush()` waits until everything handed over is on the
/// picture — a take calls it first, so a photo or clip never starts with a look older than the call
/// that set it. The look is worked out here, once per body shown, and the camera's side switched when
/// the body faces the other way. A date imprint on an open camera is kept current (`ImprintRefresh`).
actor LookApplier {
    private let session: CameraSession
    private let imprint = ImprintRefresh()
    /// The newest body not yet shown.
    private var pending: CameraBody?
    /// Shows the pending bodies, while there are any.
    private var showing: Task<Void, Never>?
    /// The side shown last, so the camera switches only when it changes.
    private var facing: Facing = .back

    /// Shows bodies on `session`'s camera.
    init(session: CameraSession) {
        self.session = session
        Task { [weak self, refreshes = imprint.refreshes] in
            for await body in refreshes { await self?.submit(body) }
        }
    }

    /// Hands over `body`; it replaces any body not yet shown.
    func submit(_ body: CameraBody) {
        pending = body
        guard showing == nil else { return }
        showing = Task { await showPending() }
    }

    /// Waits until every body handed over so far is on the picture.
    func flush() async {
        await showing?.value
    }

    /// The camera opened or closed: the imprint's minute is kept current only while it is open.
    nonisolated func cameraOpened(_ isOpen: Bool) {
        imprint.cameraOpened(isOpen)
    }

    private func showPending() async {
        while let body = pending {
            pending = nil
            await show(body)
        }
        showing = nil
    }

    /// Puts `body` on the picture: the camera it faces, its look, and a date imprint kept current.
    private func show(_ body: CameraBody) async {
        if body.facing != facing {
            facing = body.facing
            do { try await session.selectCamera(facing: body.facing.rawValue) } catch {
                EngineLog.warn("flip failed: \(error)")
            }
        }
        await session.setLook(Look(body, at: Date()))
        imprint.shown(body, cameraOpen: await session.isOpen)
    }
}
