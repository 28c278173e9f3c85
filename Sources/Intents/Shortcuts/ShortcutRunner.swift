import Body

/// What a run has done so far, reported after each step (the bus turns it into ShortcutProgress).
public struct ShortcutProgress: Sendable, Equatable {
    /// The shortcut's name.
    public let name: String
    /// The step just done, from 1 (repeats expanded).
    public let step: Int
    /// How many steps the run performs.
    public let steps: Int
    /// What the step said ("Decade set to the 1940s: Film noir.", "Waiting 2 seconds.").
    public let dialog: String
}

/// One step's result, in the order they ran.
public struct StepOutcome: Sendable, Equatable {
    /// The step's line in the file.
    public let line: Int
    /// The step as written.
    public let text: String
    /// What it said.
    public let dialog: String
    /// The take it saved, if any.
    public let path: String?
}

/// A finished run: every step's outcome and the takes saved.
public struct ShortcutRunResult: Sendable, Equatable {
    /// The shortcut's name.
    public let name: String
    /// Each step's result, in order.
    public let outcomes: [StepOutcome]

    /// The takes the run saved, in order.
    public var paths: [String] { outcomes.compactMap(\.path) }

    /// One sentence for the whole run: "Ran noir-portrait: 4 steps, 1 take saved."
    public var dialog: String {
        let takes = paths.count
        let saved = takes == 0 ? "nothing saved" : takes == 1 ? "1 take saved" : "\(takes) takes saved"
        return "Ran \(name): \(outcomes.count) step\(outcomes.count == 1 ? "" : "s"), \(saved)."
    }
}

/// Why a run stopped early: a step failed, or it was cancelled. Steps done before stay done.
public struct ShortcutRunError: Error, Sendable, Equatable {
    /// The step that failed or was running when cancelled; nil when cancelled between steps.
    public let line: Int?
    /// The failing step as written.
    public let text: String?
    /// The intent error of a failed step; nil when cancelled.
    public let cause: IntentError?
    /// The outcomes of the steps that finished.
    public let completed: [StepOutcome]
    /// The shortcut's name.
    public let name: String

    /// True when the run was cancelled rather than failed.
    public var isCancelled: Bool { cause == nil }

    /// The sentence for a caller: "noir-portrait stopped at line 3 (set style x): …".
    public var message: String {
        guard let cause else { return "The shortcut \(name) was cancelled after \(completed.count) step\(completed.count == 1 ? "" : "s")." }
        return "The shortcut \(name) stopped at line \(line ?? 0) (\(text ?? "")): \(cause.message)"
    }

    /// The error as an intent error of the same kind (cancelled runs are NotAllowed).
    public var intentError: IntentError {
        switch cause {
        case .unsupported?: return .unsupported(message)
        case .ambiguous(_, let choices)?: return .ambiguous(message, choices: choices)
        case .needsValue?: return .needsValue(message)
        case .noCamera?: return .noCamera(message)
        case .storageFull?: return .storageFull(message)
        case .notFound?: return .notFound(message)
        case .invalidArguments?: return .invalidArguments(message)
        case .notAllowed?, nil: return .notAllowed(message)
        }
    }
}

/// Runs a shortcut's steps in order on the camera, waiting on an injected clock. Cancel the task
/// that runs it to stop it: the current wait ends at once and no further step starts.
public struct ShortcutRunner: Sendable {
    /// The camera the steps drive.
    public let controller: CameraController
    private let deadlines: Deadlines

    /// A runner over `controller`; `clock` times the waits and self-timer countdowns.
    public init(controller: CameraController, clock: any Clock<Duration> = ContinuousClock()) {
        self.controller = controller
        self.deadlines = Deadlines(clock)
    }

    /// Runs every step, holding the camera open meanwhile; `progress` hears after each one. Throws at the
    /// first failing step or on cancellation.
    public func run(_ shortcut: Shortcut,
                    progress: @Sendable (ShortcutProgress) async -> Void = { _ in }) async throws(ShortcutRunError) -> ShortcutRunResult {
        let outcome: Result<ShortcutRunResult, ShortcutRunError> = await TakeOrigin.$current.withValue(
            TakeOrigin(shortcut: shortcut.name, automation: TakeOrigin.current.automation)) {
            do throws(ShortcutRunError) { return .success(try await runSteps(of: shortcut, progress: progress)) } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Runs one step (the action button's, an automation's), holding the camera meanwhile; answers what it said
    /// and the take it saved. A failure is the step's own error, not a shortcut's.
    public func run(step: ShortcutStep) async throws(IntentError) -> ActionResult {
        let run: ShortcutRunResult
        do {
            run = try await runSteps(of: Shortcut(name: "step", description: "", steps: [step], source: "step"), progress: { _ in })
        } catch {
            throw error.cause ?? .notAllowed(error.message)
        }
        return ActionResult(dialog: run.outcomes.first?.dialog ?? "", paths: run.paths)
    }

    /// `run`, with the shortcut as the origin of its takes (each step says its own intent).
    private func runSteps(of shortcut: Shortcut,
                          progress: @Sendable (ShortcutProgress) async -> Void) async throws(ShortcutRunError) -> ShortcutRunResult {
        var state = RunState(name: shortcut.name, total: shortcut.expandedStepCount)
        // The camera stays open for the whole run, so its takes and waits between them are instant.
        let hold = await controller.holdCamera(for: "the shortcut \(shortcut.name)")
        defer { hold.release() }
        try await run(shortcut.steps, state: &state, progress: progress)
        return ShortcutRunResult(name: shortcut.name, outcomes: state.outcomes)
    }

    /// The counters of one run.
    struct RunState {
        let name: String
        let total: Int
        var outcomes: [StepOutcome] = []

        func failure(_ step: ShortcutStep?, _ cause: IntentError?) -> ShortcutRunError {
            ShortcutRunError(line: step?.line, text: step?.text, cause: cause, completed: outcomes, name: name)
        }
    }

    private func run(_ steps: [ShortcutStep], state: inout RunState,
                     progress: @Sendable (ShortcutProgress) async -> Void) async throws(ShortcutRunError) {
        for step in steps {
            if case .repeatBlock(let count, let inner) = step.action {
                for _ in 0..<count { try await run(inner, state: &state, progress: progress) }
                continue
            }
            guard !Task.isCancelled else { throw state.failure(nil, nil) }
            let outcome: StepOutcome
            do {
                outcome = try await perform(step)
            } catch let error as IntentError {
                throw state.failure(step, error)
            } catch {
                throw state.failure(step, nil)
            }
            state.outcomes.append(outcome)
            await progress(ShortcutProgress(name: state.name, step: state.outcomes.count, steps: state.total, dialog: outcome.dialog))
        }
    }

    /// Performs one step; a wait that is cancelled throws `CancellationError`.
    private func perform(_ step: ShortcutStep) async throws -> StepOutcome {
        let result: IntentResult
        switch step.action {
        case .perform(let intent, let params):
            result = try await controller.perform(intent, params)
        case .shutter(let phases):
            var answers: [IntentResult] = []
            for phase in phases { answers.append(try await controller.shutter(phase)) }
            // A click says what its release did, or what its press did when the release said nothing.
            result = answers.last { !$0.dialog.isEmpty } ?? answers.first ?? IntentResult(dialog: "")
        case .activate(let id):
            result = try await controller.activation(id)
        case .adjust(let id, let steps):
            result = IntentResult(dialog: try await controller.adjust(id, steps: steps))
        case .wait(let duration):
            try await deadlines.sleeper(after: duration)()
            return StepOutcome(line: step.line, text: step.text, dialog: "Waited \(Self.describe(duration)).", path: nil)
        case .clip(let length):
            result = try await recordClip(for: length)
        case .repeatBlock:
            preconditionFailure("repeat blocks are expanded by run(_:state:progress:)")
        }
        var path = result.path
        if let countdown = result.countdown {
            path = try await waitForCountdown(countdown) ?? path
        }
        return StepOutcome(line: step.line, text: step.text, dialog: result.dialog, path: Self.isNewTake(step, result) ? path : nil)
    }

    /// `clip 10s`: starts a clip, waits, pauses it. A cancelled wait still pauses (and saves) the clip, so a
    /// run never leaves the camera recording. With the self-timer set, the length runs from the countdown's start.
    private func recordClip(for length: Duration) async throws -> IntentResult {
        let started = try await controller.perform(.startClip)
        if let countdown = started.countdown { _ = try await waitForCountdown(countdown) }
        do {
            try await deadlines.sleeper(after: length)()
        } catch {
            _ = try? await controller.perform(.pauseClip)
            throw error
        }
        return try await controller.perform(.pauseClip)
    }

    /// Waits out a self-timer the step started, so the next step does not cancel it; answers the photo
    /// it saved (the controller says so once the file is there), throws what kept it from acting.
    private func waitForCountdown(_ countdown: CountdownID) async throws -> String? {
        switch await controller.outcome(of: countdown) {
        case .photoSaved(let path)?: return path
        case .clipStarted?, .cancelled?: return nil
        case .failed(let error)?: throw error
        case nil: throw CancellationError()
        }
    }

    /// LastTake and Undo answer an existing take's path; only the others save one.
    static func isNewTake(_ step: ShortcutStep, _ result: IntentResult) -> Bool {
        if case .perform(let intent, _) = step.action, intent == .lastTake || intent == .undo { return false }
        return true
    }

    /// "2 seconds", "500 ms".
    static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return milliseconds == 1000 ? "1 second" : "\(milliseconds / 1000) seconds" }
        return "\(milliseconds) ms"
    }
}
