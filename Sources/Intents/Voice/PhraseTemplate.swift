/// A phrase the voice matcher understands, such as `zoom (to|in to)? {value}`.
///
/// Syntax: words separated by spaces; `(a|b c)` one of several word sequences; a `?` after a group or
/// a word makes it optional; `{value}` is the slot, one word or more, handed to the resolver.
/// A template may fix the value instead ("zoom out" means 1.0x), given as `value`.
struct PhraseTemplate: Sendable {
    /// One piece of a template.
    enum Element: Sendable, Equatable {
        /// A word that must be said.
        case word(String)
        /// One of several word sequences, perhaps optional.
        case choice([[String]], optional: Bool)
        /// The slot, named (always `value` for now).
        case slot(String)
    }

    /// The intent the phrase says.
    let intent: IntentName
    /// The template as written (also what ListIntents shows).
    let pattern: String
    /// The slot's value when the phrase fixes it ("zoom out" → "1").
    let fixedValue: String?
    /// The parsed template.
    let elements: [Element]

    /// Parses a template; a malformed template is a programmer's mistake.
    init(_ intent: IntentName, _ pattern: String, value: String? = nil) {
        self.intent = intent
        self.pattern = pattern
        self.fixedValue = value
        self.elements = Self.parse(pattern)
    }

    /// The slots when `words` say this phrase exactly (nil when they don't); a slot holds its words.
    func match(_ words: [String]) -> [String: [String]]? {
        var slots: [String: [String]] = [:]
        return matches(element: 0, word: 0, words, &slots) ? slots : nil
    }

    /// Backtracking match of elements[element...] against words[word...]; slots take as few words as they can.
    private func matches(element: Int, word: Int, _ words: [String], _ slots: inout [String: [String]]) -> Bool {
        guard element < elements.count else { return word == words.count }
        switch elements[element] {
        case .word(let expected):
            return word < words.count && words[word] == expected
                && matches(element: element + 1, word: word + 1, words, &slots)
        case .choice(let alternatives, let optional):
            for alternative in alternatives where words[word...].starts(with: alternative) {
                if matches(element: element + 1, word: word + alternative.count, words, &slots) { return true }
            }
            return optional && matches(element: element + 1, word: word, words, &slots)
        case .slot(let name):
            guard word < words.count else { return false }
            for end in (word + 1)...words.count {
                slots[name] = Array(words[word..<end])
                if matches(element: element + 1, word: end, words, &slots) { return true }
            }
            slots[name] = nil
            return false
        }
    }

    /// Splits a template into elements at the spaces outside parentheses.
    static func parse(_ pattern: String) -> [Element] {
        var tokens: [String] = []
        var current = ""
        var depth = 0
        for character in pattern {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == " ", depth == 0 {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        precondition(depth == 0, "unbalanced parentheses in phrase template \(pattern)")
        return tokens.map { token -> Element in
            if token.hasPrefix("{"), token.hasSuffix("}") { return .slot(String(token.dropFirst().dropLast())) }
            let optional = token.hasSuffix("?")
            var body = optional ? String(token.dropLast()) : token
            if body.hasPrefix("("), body.hasSuffix(")") { body = String(body.dropFirst().dropLast()) }
            let alternatives = body.split(separator: "|").map { $0.split(separator: " ").map(String.init) }
            if !optional, alternatives.count == 1, alternatives[0].count == 1 { return .word(alternatives[0][0]) }
            return .choice(alternatives, optional: optional)
        }
    }
}
