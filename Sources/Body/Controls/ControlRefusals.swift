/// The body's refusals, each a case of the one error type with the sentence the body speaks.
extension IntentError {
    /// The value is outside what the control allows; the sentence lists what is allowed.
    public static func outOfRange(_ sentence: String) -> IntentError { .unsupported(sentence) }

    /// A swipe on a control that is not a dial or rocker.
    public static func notAdjustable(_ id: ControlID) -> IntentError {
        if id.kind == .readout { return .notAllowed(readoutSentence(id)) }
        return .notAllowed("\(id.genericName) is a button: double tap it instead of swiping.")
    }

    /// A double tap on a control that is not a button or switch.
    public static func notActivatable(_ id: ControlID) -> IntentError {
        if id.kind == .readout { return .notAllowed(readoutSentence(id)) }
        return .notAllowed("\(id.genericName) is a dial: swipe up or down to turn it a step.")
    }

    /// A rocker press on a control that is not one of the two rockers (ZOOM, EXPOSURE).
    public static func notARocker(_ id: ControlID) -> IntentError {
        .notAllowed("\(id.genericName) is not a rocker. The rockers are zoom and exposure.")
    }

    private static func readoutSentence(_ id: ControlID) -> String {
        "The \(id.genericName.lowercased()) only reads out the minutes of tape left."
    }
}
