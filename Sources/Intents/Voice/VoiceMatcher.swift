/// Finds what an utterance says: one command, or several joined by "and" / "and then" / "then" or listed
/// with commas ("go to the eighties, set the degree to 7 and take a picture").
///
/// The whole utterance is tried first, so "zoom to one and a half" stays one command; only when it says
/// nothing as a whole is it cut at a joining word or a comma, and then every part must say a command.
/// A photo or a clip with a delay at its end ("take a picture in 10 seconds") is two commands: the
/// self-timer, then the take. The same command said twice in a row ("we're done, stop recording") is one,
/// unless saying it twice does something twice (a photo, a toggle, a step).
enum VoiceMatcher {
    /// The answer to everything it does not understand: a named refusal, never a guess.
    static let refusal = "Sorry, I can't do that with the camera."
    /// Words that join two commands.
    static let joiners: Set<String> = ["and", "then"]
    /// Most commands one utterance may join.
    static let maximumCommands = 4

    /// One command of an utterance: its words and the sentences that say them.
    struct Command: Sendable {
        /// Indices of its words in the utterance.
        let words: Range<Int>
        /// Sentences that say those words in full, in catalog order.
        let candidates: [VoiceGrammar.Candidate]
    }

    /// The endings that put a delay on a take: "in 10 seconds", "with a 3 second delay".
    static let delayGrammar = VoiceGrammar([
        VoiceSentence(.setTimer, "(in | after) {timer}"),
        VoiceSentence(.setTimer, "[but] (with | on | using) [(a | the)] {timer} (delay | timer | self timer | countdown)"),
        VoiceSentence(.setTimer, "[but] (with | on | using) [(a | the)] (delay | timer | self timer | countdown) (on | at | of | set to | to) {timer}"),
    ])
    /// The takes a delay ending may follow.
    static let delayedIntents = TakeIntents.all
    /// Intents that do something again when said again, so a repeat is kept.
    static let repeatable: Set<IntentName> = [.takePhoto, .toggleRecord, .toggleLight, .flipCamera, .adjustControl]

    /// The commands the utterance says, in order; empty when it says nothing the camera does.
    static func commands(in utterance: Utterance, grammar: VoiceGrammar = .standard) -> [Command] {
        let words = utterance.texts
        guard !words.isEmpty else { return [] }
        let commas = utterance.words.map(\.afterComma)
        let barriers = Set(commas.indices.filter { commas[$0] })
        let found = split(words, commas, barriers, 0..<words.count, grammar: grammar, budget: maximumCommands) ?? []
        return mergingRepeats(found, words)
    }

    /// The commands of `words[range]`: a take with a delay, else the whole range, else the first cut whose
    /// parts all say commands.
    private static func split(_ words: [String], _ commas: [Bool], _ barriers: Set<Int>, _ range: Range<Int>,
                              grammar: VoiceGrammar, budget: Int) -> [Command]? {
        guard !range.isEmpty, budget > 0 else { return nil }
        // A delay the self-timer has ("in 10 seconds") beats the whole ("take a photo of me in 10 seconds" is not
        // a photo of "me in 10 seconds"); one it has not ("film in 2.35") only explains a sentence nothing else does.
        let delayed = budget > 1 ? delayed(words, barriers, range, grammar: grammar) : nil
        let delay = delayed?.first?.candidates.first?.slot.map { words[$0.range].joined(separator: " ") } ?? ""
        let seconds = try? SlotRecognizer.neutralResolver.resolve(.timer, .string(delay))
        if let delayed, let seconds, seconds != .timer(0) { return delayed }
        let whole = candidates(words, barriers, range, grammar)
        if !whole.isEmpty { return [Command(words: range, candidates: whole)] }
        // A number of seconds the dial lacks ("in 5 seconds"): the resolver will say which it has.
        if let delayed, seconds == nil { return delayed }
        guard budget > 1 else { return restarted(words, commas, barriers, range, grammar: grammar, budget: budget) }
        for cut in range where joiners.contains(words[cut]) || commas[cut] {
            var rest = cut
            if joiners.contains(words[cut]) {
                rest += 1
                if words[cut] == "and", rest < range.upperBound, words[rest] == "then" { rest += 1 }
            }
            let left = range.lowerBound..<cut
            guard !left.isEmpty, rest < range.upperBound else { continue }
            let leftCandidates = candidates(words, barriers, left, grammar)
            guard !leftCandidates.isEmpty,
                  let right = split(words, commas, barriers, rest..<range.upperBound, grammar: grammar, budget: budget - 1)
            else { continue }
            return [Command(words: left, candidates: leftCandidates)] + right
        }
        return restarted(words, commas, barriers, range, grammar: grammar, budget: budget)
    }

    /// Words that make what follows them not a command ("don't take a photo").
    static let negations: Set<String> = ["dont", "not", "never", "cant", "cannot", "wont", "shouldnt", "doesnt", "didnt",
                                         "isnt", "arent", "no", "wait", "nobody", "nothing"]

    /// A false start said again ("take a uh take a photo", "stop stop recording"): the commands from where
    /// the first word is said again, when the words dropped hold no negation.
    private static func restarted(_ words: [String], _ commas: [Bool], _ barriers: Set<Int>, _ range: Range<Int>,
                                  grammar: VoiceGrammar, budget: Int) -> [Command]? {
        let start = range.lowerBound
        for again in (start + 1)..<min(range.upperBound, start + 4) {
            let dropped = words[start..<again]
            guard !dropped.contains(where: negations.contains) else { return nil }
            // The same words said again: "take a" "take a photo", "stop" "stop recording".
            let length = again - start
            guard again + length <= range.upperBound, words[again..<(again + length)].elementsEqual(dropped) else { continue }
            return split(words, commas, barriers, again..<range.upperBound, grammar: grammar, budget: budget)
        }
        return nil
    }

    /// "take a picture in 10 seconds": the self-timer from the ending, then the take.
    private static func delayed(_ words: [String], _ barriers: Set<Int>, _ range: Range<Int>,
                                grammar: VoiceGrammar) -> [Command]? {
        guard range.count >= 3 else { return nil }
        for cut in (range.lowerBound + 1)..<(range.upperBound - 1) {
            let ending = cut..<range.upperBound
            let delay = candidates(words, barriers, ending, delayGrammar)
            guard !delay.isEmpty else { continue }
            let head = candidates(words, barriers, range.lowerBound..<cut, grammar).filter { delayedIntents.contains($0.intent) }
            guard !head.isEmpty else { continue }
            return [Command(words: ending, candidates: delay), Command(words: range.lowerBound..<cut, candidates: head)]
        }
        return nil
    }

    /// Drops a command that repeats the one before it, when repeating it would change nothing.
    private static func mergingRepeats(_ commands: [Command], _ words: [String]) -> [Command] {
        var kept: [Command] = []
        for command in commands {
            if let last = kept.last, let a = last.candidates.first, let b = command.candidates.first, a.intent == b.intent,
               !repeatable.contains(a.intent), a.values == b.values,
               a.slot.map({ words[$0.range] }) == b.slot.map({ words[$0.range] }) {
                continue
            }
            kept.append(command)
        }
        return kept
    }

    /// Candidates found in a slice, with slot ranges moved to the utterance's word indices.
    private static func candidates(_ words: [String], _ barriers: Set<Int>, _ range: Range<Int>,
                                   _ grammar: VoiceGrammar) -> [VoiceGrammar.Candidate] {
        let offset = range.lowerBound
        let local = Set(barriers.filter { range.contains($0) && $0 != offset }.map { $0 - offset })
        let found = grammar.candidates(Array(words[range]), barriers: local)
        guard offset != 0 else { return found }
        return found.map { candidate in
            VoiceGrammar.Candidate(
                intent: candidate.intent,
                slot: candidate.slot.map { ($0.kind, ($0.range.lowerBound + offset)..<($0.range.upperBound + offset)) },
                values: candidate.values, literalCount: candidate.literalCount, exact: candidate.exact,
                sentence: candidate.sentence)
        }
    }
}
