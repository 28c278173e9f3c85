/// The voice templates as a JSGF grammar for an offline speech recognizer (pocketsphinx), so the recognizer
/// can only hear sentences `Interpret` understands.
///
/// Nothing here is written by hand: every written sentence template of the catalog (not those composed from
/// the control table, see `IntentCatalog.writtenSentences`) becomes a rule, every expansion
/// rule (`<set>`) a rule, every slot a rule listing its spoken forms (`SlotVocabulary`), and the filler
/// `Utterance` skips ("please", "could you") and the words that join commands ("and then") frame them.
/// A word the recognizer cannot pronounce (no dictionary entry, no generated one) is left out with the
/// branches that need it; a slot's forms that sound the same ("7", "seven") are kept once.
public struct SpeechGrammar: Sendable {
    /// One rule: its name (without the angle brackets) and its body in JSGF syntax.
    public struct Rule: Sendable, Equatable {
        /// The rule's name, `[a-z0-9_]`.
        public let name: String
        /// The right-hand side in JSGF.
        public let body: String

        /// Makes a rule.
        public init(name: String, body: String) {
            self.name = name
            self.body = body
        }
    }

    /// The name of the rule that says one or more camera commands with their filler around them.
    public static let commandsRule = "commands"
    /// The name of the rule that says a yes or a no (`SpokenConfirmation`).
    public static let answerRule = "answer"

    /// Fewest phones a filler word needs to be in the grammar ("please" has 4, "um" 2).
    static let fillerPhones = 4

    /// The rules, every one private; `document` adds the public root.
    public let rules: [Rule]
    /// Every word the rules use.
    public let words: Set<String>
    /// Words of the templates that could not be said, so their branches are missing.
    public let unsayable: Set<String>

    /// Every word the templates, rules, slot forms, filler, joiners and yes/no answers could put in the
    /// grammar: what a pronouncing dictionary is asked about before the grammar is built.
    public static var vocabulary: Set<String> {
        var words: Set<String> = []
        func add(_ text: String) { words.formUnion(text.split(separator: " ").map(String.init)) }
        for sentence in IntentCatalog.writtenSentences { words.formUnion(sentence.expression.words) }
        for rule in VoiceRules.expressions.values { words.formUnion(rule.words) }
        for entries in SlotVocabulary.entries.values { entries.forEach { add($0.spoken) } }
        Utterance.fillerWords.forEach(add)
        Utterance.fillerPhrases.forEach { add($0.joined(separator: " ")) }
        VoiceMatcher.joiners.forEach(add)
        (SpokenConfirmation.yes + SpokenConfirmation.no).forEach(add)
        words.insert("camera")
        return words
    }

    /// Builds the grammar with the words `pronounce` can say; it answers a word's phones ("S EH V AH N"),
    /// or nil when it has none. At most `maximumCommands` commands are joined in one utterance.
    public init(pronounce: @escaping (String) -> String?, maximumCommands: Int = 2, filler: Bool = true) {
        var builder = Builder(pronounce: pronounce)
        var rules: [Rule] = []
        for kind in SettingKind.allCases {
            if let body = builder.slotBody(kind) { rules.append(Rule(name: Builder.slotName(kind), body: body)) }
        }
        for (name, _) in VoiceRules.templates {
            if let body = builder.ruleBody(name) { rules.append(Rule(name: Builder.ruleName(name), body: body)) }
        }
        var sentenceNames: [String] = []
        var counts: [IntentName: Int] = [:]
        for sentence in IntentCatalog.writtenSentences {
            guard let body = builder.jsgf(sentence.expression), !body.isEmpty else { continue }
            counts[sentence.intent, default: 0] += 1
            let name = "\(sentence.intent.rawValue.lowercased())_\(counts[sentence.intent]!)"
            rules.append(Rule(name: name, body: body))
            sentenceNames.append("<\(name)>")
        }
        rules.append(Rule(name: "command", body: sentenceNames.joined(separator: " | ")))
        // Hesitations ("um", "er", "oh") are left out: short enough to match any noise at the edges.
        let politeWords = Utterance.fillerWords.sorted().filter { (pronounce($0)?.split(separator: " ").count ?? 0) >= Self.fillerPhones }
        let filler = filler ? builder.phrases(Utterance.fillerPhrases.map { $0.joined(separator: " ") } + politeWords) : nil
        let joiners = maximumCommands > 1 ? builder.phrases(["and then"] + VoiceMatcher.joiners.sorted()) : nil
        if let filler { rules.append(Rule(name: "filler", body: filler)) }
        let lead = filler == nil ? "[camera]" : "[<filler>] [camera | <filler>]"
        let trail = filler == nil ? "" : " [<filler>]"
        var body = "\(lead) <command>\(trail)"
        if let joiners {
            rules.append(Rule(name: "joiner", body: joiners))
            let more = Array(repeating: "[<joiner> <command>\(trail)", count: maximumCommands - 1).joined(separator: " ")
            body += " " + more + String(repeating: "]", count: maximumCommands - 1)
        }
        rules.append(Rule(name: Self.commandsRule, body: body))
        let yes = builder.phrases(SpokenConfirmation.yes), no = builder.phrases(SpokenConfirmation.no)
        if let yes, let no {
            rules.append(Rule(name: Self.answerRule, body: "\(filler == nil ? "" : "[<filler>] ")(\(yes) | \(no))\(trail)"))
        }
        self.rules = rules
        self.words = builder.used
        self.unsayable = builder.unsayable
    }

    /// The grammar as a JSGF document whose public rule `<root>` is `root` (such as `<commands> | <garbage>`),
    /// with `extraRules` (a garbage model, say) added to the generated ones.
    public func document(name: String = "retrocam", root: String, extraRules: [Rule] = []) -> String {
        var lines = ["#JSGF V1.0;", "", "// Generated from Retrocam's voice templates; do not edit.", "grammar \(name);", "",
                     "public <root> = \(root);"]
        for rule in rules + extraRules { lines.append("<\(rule.name)> = \(rule.body);") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Turns template expressions into JSGF, remembering the words used and those that could not be said.
private struct Builder {
    let pronounce: (String) -> String?
    var used: Set<String> = []
    var unsayable: Set<String> = []
    /// Expansion rules already found sayable (true) or not (false).
    var rulesSayable: [String: Bool] = [:]
    /// Slots that have at least one sayable form.
    var slotsSayable: [SettingKind: Bool] = [:]

    init(pronounce: @escaping (String) -> String?) { self.pronounce = pronounce }

    static func slotName(_ kind: SettingKind) -> String { "slot_\(kind.rawValue)" }
    static func ruleName(_ name: String) -> String {
        "rule_" + String(name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Characters JSGF gives a meaning, which a word cannot hold unquoted.
    static let reserved: Set<Character> = [";", "=", "|", "*", "+", "<", ">", "(", ")", "[", "]", "{", "}", "/", "\"", "\\", "#"]

    /// The word's phones when it can be written in JSGF and said; nil (and noted) otherwise.
    mutating func sound(_ word: String) -> String? {
        guard !word.isEmpty, !word.contains(where: { Self.reserved.contains($0) || $0.isWhitespace }),
              let phones = pronounce(word) else {
            unsayable.insert(word)
            return nil
        }
        return phones
    }

    /// The word itself, marked as used, when it can be said; nil otherwise.
    mutating func word(_ word: String) -> String? {
        guard sound(word) != nil else { return nil }
        used.insert(word)
        return word
    }

    /// An expression in JSGF; "" for an optional part that has nothing sayable, nil when it cannot be said.
    mutating func jsgf(_ expression: TemplateExpression) -> String? {
        switch expression {
        case .word(let text):
            return word(text)
        case .wildcard:
            // Free words cannot be said to a closed grammar (only optional parts hold them).
            return nil
        case .slot(let kind):
            if slotsSayable[kind] == nil { slotsSayable[kind] = slotBody(kind) != nil }
            return slotsSayable[kind]! ? "<\(Self.slotName(kind))>" : nil
        case .rule(let name):
            if rulesSayable[name] == nil { rulesSayable[name] = ruleBody(name) != nil }
            return rulesSayable[name]! ? "<\(Self.ruleName(name))>" : nil
        case .sequence(let parts):
            var pieces: [String] = []
            for part in parts {
                guard let piece = jsgf(part) else { return nil }
                if !piece.isEmpty { pieces.append(piece) }
            }
            return pieces.joined(separator: " ")
        case .alternative(let options, let optional):
            var said: [String] = []
            for option in options {
                if let piece = jsgf(option), !piece.isEmpty, !said.contains(piece) { said.append(piece) }
            }
            if said.isEmpty { return optional ? "" : nil }
            return optional ? "[\(said.joined(separator: " | "))]" : "(\(said.joined(separator: " | ")))"
        }
    }

    /// An expansion rule's body, or nil when nothing of it can be said.
    mutating func ruleBody(_ name: String) -> String? {
        guard let expression = VoiceRules.expressions[name], let body = jsgf(expression), !body.isEmpty else { return nil }
        return body
    }

    /// A slot's spoken forms as alternatives, one form per sound. Digits are how people type, not how they
    /// speak: a form with digits is left out when a form in words says the same value ("1970s", "seventies"),
    /// and comes after the forms in words otherwise ("polaroid 600").
    mutating func slotBody(_ kind: SettingKind) -> String? {
        let entries = SlotVocabulary.entries[kind] ?? []
        let inWords = entries.filter { !$0.spoken.contains(where: \.isNumber) }
        let saidInWords = Set(inWords.map(\.value))
        let withDigits = entries.filter { $0.spoken.contains(where: \.isNumber) && !saidInWords.contains($0.value) }
        return phrases((inWords + withDigits).map(\.spoken))
    }

    /// Phrases as `(a | b c)`, each kept when every word can be said and no earlier one sounds the same.
    mutating func phrases(_ texts: [String]) -> String? {
        var sounds: Set<String> = []
        var kept: [String] = []
        for text in texts {
            let parts = text.split(separator: " ").map(String.init)
            guard !parts.isEmpty else { continue }
            var phones: [String] = []
            for part in parts {
                guard let phone = sound(part) else { break }
                phones.append(phone)
            }
            guard phones.count == parts.count, sounds.insert(phones.joined(separator: " ")).inserted else { continue }
            used.formUnion(parts)
            kept.append(parts.joined(separator: " "))
        }
        return kept.isEmpty ? nil : "(\(kept.joined(separator: " | ")))"
    }
}

extension TemplateExpression {
    /// Every literal word of the expression (rules and slots not expanded).
    var words: Set<String> {
        switch self {
        case .word(let word): return [word]
        case .slot, .rule, .wildcard: return []
        case .sequence(let parts), .alternative(let parts, _): return parts.reduce(into: []) { $0.formUnion($1.words) }
        }
    }
}
