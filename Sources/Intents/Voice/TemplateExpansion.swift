/// A template written out as the word sequences it allows, for the exports that need every sentence
/// (OVOS) and for sampling sentences in tests and the benchmark. The matcher never expands templates.
enum TemplateExpansion {
    /// One piece of a written-out sentence.
    enum Piece: Sendable, Hashable {
        case word(String)
        case slot(SettingKind)
        case wildcard
    }

    /// How many word sequences an expression allows, without writing them out.
    static func count(_ expression: TemplateExpression) -> Int {
        switch expression {
        case .word, .slot, .wildcard: return 1
        case .rule(let name):
            guard let rule = VoiceRules.expressions[name] else { preconditionFailure("unknown voice rule <\(name)>") }
            return count(rule)
        case .sequence(let parts): return parts.reduce(1) { $0 * count($1) }
        case .alternative(let options, let optional): return options.reduce(optional ? 1 : 0) { $0 + count($1) }
        }
    }

    /// A few sequences spread over all of them (the first, the last and `samples - 2` between), without
    /// writing them all out: the `index`-th sequence is built directly.
    static func sample(_ expression: TemplateExpression, _ samples: Int) -> [[Piece]] {
        let total = count(expression)
        guard total > 0 else { return [] }
        let picks = Set((0..<max(1, samples)).map { total == 1 ? 0 : $0 * (total - 1) / max(1, samples - 1) })
        return picks.sorted().map { sequence(expression, at: $0) }
    }

    /// The `index`-th sequence in template order (rules expanded; words as written, with apostrophes):
    /// options in the order written, an optional part's absence last, the last part of a sequence varying fastest.
    static func sequence(_ expression: TemplateExpression, at index: Int) -> [Piece] {
        switch expression {
        case .word(let word): return [.word(word)]
        case .slot(let kind): return [.slot(kind)]
        case .wildcard: return [.wildcard]
        case .rule(let name):
            guard let rule = VoiceRules.expressions[name] else { preconditionFailure("unknown voice rule <\(name)>") }
            return sequence(rule, at: index)
        case .sequence(let parts):
            // The last part varies fastest.
            var rest = index
            var pieces: [[Piece]] = []
            for part in parts.reversed() {
                let n = count(part)
                pieces.append(sequence(part, at: rest % n))
                rest /= n
            }
            return pieces.reversed().flatMap { $0 }
        case .alternative(let options, _):
            var rest = index
            for option in options {
                let n = count(option)
                if rest < n { return sequence(option, at: rest) }
                rest -= n
            }
            return []
        }
    }

    /// The `limit` plainest sequences, plainest first: each word costs 2 (an article 1), and so does each
    /// choice of an alternative other than the first (leaving an optional out costs nothing), so short
    /// sentences with the alternatives the template's author wrote first lead. Found without writing every sequence out: a sequence keeps only
    /// the `limit` plainest combinations of its parts.
    static func plainest(_ expression: TemplateExpression, _ limit: Int) -> [[Piece]] {
        scored(expression, limit).map(\.pieces)
    }

    private struct Scored {
        var pieces: [Piece]
        var cost: Int
    }

    private static let articles: Set<String> = ["the", "a", "an"]

    private static func scored(_ expression: TemplateExpression, _ limit: Int) -> [Scored] {
        switch expression {
        case .word(let word): return [Scored(pieces: [.word(word)], cost: articles.contains(word) ? 1 : 2)]
        case .slot(let kind): return [Scored(pieces: [.slot(kind)], cost: 2)]
        case .wildcard: return [Scored(pieces: [.wildcard], cost: 2)]
        case .rule(let name):
            guard let rule = VoiceRules.expressions[name] else { preconditionFailure("unknown voice rule <\(name)>") }
            return scored(rule, limit)
        case .sequence(let parts):
            return parts.reduce([Scored(pieces: [], cost: 0)]) { prefixes, part in
                let endings = scored(part, limit)
                let combined = prefixes.flatMap { prefix in
                    endings.map { Scored(pieces: prefix.pieces + $0.pieces, cost: prefix.cost + $0.cost) }
                }
                return Array(stableSorted(combined).prefix(limit))
            }
        case .alternative(let options, let optional):
            var all: [Scored] = []
            for (index, option) in options.enumerated() {
                all += scored(option, limit).map { Scored(pieces: $0.pieces, cost: $0.cost + (index == 0 ? 0 : 2)) }
            }
            if optional { all.append(Scored(pieces: [], cost: 0)) }
            return Array(stableSorted(all).prefix(limit))
        }
    }

    /// Sorted by cost, keeping the order of equal ones.
    private static func stableSorted(_ list: [Scored]) -> [Scored] {
        list.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map(\.element)
    }
}
