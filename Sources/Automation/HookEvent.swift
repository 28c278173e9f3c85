/// The events a hook or an event automation runs after, by the name its program or `--when` uses.
public enum HookEvent: String, Sendable, CaseIterable, Equatable {
    /// A photo or clip was saved (also a clip the camera ended itself: the tape ran out, the camera went away).
    case takeSaved = "take-saved"
    /// A clip started recording.
    case recordingStarted = "recording-started"
    /// A clip stopped recording, however it ended.
    case recordingStopped = "recording-stopped"
    /// A camera was plugged in while the daemon runs.
    case cameraAdded = "camera-added"
    /// A camera went away.
    case cameraRemoved = "camera-removed"

    /// The event a name stands for, or a sentence listing the names.
    public init(name: String) throws(AutomationError) {
        guard let event = HookEvent(rawValue: name.lowercased()) else {
            throw AutomationError("There is no event called '\(AutomationName.shown(name))'. Events: \(HookEvent.names).")
        }
        self = event
    }

    /// "take-saved, recording-started, …", for sentences.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A mistake in an automation or hook request: one sentence, for the command line.
public struct AutomationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sentence.
    public let message: String
    /// Makes an error with its sentence.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
