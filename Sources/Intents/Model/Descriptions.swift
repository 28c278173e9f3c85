/// One parameter of an intent, as ListIntents reports it.
public struct ParameterDescription: Sendable, Equatable {
    /// The parameter's name (always `value` for the Set* intents).
    public let name: String
    /// Its D-Bus type signature; parameters are strings (`s`), resolved loosely.
    public let type: String
    /// Canonical values a caller may send (others are resolved too: "seventies", "2x").
    public let choices: [String]

    /// Makes a parameter description.
    public init(name: String, type: String = "s", choices: [String]) {
        self.name = name
        self.type = type
        self.choices = choices
    }
}

/// One intent of the catalog: its name, what it does, its parameters and the phrases that say it.
public struct IntentDescription: Sendable, Equatable {
    /// The intent's name, also the D-Bus method name ("SetDecade").
    public let name: String
    /// One sentence on what it does.
    public let summary: String
    /// Its parameters (none, or `value`).
    public let parameters: [ParameterDescription]
    /// Phrase templates the voice matcher understands: `(a|b)` alternatives, `?` optional, `{value}` the slot.
    public let phrases: [String]
}

/// What the voice matcher understood in an utterance, and the result when it was performed.
public struct Interpretation: Sendable, Equatable {
    /// The intent's name ("SetDecade").
    public let intent: String
    /// The resolved slots (`value`), typed as the intent's result value.
    public let slots: [String: ParameterValue]
    /// How sure the matcher is, 0…1 (1.0 for a full template match).
    public let confidence: Double
    /// The result, when asked to perform; nil otherwise.
    public let result: IntentResult?
}
