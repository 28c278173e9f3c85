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

    /// How many tasks wait in `sleeperArrives`.
    var watcherCount: Int { lock.withLock { sleeperWatchers.count } }

    /// How many tasks are asleep on the clock.
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    // No continuation is resumed while `lock` is held. Resuming one takes its task's status lock, and
    // cancelling a task holds that lock while it runs the task's cancellation handler, which takes
    // `lock`: a resume under `lock` racing a cancel (the ticker of `whileAdvancing` cancelled just as
    // an UNDO tick falls asleep) deadlocked both threads, and with them the whole test run.
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Arrival { case cancelled, due, asleep([CheckedContinuation<Void, Never>]) }
                let arrival = lock.withLock { () -> Arrival in
                    if Task.isCancelled { return .cancelled }
                    if deadline <= current { return .due }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    defer { sleeperWatchers = [:] }
                    return .asleep(Array(sleeperWatchers.values))
                }
                switch arrival {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .asleep(let watchers): for watcher in watchers { watcher.resume() }
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
                let now = lock.withLock { () -> Bool in
                    if !sleepers.isEmpty || Task.isCancelled { return true }
                    sleeperWatchers[id] = continuation
                    return false
                }
                if now { continuation.resume() }
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
