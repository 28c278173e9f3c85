/// What an intent answers: the sentence to speak, and the facts a script may want.
public struct IntentResult: Sendable, Equatable {
    /// What a voice assistant says: "Recording. 12 minutes of tape left."
    public var dialog: String
    /// The resolved value of a Set* intent: `.string("1970s")`, `.int(7)`, `.double(2.0)`, `.bool(true)`.
    public var value: ParameterValue?
    /// A take's file path, for TakePhoto, PauseClip and LastTake.
    public var path: String?
    /// Anything else worth returning, e.g. `"countdown": .int(3)`, `"recording": .bool(true)`.
    public var extra: [String: ParameterValue]
    /// The self-timer countdown this call started, to await its outcome (`CameraController.outcome(of:)`);
    /// not sent on the bus.
    public var countdown: CountdownID?

    /// Makes a result; only the dialog is required.
    public init(dialog: String, value: ParameterValue? = nil, path: String? = nil, extra: [String: ParameterValue] = [:]) {
        self.dialog = dialog
        self.value = value
        self.path = path
        self.extra = extra
    }
}
