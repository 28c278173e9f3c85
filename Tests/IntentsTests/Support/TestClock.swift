import Foundation

/// A clock that moves only when a test advances it; sleepers wake when their deadline is reached.
final class TestClock: Clock, @unchecked Sendable {
    /// A point on the test clock: the time since it was made.
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UUID
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    /// Those waiting for a task to fall asleep on the clock.
    private var sleeperWatchers: [UUID: CheckedContinuation<Void, Never>] = [:]

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on the clock.
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.withLock {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else if deadline <= current {
                        continuation.resume()
                    } else {
                        sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                        for watcher in sleeperWatchers.values { watcher.resume() }
                        sleeperWatchers = [:]
                    }
                }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once a task sleeps on the clock (at once when one does already), or when cancelled.
    func sleeperArrives() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.withLock {
                    if !sleepers.isEmpty || Task.isCancelled { continuation.resume() } else { sleeperWatchers[id] = continuation }
                }
            }
        } onCancel: {
            lock.withLock { sleeperWatchers.removeValue(forKey: id) }?.resume()
        }
    }

    /// Moves time to the earliest sleeper's deadline, waking it (and any other due then).
    func advanceToNextDeadline() {
        guard let next = lock.withLock({ sleepers.map(\.deadline).min() }) else { return }
        advance(by: now.duration(to: next))
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let due = lock.withLock { () -> [Sleeper] in
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
