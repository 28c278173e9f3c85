/// Finds what an utterance says: one command, or several joined by "and" / "and then" / "then" or listed
/// with commas ("go to the eighties, set the degree to 7 and take a picture").
///
/// The whole utterance is tried first, so "zoom to one and a half" stays one command; only when it says
/// nothing as a whole is it cut at a joining word or a comma, and then every part must say a command.
enum VoiceMatcher {
    /// The answer to everything it does not understand: a named refusal, never a guess.
    static let refusal = "Sorry, I can't do that with the camera."
    /// Words that join two commands.
    static let joiners: Set<String> = ["and", "then"]
    /// Most commands one utterance may join.
    static let maximumCommands = 4

    /// One command of an utterance: its words and the paths that say them.
    struct Command: Sendable {
        /// Indices of its words in the utterance.
        let words: Range<Int>
        /// Paths that say those words in full, in catalog order.
        let candidates: [VoiceGrammar.Candidate]
    }

    /// The commands the utterance says, in order; empty when it says nothing the camera does.
    static func commands(in utterance: Utterance, grammar: VoiceGrammar = .standard) -> [Command] {
        let words = utterance.texts
        guard !words.isEmpty else { return [] }
        let commas = utterance.words.map(\.afterComma)
        return split(words, commas, 0..<words.count, grammar: grammar, budget: maximumCommands) ?? []
    }

    /// The commands of `words[range]`: the whole range, else the first cut whose parts all say commands.
    private static func split(_ words: [String], _ commas: [Bool], _ range: Range<Int>, grammar: VoiceGrammar,
                              budget: Int) -> [Command]? {
        guard !range.isEmpty, budget > 0 else { return nil }
        let whole = shifted(grammar.candidates(Array(words[range])), by: range.lowerBound)
        if !whole.isEmpty { return [Command(words: range, candidates: whole)] }
        guard budget > 1 else { return nil }
        for cut in range where joiners.contains(words[cut]) || commas[cut] {
            var rest = cut
            if joiners.contains(words[cut]) {
                rest += 1
                if words[cut] == "and", rest < range.upperBound, words[rest] == "then" { rest += 1 }
            }
            let left = range.lowerBound..<cut
            guard !left.isEmpty, rest < range.upperBound else { continue }
            let leftCandidates = shifted(grammar.candidates(Array(words[left])), by: left.lowerBound)
            guard !leftCandidates.isEmpty,
                  let right = split(words, commas, rest..<range.upperBound, grammar: grammar, budget: budget - 1) else { continue }
            return [Command(words: left, candidates: leftCandidates)] + right
        }
        return nil
    }

    /// Candidates found in a slice, with slot ranges moved to the utterance's word indices.
    private static func shifted(_ candidates: [VoiceGrammar.Candidate], by offset: Int) -> [VoiceGrammar.Candidate] {
        guard offset != 0 else { return candidates }
        return candidates.map { candidate in
            VoiceGrammar.Candidate(
                intent: candidate.intent,
                slot: candidate.slot.map { ($0.kind, ($0.range.lowerBound + offset)..<($0.range.upperBound + offset)) },
                fixedValue: candidate.fixedValue, literalCount: candidate.literalCount, sentence: candidate.sentence)
        }
    }
}
