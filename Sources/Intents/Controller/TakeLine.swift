import Synchronization

/// The device's work for takes — a photo, a clip's start or end, UNDO's move to the Trash — one at a time,
/// in the order the calls asked for it. A call joins the line while it still holds its turn (so the line's
/// order is the calls' order), passes the turn, then waits for its place: a photo asked for right behind a
/// PauseClip is taken once the clip is saved, instead of being refused as busy.
struct TakeLine {
    /// The place of the last take to join; the next waits for it.
    private var last: Place?

    /// A place behind every take that joined before.
    mutating func join() -> Place {
        let place = Place(after: last)
        last = place
        return place
    }

    /// One take's place in the line: `ready()` waits for the take before it, `leave()` lets the next go.
    final class Place: Sendable {
        private let before: Place?
        private let state = Mutex<(left: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        init(after before: Place?) { self.before = before }

        /// Returns once every take that joined before has left the line.
        func ready() async { await before?.gone() }

        /// This take is done with the device (saved or failed); calling it again does nothing.
        func leave() {
            let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.left = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }

        /// Returns once this take has left the line (and so has every take before it).
        private func gone() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let left = state.withLock { state -> Bool in
                    if !state.left { state.waiting.append(continuation) }
                    return state.left
                }
                if left { continuation.resume() }
            }
        }
    }
}
