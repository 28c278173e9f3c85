/// Setting each control directly (the intents `SetDecade`, `SetDegree`, …). Bad values throw a `IntentError`
/// whose sentence lists what is allowed; the body is unchanged then.
extension CameraBody {
    /// Turns the DECADE wheel to the decade holding `year` (1970 or 1975 → the 1970s). The dial keeps the
    /// same technology and style when the new decade has them (by id), else the entry at the same place,
    /// or the last one when the new decade has fewer.
    public mutating func setDecade(year: Int) throws(IntentError) {
        guard let newDecade = catalog.decade(year: year) else {
            throw .outOfRange(catalog.rangeSentence)
        }
        technology = Self.closest(technology, from: decade.technologies, in: newDecade.technologies, id: \.id)
        style = Self.closest(style, from: decade.styles, in: newDecade.styles, id: \.id)
        decade = newDecade
    }

    /// Chooses the CINE technology of the current decade by id (case-insensitive).
    public mutating func setTechnology(id: String) throws(IntentError) {
        guard let found = decade.technology(id: id) else {
            let names = Spoken.list(decade.technologies.map(\.name), conjunction: "and")
            throw .outOfRange("The \(decade.name) technologies are \(names).")
        }
        technology = found
    }

    /// Chooses the STILL style of the current decade by id (case-insensitive).
    public mutating func setStyle(id: String) throws(IntentError) {
        guard let found = decade.style(id: id) else {
            let names = Spoken.list(decade.styles.map(\.name), conjunction: "and")
            throw .outOfRange("The \(decade.name) styles are \(names).")
        }
        style = found
    }

    /// Sets the DEGREE dial, 1…12.
    public mutating func setDegree(_ value: Int) throws(IntentError) {
        guard Self.degreeRange.contains(value) else { throw .outOfRange(Self.degreeRangeSentence) }
        degree = value
    }

    /// Moves the mode lever. While recording, REC still reads "Stop" until recording is set off.
    public mutating func setMode(_ newMode: Mode) {
        mode = newMode
    }

    /// Sets the EXPOSURE rocker: −2…+2 EV in 0.5 EV steps.
    public mutating func setExposure(_ ev: Double) throws(IntentError) {
        guard Self.exposureRange.contains(ev), Self.isWholeStep(ev, step: Self.exposureStep) else {
            throw .outOfRange(Self.exposureRangeSentence)
        }
        exposure = ev == 0 ? 0 : ev  // no "-0.0"
    }

    /// Sets the ZOOM rocker: 1.0×…4.0× in 0.5× steps.
    public mutating func setZoom(_ factor: Double) throws(IntentError) {
        guard Self.zoomRange.contains(factor), Self.isWholeStep(factor, step: Self.zoomStep) else {
            throw .outOfRange(Self.zoomRangeSentence)
        }
        zoom = factor
    }

    /// Sets the frame format; in STILL this is not allowed ("CINE ONLY").
    public mutating func setFormat(_ newFormat: FrameFormat) throws(IntentError) {
        guard mode == .cine else { throw .notAllowed(Self.formatCineOnlySentence) }
        format = newFormat
    }

    /// Sets the self-timer: 0 (off), 3 or 10 seconds.
    public mutating func setTimer(seconds: Int) throws(IntentError) {
        guard Self.timerChoices.contains(seconds) else { throw .outOfRange(Self.timerChoicesSentence) }
        timer = seconds
    }

    /// Switches LIGHT (CINE) / FLASH (STILL).
    public mutating func setLight(_ on: Bool) { light = on }

    /// Sets the SOUND mode.
    public mutating func setAudio(_ newAudio: AudioMode) { audio = newAudio }

    /// Chooses the camera that looks out.
    public mutating func setFacing(_ newFacing: Facing) { facing = newFacing }

    /// Records that a take started or stopped (the engine does the recording).
    public mutating func setRecording(_ on: Bool) { recording = on }

    /// Opens or closes the MENU.
    public mutating func setMenuOpen(_ open: Bool) { menuOpen = open }

    // MARK: What the buttons do to the body, for the Intents layer to call after a `press`.

    /// The mode lever's double tap: CINE ⇄ STILL.
    public mutating func toggleMode() { mode = mode.toggled }

    /// FORMAT's double tap: the next format, wrapping; not allowed in STILL.
    public mutating func cycleFormat() throws(IntentError) { try setFormat(format.next) }

    /// TIMER's double tap: Off → 3 s → 10 s → Off.
    public mutating func cycleTimer() { timer = Self.timerChoices.cycled(after: timer) }

    /// LIGHT / FLASH's double tap.
    public mutating func toggleLight() { light.toggle() }

    /// SOUND's double tap: Off → Mono → Stereo → Off.
    public mutating func cycleAudio() { audio = audio.next }

    /// MENU's double tap.
    public mutating func toggleMenu() { menuOpen.toggle() }

    /// FLIP's double tap: back ⇄ front.
    public mutating func flip() { facing = facing.flipped }

    // MARK: Sentences and rules shared with the gestures.

    /// "Degree goes from 1 to 12."
    public static let degreeRangeSentence = "Degree goes from 1 to 12."
    /// "Exposure goes from -2 EV to +2 EV in 0.5 EV steps."
    public static let exposureRangeSentence = "Exposure goes from \(Spoken.exposure(exposureRange.lowerBound)) to "
        + "\(Spoken.exposure(exposureRange.upperBound)) in \(Spoken.number(exposureStep)) EV steps."
    /// "Zoom goes from 1.0x to 4.0x in 0.5x steps."
    public static let zoomRangeSentence = "Zoom goes from 1.0x to 4.0x in 0.5x steps."
    /// "Self-timer is Off, 3 seconds or 10 seconds."
    public static let timerChoicesSentence = "Self-timer is Off, 3 seconds or 10 seconds."
    /// What FORMAT says when asked for in STILL.
    public static let formatCineOnlySentence =
        "CINE ONLY. The frame format can be changed in CINE only; switch the mode lever to Cine first."

    static func isWholeStep(_ value: Double, step: Double) -> Bool {
        guard value.isFinite else { return false }
        let steps = value / step
        return steps == steps.rounded()
    }

    /// The entry of `new` that best stands for `current`: the same id, else the same index, else the last.
    static func closest<Entry>(_ current: Entry, from old: [Entry], in new: [Entry],
                               id: KeyPath<Entry, String>) -> Entry {
        if let same = new.first(where: { $0[keyPath: id] == current[keyPath: id] }) { return same }
        let index = old.firstIndex { $0[keyPath: id] == current[keyPath: id] } ?? 0
        return new[min(index, new.count - 1)]
    }
}
