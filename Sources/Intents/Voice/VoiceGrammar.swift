/// The grammar's sentence templates compiled once into trees of normalised words, indexed by the words
/// they can begin with.
///
/// An utterance is matched against a template by walking its tree with the set of positions reached so far
/// (`[the]` and `(a | b)` branch, words advance, a slot takes one to six words its typed recognizer accepts,
/// a wildcard one to four words); the template says the utterance when a walk ends on its last word. No
/// template is expanded into sentences, so synonym classes multiply nothing. Looking templates up by first
/// word means an utterance that is not for the camera is refused after a dictionary miss and the few
/// templates that begin with a slot. A slot only tries the ends after which its template can go on (the
/// words that may follow it are worked out once, at compile time), so the typed recognizers, the costly
/// part, read few spans.
struct VoiceGrammar: Sendable {
    /// A template compiled: rules inlined, words as the matcher compares them.
    indirect enum Node: Sendable {
        case word(String)
        /// One of several single words (a choice of words only, compiled to a set), or none when optional.
        case words(Set<String>, optional: Bool)
        case slot(SettingKind, Follow)
        case wildcard(Follow)
        case sequence([Node])
        case choice([Node], optional: Bool)
    }

    /// What may come right after a slot or wildcard in its template.
    struct Follow: Sendable {
        /// Words that may follow.
        var words: Set<String> = []
        /// True when another slot or wildcard may follow (any word then).
        var open = false
        /// True when the template may end there.
        var canEnd = true

        /// True when the words after a span ending at `end` may go on as the template does.
        func allows(_ end: Int, in words: [String]) -> Bool {
            end == words.count ? canEnd : open || self.words.contains(words[end])
        }
    }

    /// A sentence that says the utterance in full.
    struct Candidate: Sendable, Equatable {
        /// The intent said.
        let intent: IntentName
        /// The slot's kind and the words (indices into the utterance's words) it holds.
        let slot: (kind: SettingKind, range: Range<Int>)?
        /// The parameters the sentence fixes.
        let values: [String: String]
        /// Fixed words matched: the specificity.
        let literalCount: Int
        /// False when the slot's words only begin or sit inside a value ("super" of "Super 8").
        let exact: Bool
        /// The index of the sentence, for catalog order.
        let sentence: Int
        /// Words a wildcard took: of two sentences equally specific, the one that explains more words wins ("photograph
        /// mode" is the mode, not a photograph of "mode").
        var loose = 0
        /// True when the sentence is a complaint a step fixes (`VoiceSentence.isComplaint`).
        var complaint = false

        /// Specificity for ranking: fixed words first, then an exact slot.
        var score: Int { literalCount * 2 + (exact ? 1 : 0) }

        static func == (lhs: Candidate, rhs: Candidate) -> Bool {
            lhs.intent == rhs.intent && lhs.slot?.kind == rhs.slot?.kind && lhs.slot?.range == rhs.slot?.range
                && lhs.values == rhs.values
        }
    }

    /// Most words a slot takes.
    static let maximumSlotWords = 6
    /// Most words a wildcard takes.
    static let maximumWildcardWords = 4

    /// The sentences compiled.
    let sentences: [VoiceSentence]
    /// Each sentence's tree.
    let nodes: [Node]
    /// Sentences by the words they can begin with, each list with the sentences that can begin with a slot or a
    /// wildcard merged in, in order, once: the sentences to read for an utterance's first word.
    let byFirstWord: [String: [Int]]
    /// Sentences that can begin with a slot or a wildcard: those read for a first word no sentence begins with.
    let openStart: [Int]
    /// Sentences by the words they can begin with, without those that begin with a slot: enough when the intents
    /// asked for have no sentence that does.
    let beginningWith: [String: [Int]]
    /// The intents of the sentences that can begin with each word: which cuts of an utterance can begin a take,
    /// without reading them.
    let intentsByFirstWord: [String: Set<IntentName>]
    /// The intents of the sentences that can begin with a slot or a wildcard.
    let openStartIntents: Set<IntentName>
    /// Each sentence's fixed words, and whether it has a slot or wildcard: an utterance with more words the
    /// sentence lacks than a slot or wildcard takes is not walked.
    let vocabulary: [(words: Set<String>, open: Int)]

    /// The catalog's grammar, compiled once.
    static let standard = VoiceGrammar(IntentCatalog.sentences)

    /// Compiles sentences.
    init(_ sentences: [VoiceSentence]) {
        self.sentences = sentences
        nodes = sentences.map { Self.attachingFollows(Self.compile($0.expression), Follow()) }
        var byFirstWord: [String: [Int]] = [:]
        var openStart: [Int] = []
        for (index, node) in nodes.enumerated() {
            let first = Self.first(node)
            precondition(!first.nullable, "voice template '\(sentences[index].template)' can be said as nothing")
            for word in first.words { byFirstWord[word, default: []].append(index) }
            if first.open { openStart.append(index) }
        }
        self.byFirstWord = byFirstWord.mapValues { Array(Set($0 + openStart)).sorted() }
        beginningWith = byFirstWord
        self.openStart = openStart
        intentsByFirstWord = byFirstWord.mapValues { Set($0.map { sentences[$0].intent }) }
        openStartIntents = Set(openStart.map { sentences[$0].intent })
        vocabulary = nodes.map { node in
            let (words, slot, wildcard) = Self.vocabulary(node)
            return (words, slot ? Self.maximumSlotWords : wildcard ? Self.maximumWildcardWords : 0)
        }
    }

    /// True when a sentence of one of `intents` can begin with `word`.
    func mayBegin(_ word: String, with intents: Set<IntentName>) -> Bool {
        !openStartIntents.isDisjoint(with: intents) || !(intentsByFirstWord[word]?.isDisjoint(with: intents) ?? true)
    }

    /// The fixed words of a tree, and whether it holds a slot or a wildcard.
    static func vocabulary(_ node: Node) -> (Set<String>, slot: Bool, wildcard: Bool) {
        switch node {
        case .word(let word): return ([word], false, false)
        case .words(let options, _): return (options, false, false)
        case .slot: return ([], true, false)
        case .wildcard: return ([], false, true)
        case .sequence(let parts), .choice(let parts, _):
            var words: Set<String> = [], slot = false, wildcard = false
            for part in parts {
                let inner = vocabulary(part)
                words.formUnion(inner.0)
                slot = slot || inner.slot
                wildcard = wildcard || inner.wildcard
            }
            return (words, slot, wildcard)
        }
    }

    /// Every sentence that says `words` in full, each reading once. `barriers` are the indices of words a
    /// wildcard must not take (a joining word, or a word after a comma); `intents`, when given, the only intents
    /// whose sentences are read.
    func candidates(_ words: [String], barriers: Set<Int> = [], intents: Set<IntentName>? = nil) -> [Candidate] {
        guard let firstWord = words.first else { return [] }
        var walk = Walk(words: words, barriers: barriers)
        var found: [Candidate] = []
        let open = intents.map { !openStartIntents.isDisjoint(with: $0) } ?? true
        for index in open ? byFirstWord[firstWord] ?? openStart : beginningWith[firstWord] ?? [] {
            if let intents, !intents.contains(sentences[index].intent) { continue }
            let known = vocabulary[index]
            var unknown = 0
            for word in words where !known.words.contains(word) {
                unknown += 1
                if unknown > known.open { break }
            }
            if unknown > known.open { continue }
            let ends = walk.advance(nodes[index], [Walk.State(position: 0)])
            for state in ends where state.position == words.count {
                let slotWords = state.slot?.range.count ?? 0
                let literal = words.count - slotWords - state.loose
                var exact = true
                if let slot = state.slot {
                    let match = walk.recognized(slot.kind, slot.range)
                    exact = match == .exact
                    if literal == 0, !SlotRecognizer.acceptsBare(slot.kind, words[slot.range]) { continue }
                }
                let sentence = sentences[index]
                let candidate = Candidate(intent: sentence.intent, slot: state.slot.map { ($0.kind, $0.range) },
                                          values: sentence.values, literalCount: literal, exact: exact, sentence: index,
                                          loose: state.loose, complaint: sentence.isComplaint)
                if !found.contains(candidate) { found.append(candidate) }
            }
        }
        return found
    }

    /// The walk of one utterance through the trees, remembering what the slot recognizers said.
    private struct Walk {
        struct SlotSpan: Hashable {
            let kind: SettingKind
            let range: Range<Int>
        }

        struct State: Hashable {
            var position: Int
            var slot: SlotSpan?
            /// Words a wildcard took.
            var loose = 0
        }

        let words: [String]
        let barriers: Set<Int>
        var recognizedSlots: [SlotSpan: SlotRecognizer.Match] = [:]

        init(words: [String], barriers: Set<Int>) {
            self.words = words
            self.barriers = barriers
        }

        mutating func recognized(_ kind: SettingKind, _ range: Range<Int>) -> SlotRecognizer.Match {
            let key = SlotSpan(kind: kind, range: range)
            if let known = recognizedSlots[key] { return known }
            let match = SlotRecognizer.match(kind, words[range])
            recognizedSlots[key] = match
            return match
        }

        /// The states reached after `node` from each of `states`.
        mutating func advance(_ node: Node, _ states: [State]) -> [State] {
            guard !states.isEmpty else { return [] }
            switch node {
            case .word(let word):
                return states.compactMap { state in
                    guard state.position < words.count, words[state.position] == word else { return nil }
                    var next = state
                    next.position += 1
                    return next
                }
            case .words(let options, let optional):
                var reached = optional ? states : []
                for state in states where state.position < words.count && options.contains(words[state.position]) {
                    var next = state
                    next.position += 1
                    reached.append(next)
                }
                return optional && reached.count > states.count ? Array(Set(reached)) : reached
            case .slot(let kind, let follow):
                var reached: [State] = []
                for state in states where state.slot == nil && state.position < words.count {
                    let start = state.position
                    for end in (start + 1)...min(start + VoiceGrammar.maximumSlotWords, words.count)
                    where follow.allows(end, in: words) && recognized(kind, start..<end) != .none {
                        reached.append(State(position: end, slot: SlotSpan(kind: kind, range: start..<end), loose: state.loose))
                    }
                }
                return reached
            case .wildcard(let follow):
                var reached: [State] = []
                for state in states {
                    var end = state.position
                    while end < words.count, end - state.position < VoiceGrammar.maximumWildcardWords,
                          !barriers.contains(end), !VoiceMatcher.joiners.contains(words[end]) {
                        end += 1
                        guard follow.allows(end, in: words) else { continue }
                        var next = state
                        next.position = end
                        next.loose += end - state.position
                        reached.append(next)
                    }
                }
                return reached
            case .sequence(let parts):
                var current = states
                for part in parts {
                    current = advance(part, current)
                    if current.isEmpty { return [] }
                }
                return current
            case .choice(let options, let optional):
                var reached = optional ? states : []
                for option in options { reached += advance(option, states) }
                return reached.count > 1 ? Array(Set(reached)) : reached
            }
        }
    }

    /// A template as a tree: rules inlined, words normalised the way the utterance's are.
    static func compile(_ expression: TemplateExpression) -> Node {
        switch expression {
        case .word(let word):
            let words = Utterance(word, heard: false).texts
            precondition(!words.isEmpty, "voice template word '\(word)' reads as nothing (a filler word?)")
            return words.count == 1 ? .word(words[0]) : .sequence(words.map(Node.word))
        case .slot(let kind): return .slot(kind, Follow())
        case .wildcard: return .wildcard(Follow())
        case .rule(let name):
            guard let rule = VoiceRules.expressions[name] else { preconditionFailure("unknown voice rule <\(name)>") }
            return compile(rule)
        case .sequence(let parts): return .sequence(parts.map(compile))
        case .alternative(let options, let optional):
            let compiled = options.map(compile)
            let single = compiled.compactMap { node -> String? in if case .word(let word) = node { return word } else { return nil } }
            if single.count == compiled.count, single.count > 1 { return .words(Set(single), optional: optional) }
            return .choice(compiled, optional: optional)
        }
    }

    /// The tree with each slot and wildcard told what may follow it, `follow` being what may follow the tree.
    static func attachingFollows(_ node: Node, _ follow: Follow) -> Node {
        switch node {
        case .word, .words: return node
        case .slot(let kind, _): return .slot(kind, follow)
        case .wildcard: return .wildcard(follow)
        case .choice(let options, let optional):
            return .choice(options.map { attachingFollows($0, follow) }, optional: optional)
        case .sequence(let parts):
            var after = follow
            var attached: [Node] = []
            for part in parts.reversed() {
                let node = attachingFollows(part, after)
                attached.append(node)
                let first = first(node)
                after = Follow(words: first.nullable ? first.words.union(after.words) : first.words,
                               open: first.open || (first.nullable && after.open), canEnd: first.nullable && after.canEnd)
            }
            return .sequence(attached.reversed())
        }
    }

    /// The words a tree can begin with, whether it can begin with a slot or wildcard, and whether it can be
    /// said as nothing at all.
    static func first(_ node: Node) -> (words: Set<String>, open: Bool, nullable: Bool) {
        switch node {
        case .word(let word): return ([word], false, false)
        case .words(let options, let optional): return (options, false, optional)
        case .slot, .wildcard: return ([], true, false)
        case .sequence(let parts):
            var words: Set<String> = [], open = false
            for part in parts {
                let first = first(part)
                words.formUnion(first.words)
                open = open || first.open
                if !first.nullable { return (words, open, false) }
            }
            return (words, open, true)
        case .choice(let options, let optional):
            var words: Set<String> = [], open = false, nullable = optional
            for option in options {
                let first = first(option)
                words.formUnion(first.words)
                open = open || first.open
                nullable = nullable || first.nullable
            }
            return (words, open, nullable)
        }
    }
}
