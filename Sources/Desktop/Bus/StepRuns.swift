import Automation
import Body
import Intents

/// Runs one step by its text — `photo`, `clip 10s`, `set decade 1970s`, `shortcut NAME` — as the action
/// button's assignment is written: for `Shortcuts1.RunStep` (what a timer automation's `retrocam step`
/// calls) and for event automations. A shortcut goes through the runs, so it is tracked and cancellable.
struct StepRuns: Sendable {
    let runs: ShortcutRuns
    let controller: CameraController
    let progress: @Sendable (ShortcutProgress) async -> Void

    /// Runs `text`; answers what it said and the takes it saved.
    func run(_ text: String) async throws(IntentError) -> ActionResult {
        guard text.utf8.count <= TimerAutomation.maximumStepLength else {
            throw .invalidArguments("A step is at most \(TimerAutomation.maximumStepLength) bytes; this one has \(text.utf8.count).")
        }
        let assignment: ActionAssignment
        do { assignment = try ActionAssignment(parsing: text, source: "step") } catch { throw error.intentError }
        switch assignment {
        case .shutter:
            throw .invalidArguments("The shutter alone is a press and a release; a step is 'shutter click' or 'photo'.")
        case .shortcut(let name):
            let run = try await runs.run(name, progress: progress)
            return ActionResult(dialog: run.dialog, paths: run.paths)
        case .step(let step):
            return try await ShortcutRunner(controller: controller).run(step: step)
        }
    }

    /// Runs an event automation's step as the automation (its takes are shown as being for it, and start
    /// no automation themselves); answers its dialog, or the error's sentence.
    func run(_ automation: EventAutomation) async -> String {
        let outcome: Result<ActionResult, IntentError> = await Requester.$current.withValue(.trigger("the automation \(automation.name)")) {
            do throws(IntentError) {
                return .success(try await TakeOrigin.with({ $0 = TakeOrigin(automation: automation.name) }) { () async throws(IntentError) in
                    try await run(automation.step)
                })
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let result): return ([result.dialog] + result.paths).filter { !$0.isEmpty }.joined(separator: " ")
        case .failure(let error): return "failed: \(error.message)"
        }
    }
}
