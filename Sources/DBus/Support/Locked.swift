import Foundation

/// A value guarded by a lock, for state that C callbacks and Swift tasks share.
final class Locked<State>: @unchecked Sendable {
    private var state: State
    private let lock = NSLock()

    init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state; never call libdbus inside it
    /// unless the lock is documented to allow that.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
