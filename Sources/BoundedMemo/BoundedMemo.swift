import Synchronization

/// Answers already worked out, shared between threads and bounded: when it holds `capacity` entries it is emptied
/// before the next is kept (a bound, not a policy), so a caller that sends made-up names, signatures or utterances
/// cannot grow it. The work runs outside the lock.
public final class BoundedMemo<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    private let entries = Mutex<[Key: Answer]>([:])
    private let capacity: Int

    /// A memo of at most `capacity` answers.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// How many answers are kept now.
    public var count: Int { entries.withLock(\.count) }

    /// The answer kept for `key`, else the one `work` gives, which is then kept; a thrown error is not kept.
    public func answer(for key: Key, _ work: () throws -> Answer) rethrows -> Answer {
        if let known = entries.withLock({ $0[key] }) { return known }
        let answer = try work()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = answer
        }
        return answer
    }
}
