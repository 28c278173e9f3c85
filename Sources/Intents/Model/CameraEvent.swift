/// Something the camera tells its observers that is not a property: the self-timer's seconds, a take
/// the camera ended by itself (the Service turns those into `Camera1` signals), a clip starting and a
/// take saved (the desktop shows them: nobody is filmed without knowing).
public enum CameraEvent: Sendable, Equatable {
    /// The self-timer: the seconds left, once when it starts, then each second; 0 when it fires or is cancelled.
    case countdown(secondsLeft: Int)
    /// A take ended without being asked (the tape ran out, the disk filled up, the camera went away):
    /// the saved file (nil when nothing could be saved) and the sentence that says so.
    case takeEnded(path: String?, dialog: String)
    /// A clip started recording, with the camera that records (its name; nil when unknown).
    case recordingStarted(camera: String?)
    /// A take was saved as asked: a photo taken, or a clip paused; with the camera that took it.
    case takeSaved(CapturedTake, camera: String?)
}
