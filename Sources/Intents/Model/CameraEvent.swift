import Body

/// Something the camera tells its observers that is not a property: the self-timer's seconds, a take
/// the camera ended by itself (the Service turns those into `Camera1` signals), a clip starting and a
/// take saved (the desktop shows them: nobody is filmed without knowing), a clip stopping and cameras
/// coming and going (the user's hooks and event automations run after them).
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
    /// A clip stopped recording, however it ended: the take saved (nil when nothing could be), and why
    /// when the camera ended it rather than the one who asked (the tape ran out, the camera went away).
    case recordingStopped(CapturedTake?, reason: String?)
    /// A camera was plugged in (not announced for the cameras present at start).
    case cameraAdded(CameraEntry)
    /// A camera went away.
    case cameraRemoved(CameraEntry)
    /// The applications reading the virtual camera changed: one name per reader (PipeWire's
    /// `application.name`), none once nobody reads.
    case virtualCameraRead(by: [String])
}
