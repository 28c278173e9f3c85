import Synchronization

/// A call's place in its `CallLane`: the calls behind it wait until it has taken effect.
///
/// A call holds its turn from the moment the lane starts it until it calls `pass()` — "what I change is
/// in place; the rest of me may overlap the calls behind" — or finishes. Code that changes the camera
/// passes the turn right before its slow tail (waiting for a frame, a file, another program), and never
/// before its change is visible to the next call. Reading `Turn.current` outside a lane gives nil, and
/// every step here is then a no-op, so the same code serves keys, timers and tests.
public final class Turn: Sendable {
    /// The turn of the call running in this task, if it runs in a lane.
    @TaskLocal public static var current: Turn?

    /// What passing the turn does for the lane.
    enum HandOff: Sendable {
        /// The call runs in the lane's serving task: serving goes on in a new task (`CallLane.serve`).
        case relay(@Sendable () -> Void)
        /// The lane waits for the call (it came back after `stepAside`): resume it.
        case resume(CheckedContinuation<Void, Never>)
    }

    private struct State {
        /// True while the lane waits for this call.
        var holding = true
        /// True once the call has finished: it never queues for a turn again.
        var finished = false
        /// True once passing has started a new serving task.
        var relayed = false
        /// What passing does now.
        var handOff: HandOff?
        /// True while the lane counts this call as still to take effect (`CallLane.isIdle`).
        var counted = true

        /// Stops counting the call; true when it was counted, so the lane must hear it once.
        mutating func uncount() -> Bool {
            defer { counted = false }
            return counted
        }
    }

    private let state: Mutex<State>
    private let lane: CallLane

    /// A turn that, passed while the call holds it, runs `relay`.
    init(lane: CallLane, relay: @escaping @Sendable () -> Void) {
        self.lane = lane
        state = Mutex(State(handOff: .relay(relay)))
    }

    /// Lets the next call of the lane start; this one carries on. Calling it again does nothing.
    public func pass() {
        let (uncounted, handOff) = state.withLock { state -> (Bool, HandOff?) in
            guard state.holding else { return (false, nil) }
            state.holding = false
            defer { state.handOff = nil }
            if case .relay = state.handOff { state.relayed = true }
            return (state.uncount(), state.handOff)
        }
        if uncounted { lane.turnPassed() }
        switch handOff {
        case .relay(let serveOn)?: serveOn()
        case .resume(let lane)?: lane.resume()
        case nil: break
        }
    }

    /// Passes the turn while `waiting` runs (an answer from another program that may take seconds), then
    /// queues again behind the calls that arrived meanwhile and holds that new turn before going on: the
    /// call takes effect after them, as sd-bus re-dispatches a call once polkit has answered. A call that
    /// no longer holds its turn just waits.
    public func stepAside<T: Sendable>(while waiting: () async -> T) async -> T {
        guard state.withLock({ $0.holding }) else { return await waiting() }
        pass()
        let value = await waiting()
        guard !state.withLock({ $0.finished }) else { return value }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock { $0.counted = true }
            lane.rejoin(self, continuation)
        }
        return value
    }

    /// The call has made every change it makes (its answer is about to go out): the lane no longer counts
    /// it as still to take effect, so a read sent right after that answer is answered at once, though the
    /// call keeps its turn until it ends. Calling it again, or after `pass()`, does nothing.
    public func tookEffect() {
        if state.withLock({ $0.uncount() }) { lane.turnPassed() }
    }

    /// Passes the current task's turn, if it has one (see `pass()`).
    public static func passCurrent() { current?.pass() }

    /// `stepAside(while:)` for the current task's turn; with no turn, just `waiting`.
    public static func stepAside<T: Sendable>(while waiting: () async -> T) async -> T {
        guard let current else { return await waiting() }
        return await current.stepAside(while: waiting)
    }

    // MARK: For the lane

    /// The lane gives this call the turn again (after `stepAside`); false when it has finished meanwhile.
    func take() -> Bool {
        let (taken, uncounted) = state.withLock { state in
            state.holding = !state.finished
            return (state.holding, state.holding ? false : state.uncount())
        }
        if uncounted { lane.turnPassed() }
        return taken
    }

    /// The call ran to its end in the serving task: the turn passes for good. True when serving already
    /// went on in another task (the call passed its turn on the way), so this task stops serving.
    func finish() -> Bool {
        let (relayed, uncounted, handOff) = state.withLock { state -> (Bool, Bool, HandOff?) in
            state.finished = true
            let wasHolding = state.holding
            state.holding = false
            defer { state.handOff = nil }
            return (state.relayed, state.uncount(), wasHolding ? state.handOff : nil)
        }
        if uncounted { lane.turnPassed() }
        if case .resume(let lane)? = handOff { lane.resume() }
        return relayed
    }

    /// Returns once the call has passed the turn (or at once when it already has).
    func held() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let passed = state.withLock { state -> Bool in
                guard state.holding else { return true }
                state.handOff = .resume(continuation)
                return false
            }
            if passed { continuation.resume() }
        }
    }
}
