import Blocking
import Body
import Foundation
import Synchronization

/// The dials as the user left them, kept in the state folder as `settings.json`
/// (`{"version": 1, "settings": {…}}`), so the camera comes back as a real body would.
///
/// Written when the settings change, off the caller's path and gathered: the first change schedules a write
/// `gathering` later (0.1 s), on the blocking pool, of the latest settings by then — a script turning a dial
/// a thousand times a second writes ten files, not a thousand (a write costs more than a bus round trip).
/// A `kill -9` within that time loses the changes not yet written; SIGTERM writes them (`flush`). Atomically: a temporary file
/// (mode 0600) in the same folder, renamed over the old one — a reader, or the next start after a
/// `kill -9`, sees the old file or the new one, never half of one. A file that cannot be
/// used — not JSON, empty, too large, of another format, or written by a newer Retrocam — is set aside
/// (renamed `settings.json.set-aside-<time>`) with a log line, and the camera starts from the factory;
/// it is never fatal. A value the dial does not have keeps the factory position (logged).
public final class SettingsFile: Sendable {
    /// The format this version writes and reads.
    public static let version = 1
    /// A settings file larger than this is not one of ours.
    public static let maximumBytes = 64 * 1024
    /// The file's name in the state folder.
    public static let fileName = "settings.json"

    /// Where the settings live.
    public let url: URL
    private let log: @Sendable (String) -> Void
    private let pool: BlockingPool
    private let gathering: TimeInterval
    fileprivate struct State {
        /// The newest settings not yet written.
        var pending: DialSettings?
        /// The settings the file holds.
        var written: DialSettings?
        /// The settings being written now (outside the lock).
        var writing: DialSettings?
        /// True while a write is queued on the pool or running.
        var scheduled = false
        var failing = false
        /// Those waiting in `flush` for the writes to end.
        var flushing: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    /// The settings file in `directory`; `log` hears every line worth a journal entry.
    /// Writes run on `pool`, `gathering` seconds after the first change they carry.
    public init(directory: URL, pool: BlockingPool = .shared, gathering: TimeInterval = 0.1,
                log: @escaping @Sendable (String) -> Void) {
        url = directory.appendingPathComponent(Self.fileName)
        self.pool = pool
        self.gathering = gathering
        self.log = log
    }

    /// The body as it was left, or a factory body when there is no usable file (which is then set aside).
    public func restoredBody(catalog: Catalog = .standard, at now: Date = Date()) -> CameraBody {
        guard let settings = load() else { return CameraBody(catalog: catalog) }
        let (body, rejected) = CameraBody.restoring(settings, catalog: catalog, at: now)
        for problem in rejected { log("settings: \(problem) That control starts at the factory position.") }
        state.withLock { $0.written = rejected.isEmpty ? settings : nil }
        return body
    }

    /// Saves `body`'s settings unless they are what the file holds or is about to (most bodies the
    /// controller commits change no dial and cost a comparison). Returns at once.
    public func save(_ body: CameraBody) {
        let settings = DialSettings(body)
        let schedule = state.withLock { state -> Bool in
            guard settings != (state.pending ?? state.writing ?? state.written) else { return false }
            state.pending = settings
            defer { state.scheduled = true }
            return !state.scheduled
        }
        guard schedule else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + gathering) { [self] in
            do { try pool.submit("saving the settings") { self.writePending() } } catch {
                let waiting = state.withLock { $0.endWriting() }
                log("settings: not saved: \(error)")
                for continuation in waiting { continuation.resume() }
            }
        }
    }

    /// Waits until every change handed to `save` is on disk (or failed): before the daemon exits.
    public func flush() async {
        await withCheckedContinuation { continuation in
            let idle = state.withLock { state -> Bool in
                if state.scheduled { state.flushing.append(continuation) }
                return !state.scheduled
            }
            if idle { continuation.resume() }
        }
    }

    /// Writes the latest settings handed to `save` until none is left (on the pool). The lock is held
    /// only to take them and to note the outcome, never over the write: `save`, on the callers' path,
    /// must not wait for the disk.
    private func writePending() {
        while true {
            let (next, waiting) = state.withLock { state -> (DialSettings?, [CheckedContinuation<Void, Never>]) in
                guard let pending = state.pending else { return (nil, state.endWriting()) }
                state.pending = nil
                state.writing = pending
                return (pending, [])
            }
            guard let settings = next else {
                for continuation in waiting { continuation.resume() }
                return
            }
            let outcome = Result { try write(settings) }
            state.withLock { state in
                state.writing = nil
                switch outcome {
                case .success:
                    state.written = settings
                    if state.failing { log("settings: saved again to \(url.path)") }
                    state.failing = false
                case .failure(let error):
                    // Said once per run of failures: a full or read-only disk must not flood the journal.
                    if !state.failing { log("settings: could not save to \(url.path): \(error); the dials still work, they will be saved when it can") }
                    state.failing = true
                }
            }
        }
    }

    // MARK: - Reading

    /// The settings in the file; nil when there is none or it was set aside.
    func load() -> DialSettings? {
        let data: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= Self.maximumBytes else { return setAside(because: "it is \(size) bytes, more than a settings file holds") }
            data = try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
            return nil
        } catch {
            log("settings: \(url.path) could not be read (\(error.localizedDescription)); starting from the factory settings")
            return nil
        }
        guard !data.isEmpty else { return setAside(because: "it is empty") }
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
            return setAside(because: "it is not a JSON object")
        }
        guard let version = (try? JSONDecoder().decode(Header.self, from: data))?.version else {
            return setAside(because: "it has no format version")
        }
        guard version <= Self.version else {
            return setAside(because: "it was written by a newer Retrocam (format \(version); this one reads \(Self.version))")
        }
        guard version == Self.version else { return setAside(because: "format \(version) is unknown") }
        guard let decoded = (try? JSONDecoder().decode(Envelope.self, from: data))?.settings else {
            return setAside(because: "it holds no settings")
        }
        return decoded
    }

    /// The format version, read first.
    private struct Header: Decodable { let version: Int }
    /// The settings, read once the version is known.
    private struct Envelope: Decodable { let settings: DialSettings }

    /// Renames the file out of the way and says so; always nil.
    private func setAside(because reason: String) -> DialSettings? {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        var target = url.deletingLastPathComponent().appendingPathComponent("\(Self.fileName).set-aside-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) {
            attempt += 1
            target = url.deletingLastPathComponent().appendingPathComponent("\(Self.fileName).set-aside-\(stamp)-\(attempt)")
        }
        if rename(url.path, target.path) == 0 {
            log("settings: \(url.path) is not usable: \(reason); set aside as \(target.lastPathComponent), starting from the factory settings")
        } else {
            log("settings: \(url.path) is not usable: \(reason), and could not be set aside (\(String(cString: strerror(errno)))); starting from the factory settings")
        }
        return nil
    }

    // MARK: - Writing

    /// Writes `settings` to a temporary file (0600) beside the file and renames it over.
    private func write(_ settings: DialSettings) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let body = try encoder.encode(settings)
        let text = "{\"version\": \(Self.version), \"settings\": " + String(decoding: body, as: UTF8.self) + "}\n"
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(Self.fileName).\(getpid()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw SettingsWriteError(step: "creating \(temporary.lastPathComponent)") }
        var ok = fchmod(descriptor, 0o600) == 0
        let bytes = Array(text.utf8)
        ok = ok && bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
        let failure = errno
        close(descriptor)
        guard ok else {
            unlink(temporary.path)
            errno = failure
            throw SettingsWriteError(step: "writing \(temporary.lastPathComponent)")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let failure = errno
            unlink(temporary.path)
            errno = failure
            throw SettingsWriteError(step: "renaming it to \(Self.fileName)")
        }
    }
}

private extension SettingsFile.State {
    /// No write is scheduled any more: the next save schedules one again. Answers those waiting in `flush`,
    /// who may go now.
    mutating func endWriting() -> [CheckedContinuation<Void, Never>] {
        scheduled = false
        defer { flushing = [] }
        return flushing
    }
}

/// A system call that failed while saving the settings, with `errno`'s sentence.
struct SettingsWriteError: Error, CustomStringConvertible {
    let description: String
    init(step: String) { description = "\(step) failed: \(String(cString: strerror(errno)))" }
}
