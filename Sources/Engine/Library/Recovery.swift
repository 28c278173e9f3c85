import Body
import CGStreamer
import CGstShim
import Foundation

/// Repairs clips that a killed daemon left unfinished: every frame is on disk
/// (unbuffered filesink) but the file has no duration or seek index until it
/// is muxed again.
struct Recovery {
    /// The library whose in-progress entries are repaired.
    let library: TakeLibrary
    /// How long one remux may take.
    let timeout: Double

    /// Repairs every in-progress entry except `activePath` (a take recording now).
    /// Returns the recovered takes, which are also added to the library.
    func recoverAll(except activePath: String?) -> [Take] {
        var recovered: [Take] = []
        for entry in library.inProgress where entry.path != activePath {
            do {
                if let take = try recover(entry) {
                    try library.endInProgress(path: entry.path, finished: take)
                    recovered.append(take)
                } else {
                    try library.endInProgress(path: entry.path, finished: nil)
                }
            } catch {
                IntentError.log(error, context: "recovering \(entry.path)")
                try? library.endInProgress(path: entry.path, finished: nil)
            }
        }
        return recovered
    }

    /// Remuxes one interrupted clip in place; nil when there was nothing to save.
    ///
    /// The repaired copy is written to a hidden file created `O_EXCL|O_NOFOLLOW` in the clip's own
    /// folder (handed to GStreamer as a descriptor), then renamed over the clip; a clip that is a link
    /// rather than a file is not read.
    func recover(_ entry: InProgressTake) throws(IntentError) -> Take? {
        let file = URL(fileURLWithPath: entry.path)
        let name = file.lastPathComponent
        let folder: PrivateFolder
        do { folder = try PrivateFolder.open(file.deletingLastPathComponent(), create: false) } catch {
            if error.code == ENOENT { return nil }
            throw error.refusal(saving: "the interrupted clip")
        }
        var info = stat()
        guard fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .notAllowed("The interrupted clip \(entry.path) is not a regular file; it was left alone.")
        }
        if info.st_size == 0 {
            folder.remove(name)
            return nil
        }
        try GStreamerRuntime.ensure()
        let repaired = ".\(file.deletingPathExtension().lastPathComponent).recovering.\(file.pathExtension)"
        folder.remove(repaired)
        let output: Int32
        do { output = try folder.createExclusive(repaired) } catch { throw error.refusal(saving: "the repaired clip") }
        var duration: GstClockTime = 0
        var problem: UnsafeMutablePointer<gchar>?
        let webm = file.pathExtension.lowercased() == "webm"
        let ok = gstshim_remux_matroska_fd(file.path, output, webm ? 1 : 0, nanoseconds(timeout), &duration, &problem)
        close(output)
        let reason = GStreamerRuntime.takeString(problem)
        guard ok != 0 else {
            folder.remove(repaired)
            throw .pipeline("The interrupted clip \(name) could not be repaired: \(reason ?? "unknown reason").")
        }
        if renameat(folder.descriptor, repaired, folder.descriptor, name) != 0 {
            folder.remove(repaired)
            throw .pipeline("The repaired clip could not replace \(name).")
        }
        let seconds = duration == GstClockTime.max ? nil : Double(duration) / 1_000_000_000
        return Take(id: entry.id, kind: entry.kind, path: entry.path, created: entry.started,
                    duration: seconds, tags: entry.tags, recovered: true)
    }
}

extension IntentError {
    /// Writes an error to the log with what was being done.
    static func log(_ error: Error, context: String) {
        let text = (error as? IntentError)?.message ?? "\(error)"
        EngineLog.warn("\(context): \(text)")
    }
}
