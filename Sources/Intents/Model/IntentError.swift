import Body

/// Why an intent could not be resolved or performed; every case carries a sentence fit to be spoken.
public enum IntentError: Error, Sendable, Equatable {
    /// The value is understood but not allowed; the sentence lists what is allowed.
    case unsupported(String)
    /// The value fits several entries; the sentence names them and `choices` lists them.
    case ambiguous(String, choices: [String])
    /// The intent needs a value and none was given; the sentence asks for it.
    case needsValue(String)
    /// The camera's state forbids it right now ("Can't take a photo while recording.").
    case notAllowed(String)
    /// The camera could not be reached or failed.
    case noCamera(String)
    /// There is no room left to save a take.
    case storageFull(String)
    /// The named intent, control or take does not exist.
    case notFound(String)
    /// The arguments have the wrong shape or type (D-Bus InvalidArgs).
    case invalidArguments(String)

    /// The sentence to speak.
    public var message: String {
        switch self {
        case .unsupported(let text), .ambiguous(let text, _), .needsValue(let text), .notAllowed(let text),
             .noCamera(let text), .storageFull(let text), .notFound(let text), .invalidArguments(let text):
            return text
        }
    }

    /// Maps a body rule's refusal onto the intent error a caller sees.
    init(_ error: BodyError) {
        switch error {
        case .outOfRange: self = .unsupported(error.message)
        default: self = .notAllowed(error.message)
        }
    }

    /// Maps whatever a capture device threw onto an intent error (unknown failures mean no camera).
    init(deviceError error: any Error) {
        if let intentError = error as? IntentError {
            self = intentError
        } else {
            self = .noCamera("The camera failed: \(error).")
        }
    }
}
