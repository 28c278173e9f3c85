import Body

/// Turns a loose string or a typed value into a setting for one control, against the body's current state.
///
/// One resolver serves Perform, Resolve and Interpret, so `SetDecade s seventies` on the bus and
/// "go to the seventies" spoken resolve the same way. Each control's reading lives in its own extension.
struct Resolver: Sendable {
    /// The body the value is resolved against (decade range, current decade's dial, mode).
    let body: CameraBody

    /// Resolves `value` for a Set* intent; nil or an empty string asks for the value.
    func resolve(_ kind: SettingKind, _ value: ParameterValue?) throws(IntentError) -> Setting {
        guard let value, !value.isBlank else { throw .needsValue(question(kind)) }
        // Refuse long text before reading it: no value is longer than a few words.
        if case .string(let text) = value, text.utf8.count > Phrase.maximumLength { throw .unsupported(allowed(kind)) }
        if case .string(let text) = value, Phrase.normalize(text) == Self.nextValue, let next = next(kind) { return next }
        switch kind {
        case .decade: return try decade(value)
        case .style: return try dialEntry(value)
        case .degree: return try degree(value)
        case .mode: return try mode(value)
        case .exposure: return try exposure(value)
        case .zoom: return try zoom(value)
        case .format: return try format(value)
        case .timer: return try timer(value)
        case .audio: return try audio(value)
        case .light: return try light(value)
        case .facing: return try facing(value)
        case .dateImprint: return try dateImprint(value)
        }
    }

    /// The value that means "what a double tap of the control gives": `SetTimer("next")` on a fresh camera is 3 s.
    static let nextValue = "next"

    /// What a double tap of the control of `kind` sets it to (MODE, FORMAT, TIMER, SOUND and the LIGHT/FLASH);
    /// nil for the dials, which a tap does not turn.
    func next(_ kind: SettingKind) -> Setting? {
        switch kind {
        case .mode: return .mode(body.mode.toggled)
        case .format: return .format(body.format.next)
        case .audio: return .audio(body.audio.next)
        case .light: return .light(!body.light)
        case .dateImprint: return .dateImprint(!body.dateImprint)
        case .timer:
            var pressed = body
            pressed.cycleTimer()
            return .timer(pressed.timer)
        default: return nil
        }
    }

    /// The question asked when the value is missing.
    func question(_ kind: SettingKind) -> String {
        switch kind {
        case .decade:
            return "Which decade? The wheel goes from the \(decadeRangeWords.lower) to the \(decadeRangeWords.upper)."
        case .style:
            return "Which \(body.mode == .cine ? "technology" : "style")? \(dialContents)"
        case .degree: return "Which degree? From \(CameraBody.degreeRange.lowerBound) to \(CameraBody.degreeRange.upperBound)."
        case .mode: return "Which mode, Cine or Still?"
        case .exposure: return "What exposure? From -2 to +2 EV."
        case .zoom: return "How much zoom? From \(Spoken.zoom(CameraBody.zoomRange.lowerBound)) to \(Spoken.zoom(CameraBody.zoomRange.upperBound))."
        case .format: return "Which format? \(Spoken.list(FrameFormat.allCases.map(\.rawValue)))."
        case .timer: return "Which self-timer? \(timerChoicesWords)."
        case .audio: return "Which audio? \(Spoken.list(AudioMode.allCases.map(\.rawValue)))."
        case .light: return "Light on or off?"
        case .facing: return "Which camera, front or back?"
        case .dateImprint: return "Date imprint on or off?"
        }
    }

    /// The sentence listing what a control allows, used by every Unsupported error.
    func allowed(_ kind: SettingKind) -> String {
        switch kind {
        case .decade:
            return "The DECADE wheel goes from the \(decadeRangeWords.lower) to the \(decadeRangeWords.upper)."
        case .style: return dialContents
        case .degree: return "Degree goes from \(CameraBody.degreeRange.lowerBound) to \(CameraBody.degreeRange.upperBound)."
        case .mode: return "Mode can be Cine or Still."
        case .exposure:
            return CameraBody.exposureRangeSentence
        case .zoom:
            return "Zoom goes from \(Spoken.zoom(CameraBody.zoomRange.lowerBound)) to \(Spoken.zoom(CameraBody.zoomRange.upperBound)), in steps of 0.5x."
        case .format: return "Format can be \(Spoken.list(FrameFormat.allCases.map(\.rawValue)))."
        case .timer: return "The self-timer can be \(timerChoicesWords)."
        case .audio: return "Audio can be \(Spoken.list(AudioMode.allCases.map(\.rawValue)))."
        case .light: return "The light can be On or Off."
        case .facing: return "The camera can be the front or the back one."
        case .dateImprint: return "Date imprint can be On or Off."
        }
    }

    /// "Off, 3 or 10 seconds".
    var timerChoicesWords: String {
        let words = CameraBody.timerChoices.map { $0 == 0 ? "Off" : String($0) }
        return Spoken.list(words) + " seconds"
    }

    /// "1900s" and "2020s" for the wheel's ends.
    var decadeRangeWords: (lower: String, upper: String) {
        (Wording.decadeName(body.catalog.range.lowerBound), Wording.decadeName(body.catalog.range.upperBound))
    }

    /// "In the 1970s the dial has Super 8, Betamax, Polaroid and Kodachrome."
    var dialContents: String {
        let names = DialEntry.entries(of: body.decade).map(\.name)
        return "In the \(body.decade.name) the dial has \(Spoken.list(names, conjunction: "and"))."
    }

    /// The error for a value of the wrong type.
    func wrongType(_ kind: SettingKind, _ value: ParameterValue, expected: String) -> IntentError {
        .invalidArguments("The \(kind.rawValue) takes \(expected), not \(value.typeName).")
    }

    /// The normalised words of a string value.
    func words(_ text: String) -> [String] {
        Phrase.droppingArticles(Phrase.words(Phrase.normalize(text)))
    }

    /// Reads a number from words, or nil.
    func spokenNumber(_ words: [String]) -> Double? { SpokenNumber.parse(words: words) }
}
