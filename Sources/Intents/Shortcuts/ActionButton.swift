import Body

/// What the action button does: the shutter, one step (`set decade 1970s`, `photo`), or a shortcut.
public enum ActionAssignment: Sendable, Equatable, CustomStringConvertible {
    /// The hardware shutter: CINE press toggles, STILL shoots on release.
    case shutter
    /// One step line, run on press.
    case step(ShortcutStep)
    /// A shortcut by name, run on press.
    case shortcut(String)

    /// The factory setting: the shutter.
    public static let standard = ActionAssignment.shutter

    /// Reads an assignment as written in the config or given to SetAction: `shutter`,
    /// `shortcut NAME`, or any one step line. `source` names where it came from in errors.
    public init(parsing text: String, source: String = "action") throws(ShortcutError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let words: [String]
        do { words = try ShortcutParser.tokenize(trimmed) } catch { throw ShortcutError(.invalid, file: source, error.reason) }
        switch words[0].lowercased() {
        case "shutter" where words.count == 1:
            self = .shutter
        case "shortcut":
            guard words.count == 2 else { throw ShortcutError(.invalid, file: source, "Usage: shortcut NAME") }
            try ShortcutLibrary(directories: []).validate(name: words[1])
            self = .shortcut(words[1])
        case "wait", "repeat", "end":
            throw ShortcutError(.invalid, file: source, "The action is one step, a shortcut or the shutter; '\(words[0])' belongs in a shortcut file.")
        default:
            let shortcut = try ShortcutParser.parse(text: trimmed, name: "action", file: source)
            self = .step(shortcut.steps[0])
        }
    }

    /// The assignment as it is written back (`shutter`, `shortcut noir-portrait`, `set decade 1970s`).
    public var description: String {
        switch self {
        case .shutter: return "shutter"
        case .step(let step): return step.text
        case .shortcut(let name): return "shortcut \(name)"
        }
    }
}

/// What a press or release of the action button did.
public struct ActionResult: Sendable, Equatable {
    /// The sentence to say; empty when the phase does nothing.
    public let dialog: String
    /// The takes saved.
    public let paths: [String]
    /// The self-timer countdown the press started, whose photo comes later.
    public let countdown: CountdownID?

    /// Makes a result.
    public init(dialog: String, paths: [String] = [], countdown: CountdownID? = nil) {
        self.dialog = dialog
        self.paths = paths
        self.countdown = countdown
    }

    /// What the shutter answered.
    init(shutter result: IntentResult) {
        self.init(dialog: result.dialog, paths: result.path.map { [$0] } ?? [], countdown: result.countdown)
    }
}

/// The action button: one assignable action with the shutter's press/release semantics when it
/// is the shutter; any other action runs on press, and its release does nothing.
public actor ActionButton {
    /// The current assignment.
    public private(set) var assignment: ActionAssignment
    private let controller: CameraController
    private let runShortcut: @Sendable (String) async throws(IntentError) -> ShortcutRunResult

    /// A button over `controller`; `runShortcut` runs a shortcut by name (the caller tracks runs).
    public init(controller: CameraController, assignment: ActionAssignment = .standard,
                runShortcut: @escaping @Sendable (String) async throws(IntentError) -> ShortcutRunResult) {
        self.controller = controller
        self.assignment = assignment
        self.runShortcut = runShortcut
    }

    /// Assigns a new action.
    public func assign(_ assignment: ActionAssignment) {
        self.assignment = assignment
    }

    /// The button went down.
    public func press() async throws(IntentError) -> ActionResult {
        switch assignment {
        case .shutter:
            return ActionResult(shutter: try await controller.shutter(.press))
        case .step(let step):
            return try await ShortcutRunner(controller: controller).run(step: step)
        case .shortcut(let name):
            let run = try await runShortcut(name)
            return ActionResult(dialog: run.dialog, paths: run.paths)
        }
    }

    /// The button came up: the shutter shoots here in STILL; other actions do nothing.
    public func release() async throws(IntentError) -> ActionResult {
        guard assignment == .shutter else { return ActionResult(dialog: "") }
        return ActionResult(shutter: try await controller.shutter(.release))
    }
}
