/// What the controller keeps about clips: the tape counter, the timer that stops a clip when its tape
/// runs out, the technology the clip recording now is counted against, and how the last clip ended.
struct ClipState {
    /// Minutes of tape used per technology.
    var tape = TapeLedger()
    /// Ends the clip when the tape runs out.
    var tapeEnd: Task<Void, Never>?
    /// Counts clips, so a tape-end timer of an earlier clip cannot stop a later one.
    var generation = 0
    /// The technology the clip being recorded is counted against.
    var technologyID: String?
    /// What the device said when it last ended a clip by itself (the disk filled up), until the next clip:
    /// PauseClip then says why there is nothing to pause.
    var lastEnding: String?
}
