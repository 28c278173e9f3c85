import Foundation

/// Takes the engine ends by itself: the disk fills up (checked while recording), or the camera goes away.
/// Either way the take is closed with what was written, indexed, and the handler is told.
extension CameraEngine {
    /// Called when the engine itself ends a take in progress — the disk filled up, or the camera went
    /// away — with the take as saved (nil when nothing could be saved) and why.
    public func onTakeInterrupted(_ handler: @escaping @Sendable (Take?, EngineError) -> Void) {
        lock.withLock { interruptionHandler = handler }
    }

    /// How free space is measured (`statvfs`); tests replace it to play a disk filling up.
    var freeSpaceProbe: @Sendable (URL) -> Int64? {
        get { lock.withLock { probe } }
        set { lock.withLock { probe = newValue } }
    }

    /// Starts checking the free space every `storageCheckInterval` s while the take at `path` records.
    /// Call with the lock held.
    func watchStorage(of path: String) {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let interval = max(0.05, configuration.storageCheckInterval)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.checkStorage(of: path) }
        storageWatch?.cancel()
        storageWatch = timer
        timer.resume()
    }

    /// The disk is below the reserve: the take is closed before the disk fills.
    private func checkStorage(of path: String) {
        do {
            try StorageGuard.check(configuration.videosDirectory, minimum: configuration.minimumFreeBytes,
                                   probe: freeSpaceProbe)
        } catch {
            interruptTake(path: path, because: .storageFull("Storage is almost full, so the take was stopped and saved."))
        }
    }

    /// Ends the take at `path` (any take when nil) on the engine's own initiative and tells the handler.
    func interruptTake(path: String?, because reason: EngineError) {
        let ending: (Recording, (@Sendable (Take?, EngineError) -> Void)?)? = locked {
            guard let take = recording, path == nil || take.entry.path == path else { return nil }
            take.stopFeeding()
            recording = nil
            storageWatch?.cancel()
            storageWatch = nil
            return (take, interruptionHandler)
        }
        guard let (take, handler) = ending else { return }
        endRecordingLease()
        EngineError.log(reason, context: "closing \(take.entry.path)")
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let saved = try? closeTake(take).get()
            handler?(saved, reason)
        }
    }
}
