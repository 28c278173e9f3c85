import Foundation

/// Closing a take, however it ends: finished normally, repaired when it could not be, and otherwise
/// kept as written — a file with frames in it is never dropped from the index.
extension CameraEngine {
    /// Finishes `take` (EOS through its pipeline) and indexes it. When finishing fails (a write error,
    /// a timeout) the file is remuxed; when that fails too (a full disk has no room for the copy), the
    /// file is indexed as written, with the time of its last frame. Waits at most `timeout` seconds
    /// (the configured pipeline timeout by default) for each step. Blocks: call off the caller's thread.
    func closeTake(_ take: Recording, timeout: Double? = nil) -> Result<Take, EngineError> {
        let entry = take.entry
        let timeout = timeout ?? configuration.pipelineTimeout
        let failure: EngineError
        do {
            let duration = try take.finish(timeout: timeout)
            let finished = Take(id: entry.id, kind: .clip, path: entry.path, created: entry.started,
                                duration: duration, tags: entry.tags)
            try library.endInProgress(path: entry.path, finished: finished)
            return .success(finished)
        } catch {
            failure = error
        }
        EngineError.log(failure, context: "finishing \(entry.path)")
        if let repaired = try? Recovery(library: library, timeout: timeout).recover(entry),
           (try? library.endInProgress(path: entry.path, finished: repaired)) != nil {
            return .success(repaired)
        }
        if Self.holdsFrames(entry.path) {
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

    /// The running take's pipeline posted an error (the disk filled up faster than the free-space check,
    /// an I/O error): the take ends at once, is kept, and the interruption handler is told.
    func recordingFailed(path: String, problem: String) {
        let free = freeSpaceProbe(configuration.videosDirectory) ?? 0
        let diskFull = free < 1024 * 1024 || problem.localizedCaseInsensitiveContains("no space")
        let reason: EngineError = diskFull
            ? .storageFull("The disk filled up, so the take was stopped and saved.")
            : .pipeline("The clip could not be written (\(problem)), so the take was stopped and saved.")
        interruptTake(path: path, because: reason)
    }

    /// True when a regular, non-empty file is at `path` (not following a link).
    private static func holdsFrames(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size > 0
    }
}
