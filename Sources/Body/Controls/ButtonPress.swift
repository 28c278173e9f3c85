/// What a double tap asks for; the Intents layer carries it out (some need the camera engine).
public enum ButtonPress: Sendable, Equatable {
    /// REC in CINE when not recording: start a take.
    case startRecording
    /// REC while recording: pause, which ends and saves the take.
    case pauseRecording
    /// REC in STILL: take a photo.
    case shutter
    /// The mode lever: CINE ⇄ STILL.
    case toggleMode
    /// FORMAT in CINE: the next frame format.
    case cycleFormat
    /// TIMER: Off → 3 s → 10 s → Off.
    case cycleTimer
    /// LIGHT / FLASH: on ⇄ off.
    case toggleLight
    /// SOUND: the next audio mode.
    case cycleAudio
    /// LIBRARY: open the takes library.
    case openLibrary
    /// LAST TAKE: show the last take.
    case showLastTake
    /// MENU: open or close the menu.
    case toggleMenu
    /// FLIP: switch between the back and front cameras.
    case flip
    /// UNDO: move the last take to the Trash within its window.
    case undo
}
