import Body
import Dispatch
import Foundation
import Synchronization

/// Applies bodies to the picture on a queue of its own. A caller hands over the newest body and
/// goes on; bodies still waiting when a newer one arrives are skipped (only the latest look
/// matters), and `flush()` waits until everything handed over is on the picture — takes call it
/// first, so a photo or clip never starts with a look older than the call that set it.
final class LookApplier: Sendable {
    private let queue = DispatchQueue(label: "org.retrocam.look")
    private let pending = Mutex<CameraBody?>(nil)
    private let show: @Sendable (CameraBody) -> Void

    /// Applies with `show`, always on the applier's queue.
    init(show: @escaping @Sendable (CameraBody) -> Void) { self.show = show }

    /// Hands over `body`; it replaces any body not yet applied.
    func submit(_ body: CameraBody) {
        let idle = pending.withLock { pending -> Bool in
            defer { pending = body }
            return pending == nil
        }
        if idle { queue.async { self.applyPending() } }
    }

    /// Waits until every body handed over so far has been applied.
    func flush() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }

    private func applyPending() {
        let body = pending.withLock { pending in
            defer { pending = nil }
            return pending
        }
        if let body { show(body) }
    }
}
