import Synchronization

/// The results of the latest search of one desktop client, by the ids it was given: a later search
/// forgets the earlier one, so an id from an older search (or one never given) finds nothing and does
/// nothing. Ids are `GENERATION-INDEX`, so an old id is told apart from one never given.
public final class SearchMemory: Sendable {
    private struct Latest {
        var generation = 0
        var results: [SearchResult] = []
    }

    private let latest = Mutex(Latest())

    /// Makes an empty memory.
    public init() {}

    /// Remembers `results` as the latest search and answers their ids, in order.
    public func remember(_ results: [SearchResult]) -> [String] {
        latest.withLock { latest in
            latest.generation += 1
            latest.results = results
            return results.indices.map { "\(latest.generation)-\($0)" }
        }
    }

    /// What an id is.
    public enum Lookup: Sendable {
        /// A result of the latest search.
        case found(SearchResult)
        /// A result of an earlier search, since forgotten.
        case older
        /// Never given.
        case unknown
    }

    /// The result with `id`.
    public func result(_ id: String) -> Lookup {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let generation = Int(parts[0]), let index = Int(parts[1]) else { return .unknown }
        return latest.withLock { latest in
            if generation == latest.generation, latest.results.indices.contains(index) { return .found(latest.results[index]) }
            return generation >= 1 && generation < latest.generation ? .older : .unknown
        }
    }
}
