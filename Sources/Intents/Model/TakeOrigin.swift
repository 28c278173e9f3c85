import Body

/// What asked for the work running now, as far as the camera knows it: the intent or gesture a caller
/// used, the shortcut whose step it is, the automation that ran it. A task-local value, set where the
/// work starts and read by the event observers (the hooks' `RETROCAM_INTENT` and `RETROCAM_SHORTCUT`),
/// so a take's events say what made it without every call passing it along. A self-timer's countdown
/// runs in a task made inside the work, which inherits it.
public struct TakeOrigin: Sendable, Equatable {
    /// The intent (`TakePhoto`, `ToggleRecord`) or body gesture (`Shutter`, `Activate`) asked for first.
    public var intent: String?
    /// The shortcut whose step made it.
    public var shortcut: String?
    /// The automation that ran it (an event automation, or a timer's `retrocam step`).
    public var automation: String?

    /// An origin; every part is optional.
    public init(intent: String? = nil, shortcut: String? = nil, automation: String? = nil) {
        self.intent = intent
        self.shortcut = shortcut
        self.automation = automation
    }

    /// The origin of the work running now.
    @TaskLocal public static var current = TakeOrigin()

    /// Runs `work` with `change` applied to the current origin.
    public static func with<T: Sendable>(_ change: (inout TakeOrigin) -> Void,
                                         isolation: isolated (any Actor)? = #isolation,
                                         _ work: () async throws(IntentError) -> T) async throws(IntentError) -> T {
        var origin = current
        change(&origin)
        let outcome: Result<T, IntentError> = await $current.withValue(origin, operation: {
            do throws(IntentError) { return .success(try await work()) } catch { return .failure(error) }
        }, isolation: isolation)
        return try outcome.get()
    }

    /// Runs `work` with `intent` as what was asked, unless an outer call already said (a shortcut's
    /// ToggleRecord stays ToggleRecord inside, the shutter's inner TakePhoto stays Shutter).
    static func asking<T: Sendable>(_ intent: String, isolation: isolated (any Actor)? = #isolation,
                                    _ work: () async throws(IntentError) -> T) async throws(IntentError) -> T {
        if current.intent != nil { return try await work() }
        return try await with({ $0.intent = intent }, isolation: isolation, work)
    }
}
