/// A sentence template in Home Assistant's hassil syntax, parsed: `<set> [the] zoom to {zoom}`.
///
/// - `word` must be said; `(a | b c)` is one of several sequences; `[the]` or `[a | b]` may be left out;
/// - `{decade}` is a slot read by a typed parser (the name is the control it sets, see `SettingKind`);
/// - `{*}` is a wildcard: one to four words that are not a joining word ("take a picture of {*}"); it
///   carries no value (hassil: a wildcard list; formats without wildcards get a few common words);
/// - `<set>` is an expansion rule, replaced by its own template (`VoiceRules`).
/// Words keep their apostrophes ("that's", "'80s"): the matcher compares them without (see `Utterance`),
/// the exports write them as they are.
/// Templates are written in the catalog, so a malformed one is a programmer's mistake (a precondition).
indirect enum TemplateExpression: Sendable, Equatable {
    /// A word, lowercased.
    case word(String)
    /// A typed slot: the control whose value it holds.
    case slot(SettingKind)
    /// A few words of anything, carrying no value.
    case wildcard
    /// A named expansion rule (`<set>`).
    case rule(String)
    /// Pieces said one after another.
    case sequence([TemplateExpression])
    /// One of the alternatives; `optional` when none at all may be said too.
    case alternative([TemplateExpression], optional: Bool)

    /// Parses a template; a malformed one stops the program with the template in the message.
    static func parse(_ template: String) -> TemplateExpression {
        var parser = TemplateParser(Array(template.lowercased()), source: template)
        let expression = parser.sequence(until: nil)
        precondition(parser.atEnd, "unbalanced brackets in voice template '\(template)'")
        return expression
    }

    /// The template written back in hassil syntax, with `slot` deciding how each slot is written and
    /// `rule` how each rule is written (hassil keeps `<set>`; Rhasspy and OVOS get the rule's text).
    func rendered(slot: (SettingKind) -> String, rule: (String) -> String, wildcard: String = "{*}") -> String {
        switch self {
        case .word(let word): return word
        case .slot(let kind): return slot(kind)
        case .wildcard: return wildcard
        case .rule(let name): return rule(name)
        case .sequence(let parts):
            return parts.map { $0.rendered(slot: slot, rule: rule, wildcard: wildcard) }.joined(separator: " ")
        case .alternative(let options, let optional):
            let inside = options.map { $0.rendered(slot: slot, rule: rule, wildcard: wildcard) }.joined(separator: " | ")
            return optional ? "[\(inside)]" : "(\(inside))"
        }
    }

    /// The slots the template holds, in order.
    var slots: [SettingKind] {
        switch self {
        case .word, .rule, .wildcard: return []
        case .slot(let kind): return [kind]
        case .sequence(let parts), .alternative(let parts, _): return parts.flatMap(\.slots)
        }
    }
}

/// A recursive-descent reader of the template syntax.
private struct TemplateParser {
    let characters: [Character]
    let source: String
    var position = 0

    init(_ characters: [Character], source: String) {
        self.characters = characters
        self.source = source
    }

    var atEnd: Bool { position == characters.count }

    /// Reads pieces until `closer` (or the end), splitting at `|` into alternatives when inside brackets.
    mutating func sequence(until closer: Character?) -> TemplateExpression {
        var alternatives: [[TemplateExpression]] = [[]]
        while position < characters.count {
            let character = characters[position]
            if character == closer { break }
            switch character {
            case " ": position += 1
            case "|":
                precondition(closer != nil, "'|' outside brackets in voice template '\(source)'")
                alternatives.append([])
                position += 1
            case "(", "[":
                position += 1
                let close: Character = character == "(" ? ")" : "]"
                let inner = sequence(until: close)
                precondition(position < characters.count && characters[position] == close,
                             "unclosed '\(character)' in voice template '\(source)'")
                position += 1
                let options: [TemplateExpression]
                if case .alternative(let inside, false) = inner { options = inside } else { options = [inner] }
                alternatives[alternatives.count - 1].append(.alternative(options, optional: character == "["))
            case "{", "<":
                let close: Character = character == "{" ? "}" : ">"
                guard let end = characters[position...].firstIndex(of: close) else {
                    preconditionFailure("unclosed '\(character)' in voice template '\(source)'")
                }
                let name = String(characters[(position + 1)..<end])
                position = end + 1
                if character == "<" {
                    alternatives[alternatives.count - 1].append(.rule(name))
                } else if name == "*" {
                    alternatives[alternatives.count - 1].append(.wildcard)
                } else {
                    guard let kind = SettingKind(rawValue: name) else {
                        preconditionFailure("unknown slot {\(name)} in voice template '\(source)'")
                    }
                    alternatives[alternatives.count - 1].append(.slot(kind))
                }
            default:
                var word = ""
                while position < characters.count, !" |()[]{}<>".contains(characters[position]) {
                    word.append(characters[position])
                    position += 1
                }
                alternatives[alternatives.count - 1].append(.word(word))
            }
        }
        let sequences = alternatives.map { $0.count == 1 ? $0[0] : TemplateExpression.sequence($0) }
        return sequences.count == 1 ? sequences[0] : .alternative(sequences, optional: false)
    }
}
