import Body
import Foundation

/// Closing a take, however it ends: finished normally, repaired when it could not be, and otherwise
/// kept as written — a file with frames in it is never dropped from the index.
enum TakeClosing {
    /// Finishes `take` (EOS through its pipeline) and indexes it in `store`. When finishing fails (a
    /// write error, a timeout) the file is remuxed; when that fails too (a full disk has no room for the
    /// copy), the file is indexed as written, with the time of its last frame. Waits at most `timeout`
    /// seconds for each step. Blocks: call on the pool.
    static func close(_ take: Recording, in store: TakeStore, timeout: Double) -> Result<Take, IntentError> {
        take.stopFeeding()
        let entry = take.entry
        let library = store.library
        let failure: IntentError
        do {
            let duration = try take.finish(timeout: timeout)
            let finished = Take(id: entry.id, kind: .clip, path: entry.path, created: entry.started,
                                duration: duration, tags: entry.tags)
            try library.endInProgress(path: entry.path, finished: finished)
            return .success(finished)
        } catch {
            failure = error
        }
        IntentError.log(failure, context: "finishing \(entry.path)")
        if let repaired = try? Recovery(library: library, timeout: timeout).recover(entry),
           (try? library.endInProgress(path: entry.path, finished: repaired)) != nil {
            return .success(repaired)
        }
        if holdsFrames(entry.path) {
            let kept = Take(id: entry.id, kind: .clip, path: entry.path, created: entry.started,
                            duration: take.fedSeconds, tags: entry.tags)
            if (try? library.endInProgress(path: entry.path, finished: kept)) != nil {
                EngineLog.warn("\(entry.path) is kept as written (it could not be finished or repaired).")
                return .success(kept)
            }
        }
        try? library.endInProgress(path: entry.path, finished: nil)
        return .failure(failure)
    }

    /// True when a regular, non-empty file is at `path` (not following a link).
    private static func holdsFrames(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size > 0
    }
}
