import Synchronization

/// The order calls take effect in, as a single-threaded sd-bus service has it.
///
/// Calls are submitted in the order they arrive (the bus's order) and run one at a time on the lane's
/// actor (the camera's, so their steps there need no hop); the next starts only once the one before has
/// taken effect (`Turn.pass()`) or finished. What a call does after it passed its turn overlaps the calls
/// behind it: "taking effect" in order is not "finishing" in order.
///
/// `submit` never blocks, so the bus's dispatch thread hands calls over and goes back to reading.
/// `isIdle` tells that thread when every call it handed over has taken effect, so a read may be answered
/// at once from what the actor published, with no hop, and still in order.
public final class CallLane: Sendable {
    /// One call's work: it runs holding a `Turn` (`Turn.current`), isolated to the actor that serves the
    /// lane (an explicit `isolated` parameter, so what it calls with that isolation needs no hop).
    public typealias Work = @Sendable (_ actor: isolated any Actor) async -> Void

    enum Entry: Sendable {
        /// A new call.
        case call(Work)
        /// A call that stepped aside and queues again for a turn.
        case rejoin(Turn, CheckedContinuation<Void, Never>)
    }

    private let entries: AsyncStream<Entry>
    private let feed: AsyncStream<Entry>.Continuation
    /// Calls submitted (or queued again after stepping aside) that have not yet passed their turn.
    private let unpassed = Atomic<Int>(0)

    /// An empty lane; nothing runs until `serve(on:)`.
    public init() {
        (entries, feed) = AsyncStream.makeStream(of: Entry.self)
    }

    /// Queues `work` behind every call submitted before it. Never blocks; from any thread.
    public func submit(_ work: @escaping Work) {
        unpassed.add(1, ordering: .sequentiallyConsistent)
        feed.yield(.call(work))
    }

    /// True when every call submitted so far has taken effect (passed its turn or finished): nothing
    /// that was delivered before now is still to change what the actor serves. Read it on the thread that
    /// submits, so no call can be submitted between the check and what it decides.
    public var isIdle: Bool { unpassed.load(ordering: .sequentiallyConsistent) == 0 }

    /// A call is no longer to take effect (`Turn` tells, once per turn it was given or queued for).
    func turnPassed() {
        unpassed.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Runs the submitted calls in order on `actor`, until `finish()`. Call it once.
    ///
    /// Each call runs right here, in the serving task, with no task of its own: a call that never passes its
    /// turn costs nothing more than calling it. A call that passes its turn while it still has work to do
    /// hands serving on to a new task on the same actor, and this task ends with the call.
    public func serve(on actor: isolated any Actor) async {
        var iterator = entries.makeAsyncIterator()
        while let entry = await iterator.next(isolation: actor) {
            switch entry {
            case .call(let work):
                let turn = Turn(lane: self) {
                    // Detached: a task started inside the call would inherit its task-local values (its
                    // `Turn.current`, the bus call, the caller), and hand them to every call served after it.
                    Task.detached { await self.serve(on: actor) }
                }
                await Turn.$current.withValue(turn) { await work(actor) }
                if turn.finish() { return }
            case .rejoin(let turn, let continuation):
                let taken = turn.take()
                continuation.resume()
                if taken { await turn.held() }
            }
        }
    }

    /// Stops serving once the calls already submitted have had their turn.
    public func finish() { feed.finish() }

    func rejoin(_ turn: Turn, _ continuation: CheckedContinuation<Void, Never>) {
        unpassed.add(1, ordering: .sequentiallyConsistent)
        // A finished lane gives no more turns: the call goes on without one.
        if case .terminated = feed.yield(.rejoin(turn, continuation)) {
            turn.tookEffect()
            continuation.resume()
        }
    }
}
