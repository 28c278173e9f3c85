import Body

/// A shortcut file, parsed and validated: a name and the steps it runs in order.
///
/// The format (`*.retrocam`, UTF-8 text, one step a line) is documented in `shortcuts/README.md`:
/// each step is a command line of the `retrocam` client (`set decade 1940s`, `photo`), plus
/// `wait 2s`, `repeat N` … `end`, and `#` comments. The first comment is the description.
public struct Shortcut: Sendable, Equatable {
    /// The name it is run by: the file name without `.retrocam`.
    public let name: String
    /// The first comment line of the file, or an empty string.
    public let description: String
    /// The top-level steps (a `repeat` holds its own).
    public let steps: [ShortcutStep]
    /// Where it was read from, for error messages ("<inline>" when parsed from a string).
    public let source: String

    /// Makes a shortcut; the parser is the usual way to get one.
    public init(name: String, description: String, steps: [ShortcutStep], source: String) {
        self.name = name
        self.description = description
        self.steps = steps
        self.source = source
    }

    /// How many steps a run performs, repeats expanded (waits included): the `steps` of progress.
    public var expandedStepCount: Int { ShortcutStep.expandedCount(of: steps) }

    /// The total waiting time of a run, repeats expanded.
    public var totalWait: Duration { ShortcutStep.totalWait(of: steps) }
}

/// One line of a shortcut file that does something.
public struct ShortcutStep: Sendable, Equatable {
    /// The line number in the file, from 1.
    public let line: Int
    /// The line as written, trimmed (what progress reports say).
    public let text: String
    /// What the line does.
    public let action: StepAction

    /// Makes a step.
    public init(line: Int, text: String, action: StepAction) {
        self.line = line
        self.text = text
        self.action = action
    }

    static func expandedCount(of steps: [ShortcutStep]) -> Int {
        steps.reduce(0) { total, step in
            if case .repeatBlock(let count, let inner) = step.action {
                return total + count * expandedCount(of: inner)
            }
            return total + 1
        }
    }

    static func totalWait(of steps: [ShortcutStep]) -> Duration {
        steps.reduce(Duration.zero) { total, step in
            switch step.action {
            case .wait(let duration), .clip(let duration): return total + duration
            case .repeatBlock(let count, let inner): return total + totalWait(of: inner) * count
            default: return total
            }
        }
    }
}

/// What one step does: an intent, a gesture on the body, a wait, or a repeated block.
public indirect enum StepAction: Sendable, Equatable {
    /// Performs an intent with its parameters (`photo`, `set decade 1940s`, `perform Undo`).
    case perform(intent: IntentName, params: [String: ParameterValue])
    /// The hardware shutter, its phases in order (`shutter click` is a press, then a release).
    case shutter([ShutterPhase])
    /// The double tap of a button or switch (`activate timer`).
    case activate(String)
    /// The swipe of a dial (`adjust exposure +1`).
    case adjust(String, steps: Int)
    /// Waits (`wait 2s`).
    case wait(Duration)
    /// Records a clip of this length (`clip 10s`): starts it, waits, and pauses it, also when the run is cancelled.
    case clip(Duration)
    /// Runs the inner steps `count` times (`repeat 5` … `end`).
    case repeatBlock(count: Int, steps: [ShortcutStep])
}
