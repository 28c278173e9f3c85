import Foundation

/// The tape counter's facts: what each technology's takes used since its tape went in, and how
/// many minutes the disk still holds for digital media.
extension CameraEngine {
    /// Bytes per second assumed for a clip before any clip has been measured (VP8 at 720p with Opus,
    /// rounded up so the counter errs on the short side).
    public static let nominalClipBytesPerSecond = 250_000.0

    /// Seconds of clips recorded on `technology`'s current tape (since it was inserted), from the library.
    public func tapeSecondsUsed(technology: String) -> Double {
        library.clipSeconds(matching: ["technology": technology], since: tapes.insertedAt(technology))
    }

    /// Puts a fresh tape in for `technology`: its counter starts again from the medium's full length.
    public func insertTape(technology: String) throws(EngineError) {
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
        guard let free = freeSpaceProbe(configuration.videosDirectory) else { return 0 }
        let usable = max(0, Double(free - configuration.minimumFreeBytes))
        return usable / clipBytesPerSecond / 60
    }
}
