import Synchronization

/// Answers already worked out, shared between threads and bounded: when it holds `capacity` entries it is emptied
/// before the next new key is kept (a bound, not a policy), so whoever makes up keys cannot grow it. The work runs
/// outside the lock: two threads asking for the same new key at once may both work it out, and both get an answer.
public final class BoundedMemo<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    private let entries = Mutex<[Key: Answer]>([:])
    private let capacity: Int

    /// A memo of at most `capacity` answers.
    public init(capacity: Int) {
        precondition(capacity > 0, "a memo keeps at least one answer")
        self.capacity = capacity
    }

    /// How many answers are kept now.
    public var count: Int { entries.withLock(\.count) }

    /// The answer kept for `key`, else the one `work` gives, which is then kept; a thrown error is not kept.
    public func answer(for key: Key, _ work: () throws -> Answer) rethrows -> Answer {
        if let known = entries.withLock({ $0[key] }) { return known }
        let answer = try work()
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = answer
        }
        return answer
    }
}
