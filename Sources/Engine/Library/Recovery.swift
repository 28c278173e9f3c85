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
                EngineError.log(error, context: "recovering \(entry.path)")
                try? library.endInProgress(path: entry.path, finished: nil)
            }
        }
        return recovered
    }

    /// Remuxes one interrupted clip in place; nil when there was nothing to save.
    func recover(_ entry: InProgressTake) throws(EngineError) -> Take? {
        let file = URL(fileURLWithPath: entry.path)
        let manager = FileManager.default
        let size = (try? manager.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        guard manager.fileExists(atPath: file.path) else { return nil }
        if size == 0 {
            try? manager.removeItem(at: file)
            return nil
        }
        try GStreamerRuntime.ensure()
        let repaired = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.deletingPathExtension().lastPathComponent).recovering.\(file.pathExtension)")
        try? manager.removeItem(at: repaired)
        var duration: GstClockTime = 0
        var problem: UnsafeMutablePointer<gchar>?
        let webm = file.pathExtension.lowercased() == "webm"
        let ok = gstshim_remux_matroska(file.path, repaired.path, webm ? 1 : 0, nanoseconds(timeout), &duration, &problem)
        let reason = GStreamerRuntime.takeString(problem)
        guard ok != 0 else {
            try? manager.removeItem(at: repaired)
            throw .pipeline("The interrupted clip \(file.lastPathComponent) could not be repaired: \(reason ?? "unknown reason").")
        }
        if rename(repaired.path, file.path) != 0 {
            try? manager.removeItem(at: repaired)
            throw .pipeline("The repaired clip could not replace \(file.lastPathComponent).")
        }
        let seconds = duration == GstClockTime.max ? nil : Double(duration) / 1_000_000_000
        return Take(id: entry.id, kind: entry.kind, path: entry.path, created: entry.started,
                    duration: seconds, tags: entry.tags, recovered: true)
    }
}

extension EngineError {
    /// Writes an error to the log with what was being done.
    static func log(_ error: Error, context: String) {
        let text = (error as? EngineError)?.message ?? "\(error)"
        EngineLog.warn("\(context): \(text)")
    }
}
