import Foundation

/// What can go wrong in the camera; each case carries a sentence fit to be spoken.
public enum EngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no camera to use (or the chosen one is missing).
    case noCamera(String)
    /// The disk is too full to start a take.
    case storageFull(String)
    /// A stop was asked for while nothing was recording.
    case notRecording
    /// A start was asked for while a take was already recording.
    case alreadyRecording
    /// GStreamer failed: a missing element, a negotiation error, a timeout.
    case pipeline(String)
    /// A take or file that was asked for does not exist.
    case notFound(String)
    /// The take could not be moved to the Trash.
    case trash(String)
    /// Not allowed here: a read-only or foreign folder, a folder that is a symbolic link.
    case notAllowed(String)

    /// The sentence to show or speak.
    public var message: String {
        switch self {
        case .noCamera(let text), .storageFull(let text), .pipeline(let text),
             .notFound(let text), .trash(let text), .notAllowed(let text):
            return text
        case .notRecording:
            return "Nothing is recording."
        case .alreadyRecording:
            return "A clip is already recording."
        }
    }

    /// Same as `message`.
    public var description: String { message }
}

extension EngineError {
    /// A system error's description without its final full stop, to sit inside our own sentence.
    static func reason(_ error: any Error) -> String {
        var text = error.localizedDescription
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
