/// The catalog's sentence templates compiled once into flat word paths, indexed by their first word.
///
/// Every template is expanded into the word sequences it allows (`[the]` and `(a | b)` multiply them out).
/// A sentence has at most one slot, so a path matches an utterance without backtracking: its words before
/// the slot must begin the utterance, its words after the slot must end it, and the slot takes the rest —
/// if the slot's typed recognizer accepts those words. Looking up paths by first word means an utterance
/// that is not for the camera is refused after a dictionary miss or two.
struct VoiceGrammar: Sendable {
    /// One piece of a flat path.
    enum Piece: Sendable, Hashable {
        case word(String)
        case slot(SettingKind)
    }

    /// One expansion of a sentence template.
    struct Path: Sendable {
        /// Index of its sentence in `sentences`.
        let sentence: Int
        /// Words before the slot (all of them when there is none).
        let head: [String]
        /// The slot, if any.
        let slot: SettingKind?
        /// Words after the slot.
        let tail: [String]
        /// How many fixed words it has: more fixed words is a more specific match.
        var literalCount: Int { head.count + tail.count }
    }

    /// A path that says the utterance in full.
    struct Candidate: Sendable, Equatable {
        /// The intent said.
        let intent: IntentName
        /// The slot's kind and the words (indices into the utterance's words) it holds.
        let slot: (kind: SettingKind, range: Range<Int>)?
        /// The sentence's fixed value ("zoom out" → "1").
        let fixedValue: String?
        /// Fixed words matched: the specificity.
        let literalCount: Int
        /// The index of the sentence, for catalog order.
        let sentence: Int

        static func == (lhs: Candidate, rhs: Candidate) -> Bool {
            lhs.intent == rhs.intent && lhs.slot?.kind == rhs.slot?.kind && lhs.slot?.range == rhs.slot?.range
                && lhs.fixedValue == rhs.fixedValue
        }
    }

    /// The sentences compiled.
    let sentences: [VoiceSentence]
    /// Every path of every sentence.
    let paths: [Path]
    /// Paths by their first word.
    let byFirstWord: [String: [Int]]
    /// Paths that begin with their slot.
    let slotFirst: [Int]

    /// The catalog's grammar, compiled once.
    static let standard = VoiceGrammar(IntentCatalog.sentences)

    /// Compiles sentences; two intents sharing one path is a catalog mistake and stops the program.
    init(_ sentences: [VoiceSentence]) {
        self.sentences = sentences
        var paths: [Path] = []
        var seen: [[Piece]: IntentName] = [:]
        for (index, sentence) in sentences.enumerated() {
            for pieces in Self.expand(sentence.expression) where !pieces.isEmpty {
                if let other = seen[pieces] {
                    precondition(other == sentence.intent,
                                 "voice path '\(pieces)' says both \(other.rawValue) and \(sentence.intent.rawValue)")
                    continue
                }
                seen[pieces] = sentence.intent
                let slotIndex = pieces.firstIndex { if case .slot = $0 { true } else { false } }
                let words = pieces.map { piece -> String in if case .word(let word) = piece { word } else { "" } }
                if let slotIndex, case .slot(let kind) = pieces[slotIndex] {
                    paths.append(Path(sentence: index, head: Array(words[..<slotIndex]), slot: kind,
                                      tail: Array(words[(slotIndex + 1)...])))
                } else {
                    paths.append(Path(sentence: index, head: words, slot: nil, tail: []))
                }
            }
        }
        self.paths = paths
        var byFirstWord: [String: [Int]] = [:]
        var slotFirst: [Int] = []
        for (index, path) in paths.enumerated() {
            if let first = path.head.first { byFirstWord[first, default: []].append(index) } else { slotFirst.append(index) }
        }
        self.byFirstWord = byFirstWord
        self.slotFirst = slotFirst
    }

    /// Every path that says `words` in full, each once.
    func candidates(_ words: [String]) -> [Candidate] {
        guard let first = words.first else { return [] }
        var found: [Candidate] = []
        var recognized: [SlotKey: Bool] = [:]
        for index in (byFirstWord[first] ?? []) + slotFirst {
            let path = paths[index]
            guard let candidate = match(path, words, &recognized), !found.contains(candidate) else { continue }
            found.append(candidate)
        }
        return found
    }

    /// A recognizer's answer for one kind over one range, remembered for the other paths.
    private struct SlotKey: Hashable {
        let kind: SettingKind
        let range: Range<Int>
    }

    /// The candidate when `path` says `words` in full.
    private func match(_ path: Path, _ words: [String], _ recognized: inout [SlotKey: Bool]) -> Candidate? {
        let sentence = sentences[path.sentence]
        guard let kind = path.slot else {
            guard words.count == path.head.count, words.elementsEqual(path.head) else { return nil }
            return Candidate(intent: sentence.intent, slot: nil, fixedValue: sentence.value,
                             literalCount: path.literalCount, sentence: path.sentence)
        }
        let slotEnd = words.count - path.tail.count
        guard slotEnd > path.head.count, words.starts(with: path.head),
              words[slotEnd...].elementsEqual(path.tail) else { return nil }
        let range = path.head.count..<slotEnd
        let key = SlotKey(kind: kind, range: range)
        let accepted = recognized[key] ?? SlotRecognizer.accepts(kind, words[range])
        recognized[key] = accepted
        guard accepted else { return nil }
        return Candidate(intent: sentence.intent, slot: (kind, range), fixedValue: nil,
                         literalCount: path.literalCount, sentence: path.sentence)
    }

    /// The flat word sequences an expression allows.
    static func expand(_ expression: TemplateExpression) -> [[Piece]] {
        switch expression {
        case .word(let word): return [[.word(word)]]
        case .slot(let kind): return [[.slot(kind)]]
        case .rule(let name):
            guard let rule = VoiceRules.expressions[name] else { preconditionFailure("unknown voice rule <\(name)>") }
            return expand(rule)
        case .sequence(let parts):
            return parts.reduce([[]]) { prefixes, part in
                let endings = expand(part)
                return prefixes.flatMap { prefix in endings.map { prefix + $0 } }
            }
        case .alternative(let options, let optional):
            return options.flatMap(expand) + (optional ? [[]] : [])
        }
    }
}
