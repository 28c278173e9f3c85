import Foundation
import Synchronization

/// The one place where the daemon's work may block: GStreamer state changes and waits, the disk, other
/// programs' files under `/proc`, and waiting for a descriptor to become readable (`DescriptorWatcher`).
///
/// swift-nio's `NIOThreadPool` idea: a bounded set of threads of its own, used as a last resort by code
/// that cannot avoid blocking, so that Swift's cooperative pool (two threads on two cores) never waits.
/// A caller awaits the result (`run`) and its task is suspended, not blocked. Threads start when work
/// needs them, up to `maximumThreads`; work beyond that waits in line, first come first served. Idle
/// threads sleep on a condition variable (no timer, no polling). `shutdown()` refuses new work, lets
/// what is queued finish, and ends the threads: the daemon does it last, after the engine.
public final class BlockingPool: Sendable {
    /// The daemon's pool (as `NIOThreadPool.singleton`): the engine, the intents and the desktop share it.
    public static let shared = BlockingPool(name: "retrocam-blocking", maximumThreads: 6)

    /// The threads' name prefix.
    public let name: String
    /// At most this many threads run work at once.
    public let maximumThreads: Int
    /// Waits for descriptors on the pool's one watching thread.
    public let descriptors: DescriptorWatcher

    private struct State {
        var queue: [@Sendable () -> Void] = []
        var threads = 0
        var running = 0
        var started = 0
        var shutDown = false
        var whenEmpty: [CheckedContinuation<Void, Never>] = []
    }
    private let state: ConditionLock<State>

    /// A pool of at most `maximumThreads` threads named `name-N` (at least one).
    public init(name: String, maximumThreads: Int) {
        self.name = name
        self.maximumThreads = max(1, maximumThreads)
        state = ConditionLock(State())
        descriptors = DescriptorWatcher(name: "\(name)-watch")
    }

    /// Runs `work` on one of the pool's threads and answers its result; the caller's task is suspended
    /// meanwhile, never blocked. With `timeout`, the caller is answered then with
    /// `BlockingPoolError.timedOut` even if the work is still stuck (it finishes, or not, behind it).
    /// `what` names the work in that sentence ("moving the take to the Trash").
    public func run<T: Sendable>(_ what: String, timeout: Duration? = nil,
                                 _ work: @escaping @Sendable () throws -> T) async throws -> T {
        let answer = Answer<T>()
        return try await withCheckedThrowingContinuation { continuation in
            answer.wait(continuation)
            do {
                try submit(what) { answer.resume(with: Result { try work() }) }
            } catch {
                answer.resume(with: .failure(error))
                return
            }
            if let timeout {
                answer.deadline = Task {
                    try? await Task.sleep(for: timeout)
                    answer.resume(with: .failure(BlockingPoolError.timedOut(what: what, after: timeout)))
                }
            }
        }
    }

    /// Queues `work` without waiting for it (a take closed after the camera failed, a timer's work).
    /// Throws `.shutDown` once the pool is shut down.
    public func submit(_ what: String, _ work: @escaping @Sendable () -> Void) throws(BlockingPoolError) {
        let (refused, startThread) = state.withLock(waking: .one) { state -> (Bool, Int?) in
            guard !state.shutDown else { return (true, nil) }
            state.queue.append(work)
            let free = state.threads - state.running - state.queue.count
            guard free < 0, state.threads < maximumThreads else { return (false, nil) }
            state.threads += 1
            state.started += 1
            return (false, state.started)
        }
        if refused { throw .shutDown(what: what) }
        if let number = startThread { startWorker(number) }
    }

    /// Refuses new work, lets queued work finish, and ends the threads; returns once they have ended.
    public func shutdown() async {
        descriptors.shutdown()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock(waking: .all) { state -> Bool in
                state.shutDown = true
                if state.threads == 0 { return true }
                state.whenEmpty.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Threads alive now, threads ever started, and work items waiting (tests, the bench).
    public var statistics: (threads: Int, started: Int, queued: Int) {
        state.withLock { ($0.threads, $0.started, $0.queue.count) }
    }

    // MARK: - The threads

    private func startWorker(_ number: Int) {
        let thread = Thread { [self] in workLoop() }
        thread.name = "\(name)-\(number)"
        thread.start()
    }

    private func workLoop() {
        while let work = state.wait(until: { !$0.queue.isEmpty || $0.shutDown }, { state -> (@Sendable () -> Void)? in
            guard !state.queue.isEmpty else { return nil }
            state.running += 1
            return state.queue.removeFirst()
        }) {
            work()
            state.withLock { $0.running -= 1 }
        }
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.threads -= 1
            guard state.threads == 0 else { return [] }
            defer { state.whenEmpty = [] }
            return state.whenEmpty
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// Why pool work gave no answer.
public enum BlockingPoolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The work did not finish within the caller's timeout ("moving the take to the Trash", 10 s).
    case timedOut(what: String, after: Duration)
    /// The pool was shut down (the daemon is stopping).
    case shutDown(what: String)

    /// "Moving the take to the Trash did not finish within 10 seconds."
    public var description: String {
        switch self {
        case .timedOut(let what, let after):
            let seconds = Double(after.components.seconds) + Double(after.components.attoseconds) / 1e18
            let shown = seconds == seconds.rounded() ? "\(Int(seconds))" : String(format: "%.1f", seconds)
            return "\(what.prefix(1).uppercased() + what.dropFirst()) did not finish within \(shown) seconds."
        case .shutDown(let what):
            return "\(what.prefix(1).uppercased() + what.dropFirst()) was not done: the camera is stopping."
        }
    }
}

/// The one answer a `run` gives: the work's result or its timeout, whichever comes first.
private final class Answer<T: Sendable>: Sendable {
    private struct Waiting {
        var continuation: CheckedContinuation<T, Error>?
        var deadline: Task<Void, Never>?
        var answered = false
    }
    private let waiting = Mutex(Waiting())

    func wait(_ continuation: CheckedContinuation<T, Error>) {
        waiting.withLock { $0.continuation = continuation }
    }

    /// The timer that answers `timedOut`; cancelled once the work answers first.
    var deadline: Task<Void, Never>? {
        get { waiting.withLock { $0.deadline } }
        set {
            let cancel = waiting.withLock { waiting -> Bool in
                waiting.deadline = newValue
                return waiting.answered
            }
            if cancel { newValue?.cancel() }
        }
    }

    func resume(with result: Result<T, Error>) {
        let (continuation, timer) = waiting.withLock { waiting -> (CheckedContinuation<T, Error>?, Task<Void, Never>?) in
            defer {
                waiting.continuation = nil
                waiting.answered = true
            }
            return (waiting.continuation, waiting.deadline)
        }
        timer?.cancel()
        continuation?.resume(with: result)
    }
}
