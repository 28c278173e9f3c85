/// The order calls take effect in, as a single-threaded sd-bus service has it.
///
/// Calls are submitted in the order they arrive (the bus's order) and run one at a time on the lane's
/// actor (the camera's, so their steps there need no hop); the next starts only once the one before has
/// taken effect (`Turn.pass()`) or finished. What a call does after it passed its turn overlaps the calls
/// behind it: "taking effect" in order is not "finishing" in order.
///
/// `submit` never blocks, so the bus's dispatch thread hands calls over and goes back to reading.
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

    /// An empty lane; nothing runs until `serve(on:)`.
    public init() {
        (entries, feed) = AsyncStream.makeStream(of: Entry.self)
    }

    /// Queues `work` behind every call submitted before it. Never blocks; from any thread.
    public func submit(_ work: @escaping Work) {
        feed.yield(.call(work))
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
        // A finished lane gives no more turns: the call goes on without one.
        if case .terminated = feed.yield(.rejoin(turn, continuation)) { continuation.resume() }
    }
}
