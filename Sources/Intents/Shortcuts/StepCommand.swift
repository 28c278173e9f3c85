import Body

/// Reads one step line — the same words the `retrocam` client takes — into what it does.
///
/// The table below is the whole step vocabulary; a word not in it is refused with the list of
/// those that are. Nothing here runs a program: a step can only reach the camera's intents.
enum StepCommand {
    /// One step word: how many operands it takes and how they become an action.
    struct Row: Sendable {
        let name: String
        let usage: String
        let arity: ClosedRange<Int>
        let read: @Sendable ([String]) throws(StepProblem) -> StepAction
    }

    /// Every step word, in the order errors list them.
    static let rows: [Row] = [
        Row(name: "photo", usage: "photo", arity: 0...0) { _ in .perform(intent: .takePhoto, params: [:]) },
        Row(name: "clip", usage: "clip start|pause|toggle|LENGTH", arity: 1...1) { operands throws(StepProblem) in
            let intents: [String: IntentName] = ["start": .startClip, "pause": .pauseClip, "toggle": .toggleRecord]
            if let intent = intents[operands[0].lowercased()] { return .perform(intent: intent, params: [:]) }
            guard let length = ShortcutParser.waitDuration(operands[0]) else {
                throw StepProblem("clip takes start, pause, toggle or a length such as 10s or 1m, not '\(Spoken.shortened(operands[0]))'.")
            }
            return .clip(length)
        },
        Row(name: "record", usage: "record", arity: 0...0) { _ in .perform(intent: .toggleRecord, params: [:]) },
        Row(name: "set", usage: "set CONTROL VALUE", arity: 2...64) { operands throws(StepProblem) in
            let control = operands[0].lowercased()
            guard let intent = IntentName.settable.first(where: { $0.control == control })?.intent else {
                throw StepProblem("set takes one of \(IntentName.settable.map(\.control).joined(separator: ", ")), not '\(Spoken.shortened(control))'.")
            }
            return .perform(intent: intent, params: [IntentParameter.value: .string(operands.dropFirst().joined(separator: " "))])
        },
        Row(name: "light", usage: "light [toggle|on|off]", arity: 0...1) { operands throws(StepProblem) in
            let word = operands.first?.lowercased() ?? "toggle"
            if word == "toggle" { return .perform(intent: .toggleLight, params: [:]) }
            return .perform(intent: .setLight, params: [IntentParameter.value: .string(word)])
        },
        Row(name: "flip", usage: "flip", arity: 0...0) { _ in .perform(intent: .flipCamera, params: [:]) },
        Row(name: "undo", usage: "undo", arity: 0...0) { _ in .perform(intent: .undo, params: [:]) },
        Row(name: "last-take", usage: "last-take", arity: 0...0) { _ in .perform(intent: .lastTake, params: [:]) },
        Row(name: "shutter", usage: "shutter press|release|click", arity: 1...1) { operands throws(StepProblem) in
            let word = operands[0].lowercased()
            if word == "click" { return .shutter([.press, .release]) }
            guard let phase = ShutterPhase(rawValue: word) else {
                throw StepProblem("shutter takes press, release or click, not '\(Spoken.shortened(operands[0]))'.")
            }
            return .shutter([phase])
        },
        Row(name: "activate", usage: "activate CONTROL", arity: 1...1) { operands throws(StepProblem) in
            .activate(try control(operands[0]))
        },
        Row(name: "adjust", usage: "adjust CONTROL STEPS", arity: 2...2) { operands throws(StepProblem) in
            let id = try control(operands[0])
            guard let steps = Int(operands[1].hasPrefix("+") ? String(operands[1].dropFirst()) : operands[1]),
                  (-100...100).contains(steps) else {
                throw StepProblem("adjust takes a whole number of steps from -100 to +100, not '\(Spoken.shortened(operands[1]))'.")
            }
            return .adjust(id, steps: steps)
        },
        Row(name: "perform", usage: "perform INTENT [NAME=VALUE...]", arity: 1...3) { operands throws(StepProblem) in
            let intent: IntentName
            do throws(IntentError) { intent = try IntentName.named(operands[0]) } catch { throw StepProblem(error.message) }
            let names = intent.parameterNames
            var params: [String: ParameterValue] = [:]
            for operand in operands.dropFirst() {
                let parts = operand.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, names.contains(parts[0]), params[parts[0]] == nil else {
                    throw StepProblem(names.isEmpty
                        ? "perform \(intent.rawValue) takes no parameters."
                        : "perform \(intent.rawValue) takes \(names.map { "\($0)=VALUE" }.joined(separator: " ")), not '\(Spoken.shortened(operand))'.")
                }
                params[parts[0]] = .string(parts[1])
            }
            return .perform(intent: intent, params: params)
        },
    ]

    /// The action of one step line's words (`wait`, `repeat` and `end` are the parser's).
    static func action(_ words: [String]) throws(StepProblem) -> StepAction {
        let name = words[0].lowercased()
        guard let row = rows.first(where: { $0.name == name }) else {
            let known = (rows.map(\.name) + ["wait", "repeat", "end"]).joined(separator: ", ")
            throw StepProblem("'\(Spoken.shortened(words[0]))' is not a step. Steps: \(known).")
        }
        let operands = Array(words.dropFirst())
        guard row.arity.contains(operands.count) else { throw StepProblem("Usage: \(row.usage)") }
        return try row.read(operands)
    }

    /// A control id of the body, or the list of ids.
    static func control(_ id: String) throws(StepProblem) -> String {
        if let control = ControlID(rawValue: id.lowercased()) { return control.rawValue }
        throw StepProblem("No control called '\(Spoken.shortened(id))'. Controls: \(ControlID.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
}

/// A problem with one line; the parser adds the file and line number.
struct StepProblem: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
