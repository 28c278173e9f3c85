import Synchronization

/// Holds callers until the engine has started: closed (with its waiters), then open for good.
final class ReadyGate: Sendable {
    private let waiters = Mutex<[CheckedContinuation<Void, Never>]?>([])

    /// Lets every waiter go, and every later caller through at once.
    func open() {
        let woken = waiters.withLock { waiters in
            defer { waiters = nil }
            return waiters ?? []
        }
        woken.forEach { $0.resume() }
    }

    /// True once `open()` was called.
    var isOpen: Bool { waiters.withLock { $0 == nil } }

    /// Returns once `open()` was called (at once, on the caller's executor and without suspending, when it was).
    nonisolated(nonsending) func wait() async {
        guard waiters.withLock({ $0 != nil }) else { return }
        await withCheckedContinuation { continuation in
            let isOpen = waiters.withLock { waiters -> Bool in
                waiters?.append(continuation)
                return waiters == nil
            }
            if isOpen { continuation.resume() }
        }
    }
}
