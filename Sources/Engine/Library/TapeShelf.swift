import Body
import Foundation
import Synchronization

/// When a fresh tape (film load, cassette) was last put in for each technology, persisted in the
/// state directory as `tapes.json`. The tape counter counts only clips made since then, so it
/// survives restarts and is derived from the library itself.
final class TapeShelf: Sendable {
    private let file: URL
    private let inserted: Mutex<[String: Date]>

    /// Opens (or starts) the record in `directory`; an unreadable file counts as no tapes changed.
    init(directory: URL) {
        file = directory.appendingPathComponent("tapes.json")
        inserted = Mutex((try? PrivateFolder.open(directory).read(file.lastPathComponent)).flatMap { try? JSONDecoder().decode([String: Date].self, from: $0) } ?? [:])
    }

    /// When the tape for `technology` was inserted (nil: the factory tape, so every clip counts).
    func insertedAt(_ technology: String) -> Date? { inserted.withLock { $0[technology] } }

    /// Puts in a fresh tape for `technology` now.
    func insert(_ technology: String, at date: Date) throws(IntentError) {
        let data: Data? = inserted.withLock { inserted in
            inserted[technology] = date
            return try? JSONEncoder().encode(inserted)
        }
        guard let data else { throw .storageFull("The new tape could not be recorded: it could not be encoded.") }
        do {
            try PrivateFolder.open(file.deletingLastPathComponent()).replace(file.lastPathComponent, with: data)
        } catch {
            throw error.refusal(saving: "the new tape")
        }
    }
}
