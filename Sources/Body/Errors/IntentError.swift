/// Why a request could not be done — the one error type of Retrocam. The body's rules, the engine and the
/// intents all throw it, each case is one `org.retrocam.Error` name (Service maps it once, at the bus
/// boundary), and every case carries a sentence fit to be spoken. Named refusals
/// (`.outOfRange`, `.notAdjustable(_:)`, the engine's `.pipeline`) are constructors of these cases.
public enum IntentError: Error, Sendable, Equatable, CustomStringConvertible {
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

    /// The spoken sentence.
    public var description: String { message }
}
