import Dispatch
import Synchronization

/// An async call made from synchronous test code (a harness's initializer, a synchronous test): the bus
/// library's subscriptions await the bus, and the fixtures that wait for a name or a signal are synchronous.
public enum BlockingWait {
    /// Runs `operation` in a task of its own and blocks the calling thread until it ends; its result or
    /// its error. Only for synchronous tests and helpers (tests run one at a time, so a pool thread is
    /// left for the task).
    public static func run<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<T, any Error>?>(nil)
        Task.detached {
            let result: Result<T, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
