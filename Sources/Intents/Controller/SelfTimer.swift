/// What the self-timer will do when its countdown ends.
enum TimedAction: Sendable, Equatable {
    /// Start recording a clip.
    case clip
    /// Take a photo.
    case photo

    /// "Recording in 3 seconds." / "Taking a photo in 3 seconds."
    func announcement(seconds: Int) -> String {
        switch self {
        case .clip: return "Recording in \(seconds) seconds."
        case .photo: return "Taking a photo in \(seconds) seconds."
        }
    }
}

/// The self-timer's countdown: at most one pending action, cancelled by the next shutter-like call.
///
/// Each countdown has a token so a countdown that was cancelled just as it fired cannot act.
struct SelfTimer {
    /// The action waiting for the countdown, if any.
    private(set) var pending: TimedAction?
    /// The task sleeping on the clock.
    private var task: Task<Void, Never>?
    /// Keeps the camera open (and warming up) through the countdown.
    private var hold: CameraHold?
    /// Identifies the current countdown.
    private(set) var token = 0

    /// True while a countdown runs.
    var isCounting: Bool { pending != nil }

    /// Starts a countdown holding the camera with `hold`; `makeTask` receives the token the task must
    /// present when it fires.
    mutating func start(_ action: TimedAction, hold: CameraHold, makeTask: (Int) -> Task<Void, Never>) {
        cancel()
        token += 1
        pending = action
        self.hold = hold
        task = makeTask(token)
    }

    /// Stops the countdown, if any; true when one was running.
    @discardableResult
    mutating func cancel() -> Bool {
        let wasCounting = isCounting
        task?.cancel()
        task = nil
        pending = nil
        hold?.release()
        hold = nil
        return wasCounting
    }

    /// The countdown with `token` ended: answers its action and the camera hold (release it once the
    /// action has run), or nil when it was cancelled or replaced.
    mutating func fire(_ firedToken: Int) -> (action: TimedAction, hold: CameraHold?)? {
        guard firedToken == token, let action = pending else { return nil }
        pending = nil
        task = nil
        defer { hold = nil }
        return (action, hold)
    }
}
