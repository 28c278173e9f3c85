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
    /// Sentence templates the voice matcher understands, in hassil syntax: `(a | b)` alternatives, `[the]` optional,
    /// `{decade}` the slot (read as that control's value), `<set>` an expansion rule.
    public let phrases: [String]
}

/// What the voice matcher understood in an utterance, and the result when it was performed.
///
/// Two commands joined by "and" ("go to the seventies and take a picture") give the first command here
/// and the ones after it, in order, in `andThen`.
public struct Interpretation: Sendable, Equatable {
    /// The intent's name ("SetDecade").
    public let intent: String
    /// The resolved slots (`value`), typed as the intent's result value.
    public let slots: [String: ParameterValue]
    /// Where each slot was said in the utterance ("value" → "the seventies" at 6..<19).
    public let spans: [String: TextSpan]
    /// How sure the matcher is, 0…1: 1.0 when no other intent says the words, less when a less specific
    /// phrase of another intent says them too.
    public let confidence: Double
    /// The result, when asked to perform; nil otherwise.
    public let result: IntentResult?
    /// When not performed: what it would do, asked as Resolve asks it ("Set the decade to the 1980s?").
    public let question: String?
    /// The commands said after this one, joined by "and" or "then", in the order they are performed.
    public let andThen: [Interpretation]

    /// Makes an interpretation.
    public init(intent: String, slots: [String: ParameterValue], spans: [String: TextSpan] = [:], confidence: Double,
                result: IntentResult?, question: String? = nil, andThen: [Interpretation] = []) {
        self.intent = intent
        self.slots = slots
        self.spans = spans
        self.confidence = confidence
        self.result = result
        self.question = question
        self.andThen = andThen
    }

    /// The sentence to say: the result's dialog when performed, else the question.
    public var dialog: String { result?.dialog ?? question ?? "" }

    /// The sentence for the whole utterance: the results' dialogs one after another, or, when nothing was
    /// performed, one question ("Set the decade to the 1980s, then switch to STILL and take a photo?").
    public var utteranceDialog: String {
        let parts = commands
        guard parts.allSatisfy({ $0.result == nil }) else { return parts.map(\.dialog).joined(separator: " ") }
        let questions = parts.compactMap(\.question).enumerated().map { index, question -> String in
            let bare = question.hasSuffix("?") ? String(question.dropLast()) : question
            return index == 0 ? bare : bare.prefix(1).lowercased() + bare.dropFirst()
        }
        return questions.joined(separator: ", then ") + "?"
    }

    /// This command and the ones after it, in order.
    public var commands: [Interpretation] {
        [Interpretation(intent: intent, slots: slots, spans: spans, confidence: confidence, result: result,
                        question: question)] + andThen
    }
}

/// The part of the utterance a slot was read from: its text as said and where it is.
public struct TextSpan: Sendable, Equatable {
    /// The text as the user wrote or said it ("the Seventies").
    public let text: String
    /// Offset of its first character, counted in Unicode scalars from the start of the utterance
    /// (the same index Python's `str` uses).
    public let start: Int
    /// Offset just past its last character, in Unicode scalars.
    public let end: Int

    /// Makes a span.
    public init(text: String, start: Int, end: Int) {
        self.text = text
        self.start = start
        self.end = end
    }
}
