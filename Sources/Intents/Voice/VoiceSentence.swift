/// One sentence template of the catalog and the intent it says: `VoiceSentence(.setZoom, "zoom out", value: "1")`.
struct VoiceSentence: Sendable {
    /// The intent the sentence says.
    let intent: IntentName
    /// The template as written, in hassil syntax (also what ListIntents shows).
    let template: String
    /// The slot's value when the sentence fixes it ("zoom out" means 1x); nil when the sentence has a slot
    /// or the intent takes no value.
    let value: String?
    /// The parsed template.
    let expression: TemplateExpression

    /// Parses the template once; a malformed one is a programmer's mistake.
    init(_ intent: IntentName, _ template: String, value: String? = nil) {
        self.intent = intent
        self.template = template
        self.value = value
        self.expression = TemplateExpression.parse(template)
        precondition(expression.slots.count <= 1, "voice template '\(template)' has more than one slot")
        precondition(expression.slots.allSatisfy { $0 == intent.setting },
                     "voice template '\(template)' has a slot that \(intent.rawValue) does not take")
        precondition(intent.setting == nil || value != nil || !expression.slots.isEmpty,
                     "voice template '\(template)' of \(intent.rawValue) needs a slot or a fixed value")
    }
}

/// The expansion rules shared by the templates (hassil's `expansion_rules`), written as templates too.
enum VoiceRules {
    /// `<name>` → its template.
    static let templates: [(name: String, template: String)] = [
        ("set", "(set | change | turn | put | switch)"),
        ("go", "(go | go back | travel | take me | take me back | jump | switch | change | move)"),
        ("take", "(take | snap | shoot | grab | capture | make)"),
        ("picture", "(picture | photo | photograph | snapshot | shot | pic | selfie)"),
        ("take-word", "(take | photo | clip | picture | video | shot | recording)"),
        ("light", "(light | flash | lamp)"),
        ("timer", "[self] timer"),
        ("sound", "(audio | sound)"),
    ]

    /// The parsed rules by name.
    static let expressions: [String: TemplateExpression] = Dictionary(
        uniqueKeysWithValues: templates.map { ($0.name, TemplateExpression.parse($0.template)) })
}
