import CGStreamer
import CGstShim
import Foundation

/// The camera is open only while something needs it: a take, a countdown, a running shortcut, a
/// preview client (each holds the camera: `acquire`), and a short linger after the last hold goes, so
/// a burst stays instant. Otherwise the pipeline sits in NULL, the device is closed, and nothing in
/// the engine wakes the process: no thread polls and the one timer (the linger) runs only after a hold.
///
/// Opening and closing happen on `cameraQueue`, one at a time; a take that finds the camera asleep
/// waits there for the first good frame.
extension CameraEngine {
    /// Lets go of one hold on the camera; calling it again does nothing.
    public typealias Release = @Sendable () -> Void

    /// Keeps the camera open until the returned `Release` is called (then it lingers `lingerSeconds` and closes).
    /// Taking the first lease starts opening the camera in the background, so a countdown or a
    /// preview finds it warm. `purpose` is for the log ("a photo", "the self-timer").
    public func acquire(_ purpose: String) -> Release {
        acquire(purpose, openInBackground: true)
    }

    /// A hold; a take passes `openInBackground: false` because it opens the camera itself and waits.
    func acquire(_ purpose: String, openInBackground: Bool) -> Release {
        let (hold, wake) = locked { () -> (Int, Bool) in
            nextHold += 1
            holds.insert(nextHold)
            lingerTimer?.cancel()
            lingerTimer = nil
            return (nextHold, openInBackground && !cameraIsOpen)
        }
        EngineLog.debug("camera held for \(purpose)")
        if wake {
            cameraQueue.async { [weak self] in
                do { try self?.openNow() } catch { EngineError.log(error, context: "opening the camera for \(purpose)") }
            }
        }
        return { [weak self] in self?.releaseHold(hold) }
    }

    /// How many times the camera was asked to open.
    var openAttemptCount: Int { locked { openAttempts } }

    /// True while the camera is open (playing, its first good frame seen).
    public var isOpen: Bool { locked { cameraIsOpen } }

    /// Called with the new state each time the camera opens or closes (from the engine's queues).
    public func onOpenChanged(_ handler: @escaping @Sendable (Bool) -> Void) {
        locked { openObservers.append(handler) }
    }

    /// Opens the camera now (waiting for its first good frame); it closes after the linger unless
    /// something holds it. Throws `.noCamera` (with the device and why) or `.pipeline`.
    public func start() throws {
        try cameraQueue.sync { try openNow() }
        cameraQueue.async { [weak self] in self?.armLingerIfIdle() }
    }

    /// Opens the camera for a take that holds it; waits for the first good frame.
    func openForUse() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            cameraQueue.async { [weak self] in
                guard let self else { return continuation.resume(throwing: EngineError.noCamera("The camera is gone.")) }
                continuation.resume(with: Result { try self.openNow() })
            }
        }
    }

    /// The frame a photo keeps: captured after the current look reached the elements, and recent (a
    /// camera that went quiet gives no stale picture). Waits at most `stalePictureSeconds`.
    func frameForPhoto() async throws -> Sample {
        let notBefore: UInt64 = try locked {
            try requireLiveCamera()
            let recent = CameraEngine.clockNow() &- UInt64(CameraEngine.stalePictureSeconds * 1e9)
            return max(lookAppliedAt, recent)
        }
        let hub = self.hub
        let frame = try await offload {
            hub.waitForFrame(notBefore: GstClockTime(notBefore), timeout: CameraEngine.stalePictureSeconds)
        }
        if let frame { return frame }
        throw locked { liveFailed ? lastProblem : nil } ?? EngineError.noCamera("The camera has stopped sending pictures.")
    }

    /// Finishes a take in progress (EOS, file closed and indexed), waiting at most `finishWithin` seconds
    /// (default: the pipeline timeout) — past that, what was written is repaired and indexed — then
    /// closes the camera at once. Does not wait behind an open in progress.
    public func shutdown(finishWithin: Double? = nil) async {
        EngineLog.debug("shutting down\(isRecording ? ", finishing the take" : "")")
        if isRecording {
            do {
                _ = try await stopClip(timeoutOverride: finishWithin.map { min(configuration.pipelineTimeout, $0) })
            } catch {
                EngineError.log(error, context: "finishing the take at shutdown")
            }
        }
        let camera: LiveCamera? = locked {
            lingerTimer?.cancel()
            lingerTimer = nil
            return live
        }
        hub.interrupt()
        camera?.close()
        setOpen(false)
    }

    // MARK: - Transitions (on cameraQueue)

    /// Opens the selected camera if it is not open: builds its pipeline when there is none (or it
    /// failed), plays it and waits for the first good frame. A failure leaves the camera closed, so
    /// the next call tries again.
    func openNow() throws {
        dispatchPrecondition(condition: .onQueue(cameraQueue))
        try GStreamerRuntime.ensure()
        // Nil: already open, nothing to do.
        let toOpen: LiveCamera? = try locked {
            openAttempts += 1
            if cameraIsOpen, live != nil, !liveFailed { return nil }
            if liveFailed, let failed = live {
                live = nil
                failed.close()
            }
            if let live { return live }
            guard let source = selected else {
                throw roster.problem ?? EngineError.noCamera("No camera was found.")
            }
            let built = try buildLive(source)
            live = built
            return built
        }
        guard let camera = toOpen else { return }
        do {
            try camera.open(timeout: configuration.pipelineTimeout, warmUp: configuration.warmUp)
        } catch {
            // A pipeline that would not open is built afresh next time (the device may come back).
            locked { if live === camera { live = nil } }
            throw error
        }
        locked {
            liveFailed = false
            lastProblem = nil
        }
        let skipped = hub.darkFramesSkipped
        EngineLog.debug("camera open\(skipped > 0 ? ", \(skipped) dark frames skipped" : "")")
        setOpen(true)
    }

    /// The linger ran out: closes the camera unless something holds it again.
    private func closeIfIdle() {
        dispatchPrecondition(condition: .onQueue(cameraQueue))
        let camera: LiveCamera? = locked {
            lingerTimer = nil
            guard holds.isEmpty, recording == nil, cameraIsOpen else { return nil }
            return live
        }
        guard let camera else { return }
        camera.close()
        EngineLog.debug("camera closed (idle)")
        setOpen(false)
    }

    /// Arms the linger timer when nothing holds the camera.
    private func armLingerIfIdle() {
        locked {
            guard holds.isEmpty, lingerTimer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: cameraQueue)
            timer.schedule(deadline: .now() + max(0, configuration.lingerSeconds))
            timer.setEventHandler { [weak self] in self?.closeIfIdle() }
            lingerTimer = timer
            timer.resume()
        }
    }

    /// Hold `hold` went away (once: a second release finds nothing); the last one starts the linger.
    private func releaseHold(_ hold: Int) {
        let idle = locked { () -> Bool in
            guard holds.remove(hold) != nil else { return false }
            return holds.isEmpty
        }
        if idle { cameraQueue.async { [weak self] in self?.armLingerIfIdle() } }
    }

    /// The camera failed while open: release the device now; the next open rebuilds it.
    func closeFailedCamera() {
        cameraQueue.async { [weak self] in
            guard let self else { return }
            // A camera replaced meanwhile (FLIP, hot-plug) is not failed any more: nothing to close.
            guard let camera = self.locked({ self.liveFailed ? self.live : nil }) else { return }
            camera.close()
            self.setOpen(false)
        }
    }

    /// The clip's hold goes with the clip.
    func endRecordingLease() {
        let release = locked { () -> Release? in
            defer { recordingRelease = nil }
            return recordingRelease
        }
        release?()
    }

    /// Records the open state and tells the observers when it changed.
    private func setOpen(_ open: Bool) {
        let observers: [@Sendable (Bool) -> Void] = locked {
            guard cameraIsOpen != open else { return [] }
            cameraIsOpen = open
            return openObservers
        }
        for observer in observers { observer(open) }
    }

    /// Now on the clock the pipelines run on (nanoseconds).
    static func clockNow() -> UInt64 { UInt64(gstshim_clock_now()) }
}
