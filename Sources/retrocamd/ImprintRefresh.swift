import Body
import Dispatch
import Foundation

/// Keeps the date imprint's minute current while the camera is open: one timer, armed for the next
/// minute boundary, only while the imprint is on and the camera open. A sleeping camera costs no
/// wake-up; a photo computes its stamp when it is taken, and an opening camera gets the look then.
final class ImprintRefresh: @unchecked Sendable {
    private let queue = DispatchQueue(label: "org.retrocam.imprint")
    private let lock = NSLock()
    private var body: CameraBody?
    private var open = false
    private var timer: DispatchSourceTimer?
    private let reapply: @Sendable (CameraBody) -> Void

    /// `reapply` puts a body on the picture again (its stamp is computed anew).
    init(reapply: @escaping @Sendable (CameraBody) -> Void) { self.reapply = reapply }

    /// `body` is on the picture now.
    func shown(_ body: CameraBody, cameraOpen: Bool) {
        lock.withLock {
            self.body = body
            open = cameraOpen
            rearm()
        }
    }

    /// The camera opened or closed.
    func cameraOpened(_ isOpen: Bool) {
        let refresh = lock.withLock { () -> CameraBody? in
            open = isOpen
            rearm()
            // The minute may have turned while the camera slept.
            return isOpen && body?.dateImprint == true ? body : nil
        }
        if let refresh { reapply(refresh) }
    }

    /// Arms the timer for the next minute when the imprint is on and the camera open; else none. Lock held.
    private func rearm() {
        timer?.cancel()
        timer = nil
        guard open, let body, body.dateImprint else { return }
        let now = Date().timeIntervalSince1970
        let untilNextMinute = 60 - now.truncatingRemainder(dividingBy: 60) + 0.05
        let next = DispatchSource.makeTimerSource(queue: queue)
        next.schedule(deadline: .now() + untilNextMinute, leeway: .milliseconds(200))
        next.setEventHandler { [weak self] in self?.fire() }
        timer = next
        next.resume()
    }

    private func fire() {
        let refresh = lock.withLock { () -> CameraBody? in
            timer = nil
            return open ? body : nil
        }
        if let refresh { reapply(refresh) }
    }
}
