import Synchronization

/// Answers already worked out, shared between threads and bounded: when it holds `capacity` entries it is emptied
/// before the next is kept, so a caller that sends made-up names or signatures cannot grow it.
final class BoundedMemo<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    private let entries = Mutex<[Key: Answer]>([:])
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The answer kept for `key`, else the one `work` gives, which is then kept; a thrown error is not kept.
    func answer(for key: Key, _ work: () throws -> Answer) rethrows -> Answer {
        if let known = entries.withLock({ $0[key] }) { return known }
        let answer = try work()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = answer
        }
        return answer
    }
}
