/// One sentence template of the grammar and the intent it says:
/// `VoiceSentence(.setZoom, "zoom all the way in", value: "4.0")`,
/// `VoiceSentence(.adjustControl, "zoom in", values: ["control": "zoom", "steps": "+1"])`.
struct VoiceSentence: Sendable {
    /// The intent the sentence says.
    let intent: IntentName
    /// The template as written, in hassil syntax (also what ListIntents shows).
    let template: String
    /// The parameters the sentence fixes, by name ("zoom out all the way" fixes `value` 1.0; "zoom in" fixes
    /// AdjustControl's `control` and `steps`); a parameter said in a slot is not here.
    let values: [String: String]
    /// The parsed template.
    let expression: TemplateExpression
    /// True when the sentence is a complaint about the picture that a step fixes ("it's way too dark"): beside a
    /// command of another control it is that command's reason, not a command of its own.
    var isComplaint = false
    /// True for a sentence few say (a learner's word order): an export with a budget of lines per intent (OVOS) writes
    /// it only after the others, as it does the sentences composed from the control table.
    var isRare = false

    /// This sentence, marked as one few say (`isRare`).
    var rare: VoiceSentence {
        var sentence = self
        sentence.isRare = true
        return sentence
    }

    /// The fixed `value` of a Set* sentence, if it fixes one.
    var value: String? { values[IntentParameter.value] }

    /// Parses the template once; a malformed one is a programmer's mistake.
    init(_ intent: IntentName, _ template: String, value: String? = nil, values: [String: String] = [:]) {
        self.intent = intent
        self.template = template
        var fixed = values
        if let value { fixed[IntentParameter.value] = value }
        self.values = fixed
        self.expression = TemplateExpression.parse(template)
        let slots = expression.slots
        precondition(slots.count <= 1, "voice template '\(template)' has more than one slot")
        precondition(slots.allSatisfy { $0 == intent.setting },
                     "voice template '\(template)' has a slot that \(intent.rawValue) does not take")
        let said = Set(fixed.keys).union(slots.isEmpty ? [] : [IntentParameter.value])
        precondition(said == Set(intent.parameterNames),
                     "voice template '\(template)' of \(intent.rawValue) must say \(intent.parameterNames), not \(said.sorted())")
    }

    /// True when the template can be said as its slot alone ("{decade}", "[the] {style}"): such a sentence
    /// takes only values that cannot be mistaken for other words (`SlotRecognizer.acceptsBare`).
    var isBare: Bool { expression.slots.count == 1 && expression.canBeJustSlot }
}

extension TemplateExpression {
    /// True when every word around the slot is optional.
    var canBeJustSlot: Bool {
        switch self {
        case .slot: return true
        case .word, .wildcard, .rule: return false
        case .sequence(let parts):
            return parts.allSatisfy { $0.isOptional || !$0.slots.isEmpty } && parts.contains { $0.canBeJustSlot }
        case .alternative(let options, _): return options.contains { $0.canBeJustSlot }
        }
    }

    /// True when it may be left out altogether.
    var isOptional: Bool {
        if case .alternative(_, true) = self { return true }
        return false
    }
}
