/// Something the camera tells its observers that is not a property: the self-timer's seconds and a take
/// the camera ended by itself. The Service turns them into `Camera1` signals.
public enum CameraEvent: Sendable, Equatable {
    /// The self-timer: the seconds left, once when it starts, then each second; 0 when it fires or is cancelled.
    case countdown(secondsLeft: Int)
    /// A take ended without being asked (the tape ran out, the disk filled up, the camera went away):
    /// the saved file (nil when nothing could be saved) and the sentence that says so.
    case takeEnded(path: String?, dialog: String)
}
