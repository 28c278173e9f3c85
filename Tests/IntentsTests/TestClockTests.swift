import Testing

/// The test clock itself: the ticker of `whileAdvancing` and the tasks asleep on the clock may be
/// cancelled at any moment, from any thread.
@Suite struct TestClockTests {
    /// Waiters for a sleeper cancelled just as a task falls asleep and wakes them, round after round.
    /// A continuation resumed while the clock held its lock deadlocked against such a cancel (the
    /// runtime holds the task's lock while its cancellation handler waits for the clock's), and the
    /// whole run hung; now every round ends.
    @Test func cancellingWaitersAsASleeperArrivesNeverDeadlocks() async {
        for _ in 0..<300 {
            let clock = TestClock()
            let waiters = (0..<64).map { _ in Task { await clock.sleeperArrives() } }
            while clock.watcherCount < waiters.count { await Task.yield() }
            // The deadline is read before the task runs: read in it, after the advance below, it would never come.
            let deadline = clock.now.advanced(by: .seconds(1))
            let sleeper = Task { try? await clock.sleep(until: deadline, tolerance: nil) }
            for waiter in waiters { waiter.cancel() }
            for waiter in waiters { await waiter.value }
            clock.advance(by: .seconds(1))
            await sleeper.value
        }
    }
}
