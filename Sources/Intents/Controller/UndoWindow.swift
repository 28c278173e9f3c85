/// The UNDO window: after each take, 10 seconds (unless the daemon was told otherwise) in which UNDO
/// moves it to the Trash.
struct UndoWindow {
    /// The longest window the daemon accepts (`RETROCAM_UNDO_SECONDS`).
    static let longestSeconds = 3600

    /// How long UNDO stays available after a take.
    let seconds: Int

    /// A closed window that will stay open `seconds` (1 to `longestSeconds`) after each take.
    init(seconds: Int) {
        self.seconds = min(max(seconds, 1), Self.longestSeconds)
    }

    /// The take UNDO would trash; nil when the window is closed.
    private(set) var take: CapturedTake?
    /// The task that ticks the seconds down.
    private var ticker: Task<Void, Never>?
    /// Identifies the current window, so a stale tick cannot close a newer one.
    private(set) var generation = 0
    /// The take an UNDO is moving to the Trash now (a second UNDO meanwhile finds it gone).
    var trashing: String?
    /// The take UNDO moved to the Trash, until the next take: UNDO again answers that it is gone.
    var trashed: String?

    /// Opens a window for `take`; `makeTicker` receives the generation its ticks must present.
    mutating func open(for newTake: CapturedTake, makeTicker: (Int) -> Task<Void, Never>) {
        close()
        trashed = nil
        generation += 1
        take = newTake
        ticker = makeTicker(generation)
    }

    /// Closes the window at once (after UNDO, or when it ran out).
    mutating func close() {
        ticker?.cancel()
        ticker = nil
        take = nil
    }

    /// A tick of window `tickGeneration` with `secondsLeft`: true when it belongs to the open window.
    /// The last tick (0 left) closes it.
    mutating func tick(_ tickGeneration: Int, secondsLeft: Int) -> Bool {
        guard tickGeneration == generation, take != nil else { return false }
        if secondsLeft <= 0 {
            take = nil
            ticker = nil
        }
        return true
    }
}
