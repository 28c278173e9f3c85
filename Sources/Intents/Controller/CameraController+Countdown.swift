/// How a self-timer countdown ends reaches those who wait for it: the shortcut runner waits for its
/// photo before the next step, the desktop announces it. They are resumed by the controller when the
/// take is saved (or the countdown is cancelled), never by watching `lastTakePath`.
extension CameraController {
    /// Waits until `countdown` ends and answers how; nil when the waiting task is cancelled first.
    /// A countdown that already ended, or one that is not running, answers at once.
    public func outcome(of countdown: CountdownID) async -> CountdownOutcome? {
        if let last = selfTimer.lastOutcome, last.id == countdown { return last.outcome }
        guard countdown.token == selfTimer.token, selfTimer.isPending(countdown) else { return .cancelled }
        let waiter = selfTimer.reserveWaiter()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                selfTimer.wait(for: countdown, waiter: waiter, continuation)
                if Task.isCancelled { abandonWaiting(for: countdown, waiter: waiter) }
            }
        } onCancel: {
            Task { await self.abandonWaiting(for: countdown, waiter: waiter) }
        }
    }

    /// The countdown `countdown` ended: remember how, and resume everyone waiting for it.
    func finishCountdown(_ countdown: CountdownID, _ outcome: CountdownOutcome) {
        selfTimer.finish(countdown, outcome)
    }

    /// A waiter's task was cancelled: let it go with nil (the countdown itself carries on).
    func abandonWaiting(for countdown: CountdownID, waiter: Int) {
        selfTimer.abandon(countdown, waiter: waiter)
    }
}
