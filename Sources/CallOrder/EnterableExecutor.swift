import Dispatch
import Glibc
import Synchronization

/// A serial executor for an actor that a thread outside Swift's pool (the bus's dispatch thread) may enter
/// synchronously when nothing runs or waits on it, to make a change at once, with no hop, in the order the
/// bus delivered it (`runIfIdle`).
///
/// Jobs run one at a time, in the order they were enqueued, on a libdispatch worker; a thread that entered
/// holds the jobs enqueued meanwhile until it leaves. `runIfIdle` never waits: when the actor is busy it
/// returns nil and the caller goes the ordinary way (a hop onto the actor).
///
/// Limit: the worker is `DispatchQueue.global()` at its default quality of service, whatever the priority of
/// the Task a job belongs to, so a high-priority Task's job runs at default priority here (and a low one's no
/// lower); jobs still run strictly in enqueue order, not by priority.
public final class EnterableExecutor: SerialExecutor, Sendable {
    fileprivate struct State {
        /// Jobs waiting to run, oldest first.
        var jobs: [UnownedJob] = []
        /// True while a worker drains the jobs or a thread has entered.
        var running = false
        /// The thread that entered synchronously, while it runs there.
        var enteredBy: pthread_t?
        /// What `whenIdle` was given to run the next time nothing runs or waits.
        var idleActions: [@Sendable () -> Void] = []
    }
    private let state = Mutex(State())

    /// An idle executor.
    public init() {}

    /// Queues `job` behind the jobs before it; starts a worker to drain them unless one drains or a thread
    /// has entered (that thread starts it when it leaves). Never runs the job on the calling thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let start = state.withLock { state -> Bool in
            state.jobs.append(job)
            defer { state.running = true }
            return !state.running
        }
        if start { DispatchQueue.global().async { self.drain() } }
    }

    /// Runs `work` on the calling thread, isolated to the actor this executor serves, when no job runs or
    /// waits; nil (and `work` not run) otherwise. `work` must not wait: the jobs enqueued meanwhile wait for it.
    public func runIfIdle<T>(_ work: () throws -> T) rethrows -> T? {
        let entered = state.withLock { state -> Bool in
            guard !state.running else { return false }
            state.running = true
            state.enteredBy = pthread_self()
            return true
        }
        guard entered else { return nil }
        defer {
            let (more, idleActions) = state.withLock { state -> (Bool, [@Sendable () -> Void]) in
                state.enteredBy = nil
                state.running = !state.jobs.isEmpty
                return (state.running, state.running ? [] : state.takeIdleActions())
            }
            if more { DispatchQueue.global().async { self.drain() } }
            for action in idleActions { action() }
        }
        return try work()
    }

    /// Runs `action` once nothing runs or waits on the executor: at once, on the calling thread, if it is idle
    /// now; otherwise on the thread that leaves it idle, as that thread leaves. `action` must not wait.
    public func whenIdle(_ action: @escaping @Sendable () -> Void) {
        let idle = state.withLock { state -> Bool in
            if state.running { state.idleActions.append(action) }
            return !state.running
        }
        if idle { action() }
    }

    /// Returns once nothing runs or waits on the executor (see `whenIdle`).
    public func untilIdle() async {
        await withCheckedContinuation { (idle: CheckedContinuation<Void, Never>) in whenIdle { idle.resume() } }
    }

    /// Traps unless called on the thread that entered with `runIfIdle` (the runtime knows the jobs' thread by
    /// itself and asks this only otherwise).
    public func checkIsolated() {
        precondition(isEnteredHere, "not on the executor of this actor")
    }

    /// True on the thread that entered with `runIfIdle`; nil otherwise, so the runtime decides by what it knows
    /// of the jobs' thread (a check that cannot answer no for a job running on a worker).
    public func isIsolatingCurrentContext() -> Bool? {
        isEnteredHere ? true : nil
    }

    private var isEnteredHere: Bool {
        state.withLock { $0.enteredBy.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Runs the jobs in order until none is left.
    private func drain() {
        var idleActions: [@Sendable () -> Void] = []
        while let job = state.withLock({ state -> UnownedJob? in
            guard !state.jobs.isEmpty else {
                state.running = false
                idleActions = state.takeIdleActions()
                return nil
            }
            return state.jobs.removeFirst()
        }) {
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
        for action in idleActions { action() }
    }
}

private extension EnterableExecutor.State {
    /// The actions `whenIdle` keeps, which it no longer keeps.
    mutating func takeIdleActions() -> [@Sendable () -> Void] {
        defer { idleActions = [] }
        return idleActions
    }
}
