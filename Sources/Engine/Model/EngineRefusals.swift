import Body
import Foundation

/// The engine's failures, each a case of the one error type with a sentence fit to be spoken: what the
/// camera or GStreamer does wrong is NoCamera, a refused state, folder or Trash move NotAllowed.
extension IntentError {
    /// GStreamer failed: a missing element, a negotiation error, a timeout.
    public static func pipeline(_ sentence: String) -> IntentError { .noCamera(sentence) }

    /// The take could not be moved to the Trash.
    public static func trash(_ sentence: String) -> IntentError { .notAllowed(sentence) }

    /// A stop was asked for while nothing was recording.
    public static let notRecording = IntentError.notAllowed("Nothing is recording.")

    /// A start was asked for while a take was already recording.
    public static let alreadyRecording = IntentError.notAllowed("A clip is already recording.")

    /// A system error's description without its final full stop, to sit inside our own sentence.
    static func reason(_ error: any Error) -> String {
        var text = error.localizedDescription
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
