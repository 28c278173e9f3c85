#if canImport(Glibc)
import Glibc
#endif

/// A value guarded by a pthread mutex, with a condition variable to sleep on until it changes: what
/// the pool's own threads wait on (swift-nio's `ConditionLock`, reduced to what the pool needs). Only
/// the pool's threads ever sleep on it; a task never does.
final class ConditionLock<State>: @unchecked Sendable {
    // @unchecked: `state` is read and written only with `mutex` held (every access is in `withLock`/`wait`).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var state: State

    /// A lock over `state`. The corresponding C calls are `pthread_mutex_init` and `pthread_cond_init`.
    init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Who waiting in `wait` looks at the state again after a change.
    enum Wake { case none, one, all }

    /// Runs `body` with the lock held, then wakes `wake` of the threads waiting in `wait`.
    func withLock<T>(waking wake: Wake = .none, _ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer {
            switch wake {
            case .none: break
            case .one: pthread_cond_signal(condition)
            case .all: pthread_cond_broadcast(condition)
            }
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Sleeps (on a pool thread only) until `ready` says so, then runs `body` with the lock held.
    func wait<T>(until ready: (State) -> Bool, _ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(state) { pthread_cond_wait(condition, mutex) }
        return try body(&state)
    }
}
