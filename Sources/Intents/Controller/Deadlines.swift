/// Sleeps on the injected clock until deadlines fixed when they are made.
///
/// The deadline is read from the clock at once, inside the actor, not when the sleeping task first
/// runs: a countdown started at t lasts until t + delay however late its task is scheduled, which also
/// makes a test clock advanced right after the call behave exactly.
struct Deadlines: Sendable {
    /// Makes a sleeper for a delay from now.
    private let make: @Sendable (Duration) -> @Sendable () async throws -> Void

    /// Wraps a clock measured in `Duration` (ContinuousClock, SuspendingClock or a test clock).
    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        make = { delay in
            let deadline = clock.now.advanced(by: delay)
            return { try await clock.sleep(until: deadline, tolerance: nil) }
        }
    }

    /// A function that sleeps until `delay` after now (now being this call); it throws when cancelled.
    func sleeper(after delay: Duration) -> @Sendable () async throws -> Void {
        make(delay)
    }
}
