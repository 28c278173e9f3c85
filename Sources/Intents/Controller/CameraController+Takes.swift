import Body

/// Clips and photos: the REC button, the self-timer, and what happens after a take.
extension CameraController {
    /// StartClip: switches to CINE when in STILL, then records now or after the self-timer.
    func startClip() async throws(IntentError) -> IntentResult {
        try await startTake(.clip, in: .cine, refusingWhileRecording: "Already recording. Pause the clip first to start a new one.")
    }

    /// PauseClip: ends and saves the clip being recorded (or cancels a clip's countdown). `reason` says why
    /// when the camera ends the clip itself (the tape ran out), for the events.
    ///
    /// It takes effect at once — the body stops recording, so a photo asked for next is not refused —
    /// and the clip is saved behind the takes asked for before it.
    func pauseClip(reason: String? = nil) async throws(IntentError) -> IntentResult {
        if selfTimer.pending == .clip, cancelCountdown() { return Self.timerCancelled }
        guard body.recording else {
            if let ending = clips.lastEnding { throw .notAllowed("Not recording: the clip already ended. \(ending)") }
            throw .notAllowed("Not recording, so there is no clip to pause.")
        }
        let technologyID = clips.technologyID ?? body.technology.id
        endRecording()
        let place = await joinTakeLine()
        defer { place.leave() }
        let take: CapturedTake
        do { take = try await device.stopClip() } catch {
            let failure = IntentError(deviceError: error)
            let dialog = "The clip could not be saved: \(failure.message)"
            announce(.takeEnded(path: nil, dialog: dialog))
            announce(.recordingStopped(nil, reason: dialog))
            throw failure
        }
        clips.tape.record(seconds: take.duration, on: technologyID)
        await refreshTape(all: false)
        var next = body
        next.lastTakePath = take.path
        commit(next)
        openUndoWindow(for: take)
        announce(.takeSaved(take, camera: await device.cameraName()))
        announce(.recordingStopped(take, reason: reason))
        let dialog = "Saved \(Wording.clip(seconds: take.duration)). \(tapeSentence())"
        var extra: [String: ParameterValue] = ["recording": .bool(false)]
        if let duration = take.duration { extra["duration"] = .double(duration) }
        return IntentResult(dialog: dialog, path: take.path, extra: extra)
    }

    /// TakePhoto: switches to STILL when in CINE, then shoots now or after the self-timer.
    ///
    /// While a clip records, a photo is refused rather than grabbed from the clip or ending it:
    /// the REC button in CINE means pause, and a silent mode switch would end a take the user is making.
    func takePhoto() async throws(IntentError) -> IntentResult {
        try await startTake(.photo, in: .still, refusingWhileRecording: "Can't take a photo while recording. Pause the clip first.")
    }

    /// A take asked for: a countdown running is cancelled instead; refused with `refusal` while a clip
    /// records; the lever moved to `mode` (and said so); then the take now or after the self-timer.
    private func startTake(_ action: TimedAction, in mode: Mode, refusingWhileRecording refusal: String) async throws(IntentError) -> IntentResult {
        if cancelCountdown() { return Self.timerCancelled }
        guard !body.recording else { throw .notAllowed(refusal) }
        var notes: [String] = []
        if body.mode != mode {
            var next = body
            next.setMode(mode)
            commit(next)
            await device.apply(body)
            notes.append("Switched to \(mode.rawValue.uppercased()).")
        }
        return try await timed(action, notes: notes)
    }

    /// ToggleRecord: exactly what REC does — CINE start or pause, STILL shutter.
    func toggleRecord() async throws(IntentError) -> IntentResult {
        if cancelCountdown() { return Self.timerCancelled }
        if body.recording { return try await pauseClip() }
        return body.mode == .cine ? try await startClip() : try await takePhoto()
    }

    /// "Self-timer cancelled."
    static let timerCancelled = IntentResult(dialog: "Self-timer cancelled.", extra: ["countdown": .int(0)])

    /// Runs `action` now, or starts the self-timer's countdown and answers at once.
    func timed(_ action: TimedAction, notes: [String]) async throws(IntentError) -> IntentResult {
        let seconds = body.timer
        guard seconds > 0 else {
            var result = try await run(action)
            result.dialog = (notes + [result.dialog]).joined(separator: " ")
            return result
        }
        let ticks = (1...seconds).map { deadlines.sleeper(after: .seconds($0)) }
        _ = cancelCountdown()  // a countdown replaced tells its waiters it was cancelled
        selfTimer.start(action, hold: device.holdCamera(for: "the self-timer")) { token in
            Task { [weak self] in
                for (index, sleep) in ticks.enumerated() {
                    do { try await sleep() } catch { return }
                    let left = seconds - index - 1
                    if left > 0 { await self?.countdownTicked(token, secondsLeft: left) }
                }
                await self?.countdownEnded(token)
            }
        }
        announce(.countdown(secondsLeft: seconds))
        let dialog = (notes + [action.announcement(seconds: seconds)]).joined(separator: " ")
        var result = IntentResult(dialog: dialog, extra: ["countdown": .int(Int64(seconds))])
        result.countdown = CountdownID(token: selfTimer.token)
        return result
    }

    /// The countdown `token` ended: carry out its action, unless it was cancelled meanwhile, and tell
    /// those waiting for it what came of it once the take is saved.
    func countdownEnded(_ token: Int) async {
        guard let (action, hold) = selfTimer.fire(token) else { return }
        defer { hold?.release() }
        let countdown = CountdownID(token: token)
        selfTimer.running = countdown
        defer { selfTimer.running = nil }
        announce(.countdown(secondsLeft: 0))
        do {
            let result = try await run(action)
            finishCountdown(countdown, result.path.map { .photoSaved(path: $0) } ?? .clipStarted)
        } catch {
            finishCountdown(countdown, .failed(error))
        }
    }

    /// Starts the clip or takes the photo now, checking the state again (it may have changed during a
    /// countdown). The take carries the body as it is when the call takes effect; the device's work then
    /// waits for the takes asked for before it, while later calls go on.
    func run(_ action: TimedAction) async throws(IntentError) -> IntentResult {
        switch action {
        case .clip:
            guard !body.recording else { throw .notAllowed("Already recording.") }
            guard body.tapeMinutesLeft > 0 else {
                throw .notAllowed("The \(body.technology.medium.name) is at its end. Insert a new tape from the MENU.")
            }
            // Recording from now on, for the calls behind this one (a PauseClip pauses it); undone if it fails.
            var next = body
            next.setRecording(true)
            clips.technologyID = body.technology.id
            clips.lastEnding = nil
            commit(next)
            clips.generation += 1
            let generation = clips.generation
            let settings = body
            let place = await joinTakeLine()
            defer { place.leave() }
            let stillThisClip = { generation == self.clips.generation }
            do { try await device.startClip(settings) } catch {
                if stillThisClip() { endRecording() }
                throw IntentError(deviceError: error)
            }
            if stillThisClip() { scheduleTapeEnd(afterMinutes: body.tapeMinutesLeft) }
            announce(.recordingStarted(camera: await device.cameraName()))
            return IntentResult(dialog: "Recording. \(tapeSentence())", extra: ["recording": .bool(true)])
        case .photo:
            guard !body.recording else {
                throw .notAllowed("Can't take a photo while recording. Pause the clip first.")
            }
            let settings = body
            let place = await joinTakeLine()
            defer { place.leave() }
            let take: CapturedTake
            do { take = try await device.takePhoto(settings) } catch { throw IntentError(deviceError: error) }
            await refreshTape(all: false)
            var next = body
            next.lastTakePath = take.path
            commit(next)
            openUndoWindow(for: take)
            announce(.takeSaved(take, camera: await device.cameraName()))
            return IntentResult(dialog: "Photo taken.", path: take.path)
        }
    }

    /// Opens the UNDO window (10 seconds unless told otherwise) for a new take; the seconds tick down on the clock.
    func openUndoWindow(for take: CapturedTake) {
        let total = undoWindow.seconds
        let sleepers = (1...total).map { deadlines.sleeper(after: .seconds($0)) }
        undoWindow.open(for: take) { generation in
            Task { [weak self] in
                for (index, sleep) in sleepers.enumerated() {
                    do { try await sleep() } catch { return }
                    await self?.undoTicked(generation, secondsLeft: total - index - 1)
                }
            }
        }
        var next = body
        next.undoSecondsLeft = total
        commit(next)
    }

    /// A second of the UNDO window passed.
    func undoTicked(_ generation: Int, secondsLeft: Int) {
        guard undoWindow.tick(generation, secondsLeft: secondsLeft) else { return }
        var next = body
        next.undoSecondsLeft = max(0, secondsLeft)
        commit(next)
    }

    /// Undo: moves the last take to the Trash while its window is open. It waits in the take line, so it
    /// finds the take asked for just before it; of two UNDOs, the first moves it and the second answers NotFound.
    func undo() async throws(IntentError) -> IntentResult {
        let place = await joinTakeLine()
        defer { place.leave() }
        let take = try undoableTake()
        undoWindow.trashing = take.path
        do {
            try await device.moveToTrash(take)
        } catch {
            undoWindow.trashing = nil
            throw IntentError(deviceError: error)
        }
        undoWindow.trashing = nil
        undoWindow.close()
        undoWindow.trashed = take.path
        if take.kind == .clip { clips.tape.giveBack(seconds: take.duration, on: take.technology ?? body.technology.id) }
        let previous = await device.lastTake()
        var next = body
        next.undoSecondsLeft = 0
        next.lastTakePath = previous?.path == take.path ? nil : previous?.path
        commit(next)
        return IntentResult(dialog: "Moved the last take to the Trash.", path: take.path)
    }

    /// The take UNDO would trash now; NotFound when it was already moved to the Trash, NotAllowed when
    /// there is none or its window has closed.
    func undoableTake() throws(IntentError) -> CapturedTake {
        if undoWindow.trashing != nil || undoWindow.trashed != nil {
            throw .notFound("The last take was already moved to the Trash.")
        }
        guard let take = undoWindow.take, body.undoSecondsLeft > 0 else {
            if body.lastTakePath == nil { throw .notAllowed("There is no take to undo.") }
            throw .notAllowed("Too late to undo: a take can be undone for \(Spoken.count(undoWindow.seconds, "second")) only.")
        }
        return take
    }

    /// LastTake: the newest take's path and what it is (waiting for the takes asked for before it).
    func lastTake() async throws(IntentError) -> IntentResult {
        let place = await joinTakeLine()
        defer { place.leave() }
        guard let take = await device.lastTake() else { throw .notFound("There are no takes yet.") }
        let what = take.kind == .photo ? "a photo" : Wording.clip(seconds: take.duration)
        var extra: [String: ParameterValue] = ["kind": .string(take.kind.rawValue)]
        if let duration = take.duration { extra["duration"] = .double(duration) }
        return IntentResult(dialog: "The last take is \(what).", path: take.path, extra: extra)
    }

    /// FlipCamera: switches between the back and front cameras, when there are two.
    func flipCamera() async throws(IntentError) -> IntentResult {
        let target = try await flipTarget()
        var next = body
        next.setFacing(target)
        commit(next)
        await device.apply(body)
        return IntentResult(dialog: "Switched to the \(target.rawValue) camera.", value: .string(target.rawValue))
    }

    /// Refuses a camera the machine does not have (SetFacing); the current one is always fine.
    func checkFacing(_ target: Facing) async throws(IntentError) {
        guard target != body.facing else { return }
        let facings = await device.availableFacings()
        guard !facings.isEmpty else { throw .noCamera("No camera was found.") }
        guard facings.contains(target) else {
            throw .notAllowed(facings.count > 1 ? "There is no \(target.rawValue) camera." : "There is only one camera.")
        }
    }

    /// The camera FLIP would switch to; refuses when there is only one.
    func flipTarget() async throws(IntentError) -> Facing {
        let facings = await device.availableFacings()
        guard !facings.isEmpty else { throw .noCamera("No camera was found.") }
        let others = facings.filter { $0 != body.facing }
        guard facings.count > 1, let target = others.first else { throw .notAllowed("There is only one camera.") }
        return target
    }
}
