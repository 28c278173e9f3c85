/// A caller's request the body cannot honour; `message` is a sentence fit to be spoken.
public enum BodyError: Error, Sendable, Equatable {
    /// The value is outside what the control allows; the sentence lists what is allowed.
    case outOfRange(String)
    /// The control cannot do that now (FORMAT in STILL: "CINE ONLY…").
    case notAllowed(String)
    /// A swipe on a control that is not a dial or rocker.
    case notAdjustable(ControlID)
    /// A double tap on a control that is not a button or switch.
    case notActivatable(ControlID)
    /// A rocker press on a control that is not one of the two rockers (ZOOM, EXPOSURE).
    case notARocker(ControlID)

    /// The sentence to speak.
    public var message: String {
        switch self {
        case .outOfRange(let sentence), .notAllowed(let sentence):
            return sentence
        case .notAdjustable(let id):
            if id.kind == .readout { return Self.readoutSentence(id) }
            return "\(id.genericName) is a button: double tap it instead of swiping."
        case .notActivatable(let id):
            if id.kind == .readout { return Self.readoutSentence(id) }
            return "\(id.genericName) is a dial: swipe up or down to turn it a step."
        case .notARocker(let id):
            return "\(id.genericName) is not a rocker. The rockers are zoom and exposure."
        }
    }

    private static func readoutSentence(_ id: ControlID) -> String {
        "The \(id.genericName.lowercased()) only reads out the minutes of tape left."
    }
}

extension BodyError: CustomStringConvertible {
    /// The spoken sentence.
    public var description: String { message }
}
