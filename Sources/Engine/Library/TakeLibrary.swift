import Body
import Foundation
import Synchronization

/// A clip that was started but not yet finished. If the daemon dies, the entry
/// stays in the index and tells recovery which file to repair.
struct InProgressTake: Codable, Sendable, Equatable {
    /// The id the finished take will have.
    let id: String
    /// Photo or clip (only clips are long enough to be interrupted today).
    let kind: TakeKind
    /// The media file being written.
    let path: String
    /// When recording started.
    let started: Date
    /// The tags the take was started with.
    let tags: [String: String]
    /// Whether sound was being recorded.
    let audio: Bool
}

/// The takes index as stored on disk.
struct LibraryIndex: Codable, Sendable {
    /// Format version, for later migrations.
    var version = 1
    /// Finished takes, oldest first.
    var takes: [Take] = []
    /// Clips being recorded (or left unfinished by a crash).
    var inProgress: [InProgressTake] = []
    /// Ids of recovered takes the user has not looked at yet (LIBRARY clears them).
    var unseenRecovered: [String] = []
}

/// The persisted index of takes: a JSON file in the state directory, written
/// atomically (a new 0600 temporary file, then rename) after every change, and read
/// without following a link (`PrivateFolder`).
public final class TakeLibrary: Sendable {
    /// The index file.
    public let indexFile: URL
    /// The index as it is on disk (each change is written before the lock is let go).
    private let state: Mutex<LibraryIndex>
    /// Where an unreadable index was moved when the library opened (nil when it read fine);
    /// the engine then rebuilds the index from the media folders (`IndexRebuild`).
    public let damagedIndex: URL?

    /// Opens (or creates) the index in `directory` (the engine's `stateDirectory`).
    /// Takes whose files have disappeared are dropped from it.
    public init(directory: URL) throws(IntentError) {
        indexFile = directory.appendingPathComponent(Self.fileName)
        let folder: PrivateFolder
        do { folder = try PrivateFolder.open(directory) } catch { throw error.refusal(saving: "the takes index") }
        var index = LibraryIndex()
        var damaged: URL?
        let stored: Data?
        do { stored = try folder.read(Self.fileName) } catch where error.code == ELOOP {
            // A link planted in place of the index is not followed: it is set aside like a damaged file.
            stored = Data()
        } catch {
            stored = nil
        }
        if let data = stored {
            do {
                index = try TakeLibrary.decoder.decode(LibraryIndex.self, from: data)
            } catch {
                // A damaged index must not stop the camera; keep it aside for a human.
                let aside = indexFile.appendingPathExtension("damaged")
                try? FileManager.default.removeItem(at: aside)
                try? FileManager.default.moveItem(at: indexFile, to: aside)
                damaged = aside
                EngineLog.warn("The takes index was unreadable and was moved to \(aside.path).")
            }
        }
        let before = index.takes.count
        index.takes.removeAll { !FileManager.default.fileExists(atPath: $0.path) }
        // Read the ids first: a closure reading `index` while `removeAll` modifies it is an exclusivity violation.
        let kept = Set(index.takes.map(\.id))
        index.unseenRecovered.removeAll { !kept.contains($0) }
        damagedIndex = damaged
        if index.takes.count != before { try? Self.save(index, to: indexFile) }
        state = Mutex(index)
    }

    /// Every take, oldest first.
    public var takes: [Take] { locked { $0.takes } }

    /// The newest take, if any.
    public var last: Take? { locked { $0.takes.last } }

    /// Recovered takes the user has not seen yet (LIBRARY says "Recovered takes available").
    public var recovered: [Take] {
        locked { index in index.takes.filter { index.unseenRecovered.contains($0.id) } }
    }

    /// Seconds of clip footage whose tags include every pair in `tags` (all clips
    /// when empty): what the takes used of a tape, for the tape counter.
    public func clipSeconds(matching tags: [String: String] = [:]) -> Double {
        locked { index in
            index.takes.filter { take in
                take.kind == .clip && tags.allSatisfy { take.tags[$0.key] == $0.value }
            }.reduce(0) { $0 + ($1.duration ?? 0) }
        }
    }

    /// Seconds of clip footage matching `tags` made at or after `since` (every clip when nil).
    public func clipSeconds(matching tags: [String: String], since: Date?) -> Double {
        locked { index in
            index.takes.filter { take in
                take.kind == .clip && tags.allSatisfy { take.tags[$0.key] == $0.value }
                    && (since.map { take.created >= $0 } ?? true)
            }.reduce(0) { $0 + ($1.duration ?? 0) }
        }
    }

    /// The take with this id, if it is in the library.
    public func take(id: String) -> Take? { locked { index in index.takes.first { $0.id == id } } }

    /// The LIBRARY was opened: recovered takes are no longer news.
    public func markRecoveredSeen() {
        guard !locked({ $0.unseenRecovered.isEmpty }) else { return }
        try? mutate { $0.unseenRecovered = [] }
    }

    // MARK: - Changes made by the engine

    /// Adds a finished take (and remembers it as unseen when it was recovered).
    func add(_ take: Take) throws(IntentError) {
        try mutate { index in
            index.takes.append(take)
            if take.recovered { index.unseenRecovered.append(take.id) }
        }
    }

    /// Removes a take from the index; returns it, or nil when it was not there.
    @discardableResult
    func remove(id: String) throws(IntentError) -> Take? {
        var removed: Take?
        try mutate { index in
            if let position = index.takes.firstIndex(where: { $0.id == id }) {
                removed = index.takes.remove(at: position)
            }
            index.unseenRecovered.removeAll { $0 == id }
        }
        return removed
    }

    /// Records that a clip has started writing `entry.path`.
    func beginInProgress(_ entry: InProgressTake) throws(IntentError) {
        try mutate { $0.inProgress.append(entry) }
    }

    /// Forgets the in-progress entry for `path`, optionally adding the finished take in the same write.
    func endInProgress(path: String, finished take: Take?) throws(IntentError) {
        try mutate { index in
            index.inProgress.removeAll { $0.path == path }
            if let take {
                index.takes.append(take)
                if take.recovered { index.unseenRecovered.append(take.id) }
            }
        }
    }

    /// The clips marked as being recorded.
    var inProgress: [InProgressTake] { locked { $0.inProgress } }

    // MARK: - Storage

    /// Changes the index and writes it; a change that cannot be written is undone. The lock is held
    /// over the write, so two changes reach the disk in the order they were made (called on the pool).
    private func mutate(_ change: (inout LibraryIndex) -> Void) throws(IntentError) {
        let failure = state.withLock { index -> IntentError? in
            var next = index
            change(&next)
            do throws(IntentError) { try Self.save(next, to: indexFile) } catch { return error }
            index = next
            return nil
        }
        if let failure { throw failure }
    }

    /// The index file's name in the state folder.
    static let fileName = "takes.json"

    /// Writes `index` to `file` atomically (temporary file, then rename).
    private static func save(_ index: LibraryIndex, to file: URL) throws(IntentError) {
        let data: Data
        do { data = try TakeLibrary.encoder.encode(index) } catch {
            throw .storageFull("The takes index could not be encoded: \(IntentError.reason(error)).")
        }
        do {
            try PrivateFolder.open(file.deletingLastPathComponent()).replace(fileName, with: data)
        } catch {
            throw error.refusal(saving: "the takes index")
        }
    }

    private func locked<T: Sendable>(_ body: (LibraryIndex) -> T) -> T {
        state.withLock { body($0) }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Foundation's own number (seconds since 2001) round-trips exactly, so a reloaded Take equals the original.
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        return decoder
    }
}
