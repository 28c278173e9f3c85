import Foundation

/// Waiting on a condition, bounded. A test waits on an event where one exists (a signal handler, a
/// continuation, a process's exit); this is for states that nothing announces to the test: a file
/// another process writes, a property of a daemon in another process, a process that is gone.
public enum Wait {
    /// Checks `condition` until it holds or `seconds` have passed, blocking the calling thread (for
    /// synchronous tests and helpers; an async test awaits `until`); answers whether it held. A check
    /// that throws counts as not yet.
    @discardableResult
    public static func blockingUntil(_ seconds: Double, _ condition: () throws -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let checked = Date()
            if (try? condition()) == true { return true }
            if Date() >= deadline { return false }
            // Polling: nothing announces these states to the test.
            Thread.sleep(forTimeInterval: pause(afterCheckTaking: Date().timeIntervalSince(checked)))
        }
    }

    /// Checks `condition` until it holds or `seconds` have passed, suspending between checks (never
    /// blocking a thread of the cooperative pool); answers whether it held. A check that throws counts
    /// as not yet.
    @discardableResult
    public static func until(_ seconds: Double, _ condition: () async throws -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let checked = Date()
            if (try? await condition()) == true { return true }
            if Date() >= deadline { return false }
            // Polling, as in `blockingUntil`: nothing announces these states to the test.
            try? await Task.sleep(for: .seconds(pause(afterCheckTaking: Date().timeIntervalSince(checked))))
        }
    }

    /// The pause before the next check: 20 ms (a wait at most one step late), or twice what the check
    /// took when that is more — a costly check (a `busctl` call, a `gst-discoverer` run) then takes at
    /// most a third of a core, and does not starve the daemon whose work it waits for on a two-core machine —
    /// but never more than a second: a check that stalled until it was killed says nothing of the next.
    static func pause(afterCheckTaking cost: TimeInterval) -> TimeInterval {
        min(max(0.02, 2 * cost), 1)
    }
}
