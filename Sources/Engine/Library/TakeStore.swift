import Body
import Foundation
import Synchronization

/// Where takes live: the media folders, the takes index (`TakeLibrary`), the tapes (`TapeShelf`), the
/// freedesktop Trash and the recovery of takes a killed daemon left unfinished. Everything here
/// touches the disk and blocks: the engine calls it on the blocking pool.
public final class TakeStore: Sendable {
    /// The folders, the reserve and the timeouts.
    let configuration: EngineConfiguration
    /// The takes made so far (persisted in the state directory).
    public let library: TakeLibrary
    /// When a fresh tape went in, per technology.
    let tapes: TapeShelf
    /// How free space is measured (`statvfs`); tests replace it to play a disk filling up.
    private let probe = Mutex(FreeSpaceProbe(measure: StorageGuard.freeBytes(at:)))
    /// Paths being moved to the Trash now: two UNDOs of the same take must not both find it and race for the file.
    private let trashing = Mutex<Set<String>>([])

    private struct FreeSpaceProbe: Sendable {
        let measure: @Sendable (URL) -> Int64?
    }

    /// Prepares the media folders, opens the index (rebuilding it from the folders when it was damaged)
    /// and the tapes.
    init(configuration: EngineConfiguration) throws {
        for folder in [configuration.picturesDirectory, configuration.videosDirectory] {
            do { _ = try PrivateFolder.open(folder) } catch { throw error.refusal(saving: "takes") }
        }
        self.configuration = configuration
        library = try TakeLibrary(directory: configuration.stateDirectory)
        if library.damagedIndex != nil {
            IndexRebuild(library: library).adoptFiles(picturesDirectory: configuration.picturesDirectory,
                                                      videosDirectory: configuration.videosDirectory)
        }
        tapes = TapeShelf(directory: configuration.stateDirectory)
    }

    // MARK: - Room

    /// How free space is measured; tests replace it.
    var freeSpaceProbe: @Sendable (URL) -> Int64? {
        get { probe.withLock { $0.measure } }
        set { probe.withLock { $0 = FreeSpaceProbe(measure: newValue) } }
    }

    /// Bytes free where `folder` is, or nil when it cannot be reached.
    func freeBytes(in folder: URL) -> Int64? { freeSpaceProbe(folder) }

    /// Throws `.notAllowed` for a read-only folder and `.storageFull` below the reserve.
    func checkRoom(in folder: URL) throws(IntentError) {
        try StorageGuard.check(folder, minimum: configuration.minimumFreeBytes, probe: freeSpaceProbe)
    }

    // MARK: - Photos

    /// Writes `jpeg` under a new name in the pictures folder and indexes it; nothing is left half-saved.
    func savePhoto(_ jpeg: Data, taken: Date, tags: [String: String]) throws -> Take {
        let path: String
        do throws(FileFailure) {
            path = try PrivateFolder.open(configuration.picturesDirectory)
                .writeNew(jpeg, base: TakeNaming.baseName(date: taken, tags: tags), extension: "jpg")
        } catch {
            throw error.refusal(saving: "the photo")
        }
        let take = Take(kind: .photo, path: path, created: taken, tags: tags)
        do { try library.add(take) } catch {
            // A photo the index cannot list is not kept half-saved.
            unlink(path)
            throw error
        }
        return take
    }

    // MARK: - Clips

    /// A new clip's file (created exclusively, 0600) and its in-progress entry in the index; on a
    /// failure nothing is left behind. The caller owns the descriptor.
    func beginClip(tags: [String: String], audio: Bool, started: Date) throws -> (entry: InProgressTake, descriptor: Int32) {
        try checkRoom(in: configuration.videosDirectory)
        let folder: PrivateFolder
        let file: (name: String, descriptor: Int32)
        do {
            folder = try PrivateFolder.open(configuration.videosDirectory)
            file = try folder.createUnique(base: TakeNaming.baseName(date: started, tags: tags), extension: "webm")
        } catch {
            throw error.refusal(saving: "the clip")
        }
        let entry = InProgressTake(id: UUID().uuidString.lowercased(), kind: .clip, path: folder.path(file.name),
                                   started: started, tags: tags, audio: audio)
        do {
            try library.beginInProgress(entry)
        } catch {
            close(file.descriptor)
            folder.remove(file.name)
            throw error
        }
        return (entry, file.descriptor)
    }

    /// A clip that could not start: its entry and its file go.
    func abandonClip(_ entry: InProgressTake) {
        try? library.endInProgress(path: entry.path, finished: nil)
        unlink(entry.path)
    }

    // MARK: - The Trash and recovery

    /// Moves a take's file to the freedesktop Trash and removes it from the library.
    func moveToTrash(_ take: Take) throws {
        let claimed = trashing.withLock { $0.insert(take.path).inserted }
        guard claimed else { throw IntentError.notFound("That take is already being moved to the Trash.") }
        defer { _ = trashing.withLock { $0.remove(take.path) } }
        guard let stored = library.take(id: take.id) else {
            throw IntentError.notFound("That take is not in the library.")
        }
        guard FileManager.default.fileExists(atPath: stored.path) else {
            try library.remove(id: stored.id)
            throw IntentError.notFound("The file \(stored.url.lastPathComponent) is no longer there.")
        }
        try Trash(directory: configuration.trashDirectory).move(stored.url)
        try library.remove(id: stored.id)
    }

    /// Repairs clips left "in progress" by a killed daemon (remuxed so they have a duration and seek
    /// index), except the one at `activePath`; marks them recovered and indexes them.
    func recoverInterruptedTakes(except activePath: String?) -> [Take] {
        Recovery(library: library, timeout: max(30, configuration.pipelineTimeout)).recoverAll(except: activePath)
    }

    // MARK: - The tape counter

    /// Bytes per second assumed for a clip before any clip has been measured (VP8 at 720p with Opus,
    /// rounded up so the counter errs on the short side).
    public static let nominalClipBytesPerSecond = 250_000.0

    /// Seconds of clips recorded on `technology`'s current tape (since it was inserted), from the library.
    public func tapeSecondsUsed(technology: String) -> Double {
        library.clipSeconds(matching: ["technology": technology], since: tapes.insertedAt(technology))
    }

    /// Puts a fresh tape in for `technology`: its counter starts again from the medium's full length.
    public func insertTape(technology: String) throws(IntentError) {
        try tapes.insert(technology, at: Date())
    }

    /// Bytes per second the recent clips took on disk (the last five that still exist), or the nominal rate.
    public var clipBytesPerSecond: Double {
        let clips = library.takes.filter { $0.kind == .clip && ($0.duration ?? 0) >= 1 }.suffix(5)
        var bytes = 0.0, seconds = 0.0
        for clip in clips {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: clip.path))?[.size] as? NSNumber
            else { continue }
            bytes += size.doubleValue
            seconds += clip.duration ?? 0
        }
        guard seconds > 0, bytes > 0 else { return Self.nominalClipBytesPerSecond }
        return bytes / seconds
    }

    /// Minutes of clip the videos folder still holds above the reserve (`minimumFreeBytes`), at the
    /// clips' measured bitrate: the running length of a digital medium. 0 when the folder is unreadable.
    public var digitalMinutesFree: Double {
        guard let free = freeBytes(in: configuration.videosDirectory) else { return 0 }
        let usable = max(0, Double(free - configuration.minimumFreeBytes))
        return usable / clipBytesPerSecond / 60
    }
}
