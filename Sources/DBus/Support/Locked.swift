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

    /// A copy of the state, read without an `inout` access. Use it to read closure-typed state:
    /// `withLock { $0 }` on a closure stored in this generic box converts it for the `inout`
    /// access and writes a re-wrapped closure back every time, so each later call goes through
    /// one more pair of thunks (slower and deeper without end).
    func read() -> State {
        lock.lock()
        defer { lock.unlock() }
        return state
    }
}
