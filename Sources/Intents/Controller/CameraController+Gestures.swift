import Body

/// The body as a screen reader and the hardware keys use it: Describe, ListControls, Adjust, Activate, Shutter.
extension CameraController {
    /// What a screen reader says for a control: "Degree, 7 of 12". Reads the published body, so it needs no hop.
    public nonisolated func describe(_ id: String) throws(IntentError) -> String {
        if let row = Self.menuRow(id) { return publishedBody.menuRow(row, at: wallClock()).description }
        return publishedBody.describe(try Self.control(id))
    }

    /// One row per control of the seed's table, in order (of the published body).
    public nonisolated func controls() -> [SpokenControl] {
        publishedBody.controls
    }

    /// The swipe up (positive) or down of an adjustable control; answers the new description.
    public func adjust(_ id: String, steps: Int) async throws(IntentError) -> String {
        if let row = Self.menuRow(id) { return try await adjustMenu(row, steps: steps) }
        let control = try Self.control(id)
        return try await turn { body throws(IntentError) in try body.adjust(control, steps: steps) }
    }

    /// The physical ZOOM or EXPOSURE rocker pressed `steps` times, up being positive. Unlike the swipe,
    /// EXPOSURE wraps from +2 to -2 and back; ZOOM stops at 1.0x and 4.0x. Answers the new description.
    public func rock(_ id: String, steps: Int) async throws(IntentError) -> String {
        let control = try Self.control(id)
        return try await turn { body throws(IntentError) in try body.rock(control, steps: steps) }
    }

    /// Turns a dial or rocker on a copy of the body, commits it, re-applies the look; answers what it says now.
    private func turn(_ change: (inout CameraBody) throws(IntentError) -> SpokenControl) async throws(IntentError) -> String {
        var next = body
        let spoken = try change(&next)
        commit(next)
        await device.apply(body)
        return spoken.description
    }

    /// The double tap of a button or switch. Buttons that act (REC, LAST TAKE, FLIP, UNDO) answer the
    /// action's dialog ("Photo taken."); switches answer their new description ("Self-timer, 3 seconds").
    public func activate(_ id: String) async throws(IntentError) -> String {
        try await activation(id).dialog
    }

    /// The double tap with the whole result of the action it starts (its take, its countdown).
    func activation(_ id: String) async throws(IntentError) -> IntentResult {
        try await TakeOrigin.asking("Activate") { () async throws(IntentError) in try await activationAsked(id) }
    }

    /// `activation`, once the origin says what was asked.
    private func activationAsked(_ id: String) async throws(IntentError) -> IntentResult {
        if let row = Self.menuRow(id) { return IntentResult(dialog: try await activateMenu(row)) }
        let control = try Self.control(id)
        let press = try body.press(control)
        switch press {
        case .startRecording: return try await startClip()
        case .pauseRecording: return try await pauseClip()
        case .shutter: return try await takePhoto()
        case .showLastTake: return try await lastTake()
        case .flip: return try await flipCamera()
        case .undo: return try await undo()
        case .toggleMode: _ = try await set(.mode(body.mode.toggled))
        case .toggleLight: _ = try await set(.light(!body.light))
        case .cycleFormat: _ = try await set(.format(body.format.next))
        case .cycleAudio: _ = try await set(.audio(body.audio.next))
        case .cycleTimer:
            var next = body
            next.cycleTimer()
            commit(next)
        case .toggleMenu:
            var next = body
            next.toggleMenu()
            commit(next)
        case .openLibrary:
            await device.markLibraryOpened()
            var next = body
            next.recoveredTakes = 0
            commit(next)
        }
        return IntentResult(dialog: body.describe(control))
    }

    /// The hardware shutter (volume keys, camera key, action key, hotkeys).
    ///
    /// CINE: each press starts or pauses (the self-timer applies to starting); the release does nothing.
    /// STILL: the photo is taken on release. A press during a countdown cancels it, and its release
    /// then does nothing. A phase that does nothing answers an empty dialog: there is nothing to say.
    public func shutter(_ phase: ShutterPhase) async throws(IntentError) -> IntentResult {
        try await TakeOrigin.asking("Shutter") { () async throws(IntentError) in try await shutterAsked(phase) }
    }

    /// `shutter`, once the origin says what was asked.
    private func shutterAsked(_ phase: ShutterPhase) async throws(IntentError) -> IntentResult {
        switch phase {
        case .press:
            if cancelCountdown() {
                selfTimer.pressConsumed = true
                return Self.timerCancelled
            }
            selfTimer.pressConsumed = false
            guard body.mode == .cine || body.recording else { return IntentResult(dialog: "") }
            return try await toggleRecord()
        case .release:
            let consumed = selfTimer.pressConsumed
            selfTimer.pressConsumed = false
            guard body.mode == .still, !body.recording, !consumed else { return IntentResult(dialog: "") }
            return try await takePhoto()
        }
    }

    /// Finds a control by its id, or lists the ids.
    static func control(_ id: String) throws(IntentError) -> ControlID {
        if let control = ControlID(rawValue: id) ?? ControlID(rawValue: id.lowercased()) { return control }
        let shown = Spoken.shortened(id)
        let ids = (ControlID.allCases.map(\.rawValue) + MenuRowID.allCases.map(\.rawValue)).joined(separator: ", ")
        throw .notFound("No control called \(shown). Controls: \(ids).")
    }
}
