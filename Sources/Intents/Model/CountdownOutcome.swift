import Body

/// One self-timer countdown, named so whoever started it can hear how it ended.
public struct CountdownID: Hashable, Sendable, CustomStringConvertible {
    /// The self-timer's token for the countdown.
    let token: Int

    /// "countdown 3".
    public var description: String { "countdown \(token)" }
}

/// How a self-timer countdown ended: the take it saved, the clip it started, why it could not act,
/// or that it was cancelled. The controller hands it to those waiting (`CameraController.outcome(of:)`)
/// the moment it is known, so nobody polls for the photo.
public enum CountdownOutcome: Sendable, Equatable {
    /// The photo was taken and saved at `path`.
    case photoSaved(path: String)
    /// The clip started recording.
    case clipStarted
    /// The timed action was refused or failed when the countdown ran out.
    case failed(IntentError)
    /// A shutter press, a new take or a pause cancelled it before it ran out.
    case cancelled
}
