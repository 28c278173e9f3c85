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

/// The self-timer's countdown: at most one pending action, cancelled by the next shutter-like call, and
/// those who wait to hear how it ended (the shortcut runner, the desktop).
///
/// Each countdown has a token so a countdown that was cancelled just as it fired cannot act.
struct SelfTimer {
    /// Those waiting for a countdown's outcome, by countdown and then by waiter.
    private var waiters: [CountdownID: [Int: CheckedContinuation<CountdownOutcome?, Never>]] = [:]
    /// Numbers the waiters, so a cancelled one can be found and let go.
    private var nextWaiter = 0
    /// The countdown whose action (the photo, the clip's start) is being carried out right now.
    var running: CountdownID?
    /// The last countdown that ended and how, for a waiter that asks just after.
    private(set) var lastOutcome: (id: CountdownID, outcome: CountdownOutcome)?
    /// True between a shutter press that cancelled a countdown and its release (the release must not shoot).
    var pressConsumed = false
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

    // MARK: - Waiting for the outcome

    /// True while `countdown` counts down or its action is being carried out.
    func isPending(_ countdown: CountdownID) -> Bool {
        isCounting || running == countdown
    }

    /// How many wait for `countdown` now (tests).
    func waiterCount(for countdown: CountdownID) -> Int { waiters[countdown]?.count ?? 0 }

    /// A number for a new waiter.
    mutating func reserveWaiter() -> Int {
        defer { nextWaiter += 1 }
        return nextWaiter
    }

    /// `continuation` waits for `countdown`'s outcome.
    mutating func wait(for countdown: CountdownID, waiter: Int, _ continuation: CheckedContinuation<CountdownOutcome?, Never>) {
        waiters[countdown, default: [:]][waiter] = continuation
    }

    /// `countdown` ended: remember how, and resume everyone waiting for it.
    mutating func finish(_ countdown: CountdownID, _ outcome: CountdownOutcome) {
        lastOutcome = (countdown, outcome)
        for continuation in (waiters.removeValue(forKey: countdown) ?? [:]).values {
            continuation.resume(returning: outcome)
        }
    }

    /// A waiter's task was cancelled: let it go with nil (the countdown itself carries on).
    mutating func abandon(_ countdown: CountdownID, waiter: Int) {
        waiters[countdown]?.removeValue(forKey: waiter)?.resume(returning: nil)
    }
}
