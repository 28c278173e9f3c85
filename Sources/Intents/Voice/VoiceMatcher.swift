import Body

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

    /// The names of the camera's controls as the matcher compares them, by their first word, longest first: what
    /// a refusal says it heard.
    static let controlNames: [String: [[String]]] = Dictionary(grouping: Set(ControlTable.rows.filter { $0.kind != .readout }
        .flatMap(\.voiceNames) + MenuRowID.dateImprint.voice.names)
        .map { Utterance($0, heard: false).texts }.filter { !$0.isEmpty }) { $0[0] }
        .mapValues { $0.sorted { ($0.count, $1.joined(separator: " ")) > ($1.count, $0.joined(separator: " ")) } }

    /// The last words of the controls' names: "Mode, *camera*" is a value said after one.
    static let controlNameEndings = Set(controlNames.values.joined().compactMap(\.last))

    /// The refusal of an utterance that says no command: when it names a control and is neither a question nor a
    /// negation, what was heard and what was not ("I heard 'flash', but not what to do with it."), else `refusal`.
    static func refusal(for utterance: Utterance) -> String {
        let words = utterance.texts
        guard !words.contains(where: { negations.contains($0) || questionWords.contains($0) || $0 == "is" || $0 == "are" })
        else { return refusal }
        for start in words.indices {
            if let name = controlNames[words[start]]?.first(where: { start + $0.count <= words.count && words[start..<(start + $0.count)].elementsEqual($0) }) {
                return "I heard '\(utterance.span(start..<(start + name.count)).text)', but not what to do with it."
            }
        }
        return refusal
    }
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

    /// The endings that set something for a take: a delay ("in 10 seconds", "with a 3 second delay"), the flash ("with
    /// the flash on", "without flash"), the sound ("in stereo", "without sound").
    static let delayGrammar = VoiceGrammar([
        VoiceSentence(.setLight, "(with | using) [the] <light> [on]", value: "on"),
        VoiceSentence(.setLight, "(without | with no) [the] <light>", value: "off"),
        VoiceSentence(.setAudio, "in stereo", value: "Stereo"),
        VoiceSentence(.setAudio, "in mono", value: "Mono"),
        VoiceSentence(.setAudio, "(with | using) stereo [(sound | audio)]", value: "Stereo"),
        VoiceSentence(.setAudio, "(without | with no) (sound | audio)", value: "Off"),
        VoiceSentence(.setTimer, "(in | after) {timer}"),
        VoiceSentence(.setTimer, "[but] (with | on | using) [(a | the)] {timer} (delay | timer | self timer | countdown)"),
        VoiceSentence(.setTimer, "[but] (with | on | using) [(a | the)] (delay | timer | self timer | countdown) (on | at | of | set to | to) {timer}"),
    ])
    /// The takes a delay ending may follow.
    static let delayedIntents = TakeIntents.all
    /// Intents that do something again when said again, so a repeat is kept.
    static let repeatable: Set<IntentName> = [.takePhoto, .toggleRecord, .toggleLight, .flipCamera, .adjustControl]

    /// The commands the utterance says, and the utterance they were read from: as heard, else what was said after the
    /// camera was called by name (`Utterance.addressedToTheCamera`), else with a camera word a recognizer split in two
    /// joined again ("re cording", "insta matic"), else with its unknown words read as the camera words they sound like
    /// (`SoundAlikes`); no commands when it says nothing the camera does.
    /// `loose`: read by the camera's words too (`loosely`); false only to measure the grammar alone.
    static func reading(_ utterance: Utterance, grammar: VoiceGrammar = .standard, loose: Bool = true,
                        soundAlikes: @autoclosure () -> SoundAlikes? = SoundAlikes.standard) -> (utterance: Utterance, commands: [Command]) {
        let found = commands(in: utterance, grammar: grammar, loose: loose)
        guard found.isEmpty else { return (utterance, found) }
        if let addressed = utterance.addressedToTheCamera() {
            return reading(addressed, grammar: grammar, loose: loose, soundAlikes: soundAlikes())
        }
        if let meant = utterance.clausesAsMeant() {
            let heard = commands(in: meant, grammar: grammar, loose: loose)
            if !heard.isEmpty { return (meant, heard) }
        }
        if let joined = utterance.joiningSplitWords(CameraWords.isCameraWord) {
            let heard = commands(in: joined, grammar: grammar, loose: loose)
            if !heard.isEmpty { return (joined, heard) }
        }
        guard let alike = soundAlikes()?.reading(utterance) else { return (utterance, found) }
        let heard = commands(in: alike, grammar: grammar, loose: loose)
        return heard.isEmpty ? (utterance, found) : (alike, heard)
    }

    /// The commands the utterance says, in order; empty when it says nothing the camera does.
    static func commands(in utterance: Utterance, grammar: VoiceGrammar = .standard, loose: Bool = true) -> [Command] {
        let words = utterance.texts
        guard !words.isEmpty else { return [] }
        let commas = utterance.words.map(\.afterComma)
        let barriers = Set(commas.indices.filter { commas[$0] })
        let memo = Memo()
        let found = split(words, commas, barriers, 0..<words.count, grammar: grammar, budget: maximumCommands, memo: memo)
            ?? withoutAsides(words, commas, barriers, grammar: grammar, memo: memo)
            ?? (loose ? loosely(words, barriers, reasons: Set(utterance.words.indices.filter { utterance.words[$0].afterSo }),
                                subjects: Set(utterance.words.indices.filter { utterance.words[$0].afterSubject }),
                                closings: Set(utterance.words.indices.filter { utterance.words[$0].afterClosing }),
                                grammar: grammar, memo: memo) : nil) ?? []
        return complaintsAsReasons(mergingRestatements(mergingRepeats(found, words), words, commas), words)
    }

    /// A complaint beside a command of another control is that command's reason, not a change of its own: "turn on the
    /// light, it's too dark" is the light alone; "it's too dark, and she's too far away" is two changes; "it's too dark,
    /// take the photo" a change and a take. A trouble told with a negation ("I can't see my face", which alone asks for
    /// the front camera) beside a complaint is what the complaint causes: "it's too dark, I can't see my face" is the
    /// exposure.
    private static func complaintsAsReasons(_ commands: [Command], _ words: [String]) -> [Command] {
        let isComplaint = { (command: Command) in best(command)?.complaint ?? false }
        var commands = commands
        if commands.contains(where: isComplaint) {
            commands.removeAll { !isComplaint($0) && words[$0.words].contains(where: negations.contains) }
        }
        guard commands.contains(where: isComplaint),
              commands.contains(where: { !isComplaint($0) && !$0.candidates.contains { TakeIntents.all.contains($0.intent) } })
        else { return commands }
        return commands.filter { !isComplaint($0) }
    }

    /// The candidates of the ranges one utterance has asked for, so that trying many cuts reads each part once.
    final class Memo {
        var found: [Int: [VoiceGrammar.Candidate]] = [:]
    }

    /// The commands of `words[range]`: a take with a delay, else the whole range, else the first cut whose
    /// parts all say commands.
    private static func split(_ words: [String], _ commas: [Bool], _ barriers: Set<Int>, _ range: Range<Int>,
                              grammar: VoiceGrammar, budget: Int, memo: Memo) -> [Command]? {
        guard !range.isEmpty, budget > 0 else { return nil }
        // A delay the self-timer has ("in 10 seconds") beats the whole ("take a photo of me in 10 seconds" is not
        // a photo of "me in 10 seconds"); one it has not ("film in 2.35") only explains a sentence nothing else does.
        let delayed = budget > 1 ? delayed(words, barriers, range, grammar: grammar) : nil
        let delay = delayed?.first?.candidates.first?.slot.map { words[$0.range].joined(separator: " ") } ?? ""
        let seconds = try? SlotRecognizer.neutralResolver.resolve(.timer, .string(delay))
        if let delayed, let seconds, seconds != .timer(0) { return delayed }
        let whole = candidates(words, barriers, range, grammar, memo)
        if !whole.isEmpty { return [Command(words: range, candidates: whole)] }
        // A number of seconds the dial lacks ("in 5 seconds"): the resolver will say which it has.
        if let delayed, seconds == nil { return delayed }
        if let corrected = corrected(words, commas, barriers, range, grammar: grammar, budget: budget, memo: memo) { return corrected }
        if let timer = timerBeforeTake(words, barriers, range, grammar: grammar, memo: memo) { return timer }
        guard budget > 1 else { return restarted(words, commas, barriers, range, grammar: grammar, budget: budget, memo: memo) }
        for cut in range where joiners.contains(words[cut]) || commas[cut] {
            var rest = cut
            if joiners.contains(words[cut]) {
                rest += 1
                if words[cut] == "and", rest < range.upperBound, ["then", "after", "afterwards"].contains(words[rest]) { rest += 1 }
            }
            let left = range.lowerBound..<cut
            guard !left.isEmpty, rest < range.upperBound else { continue }
            let leftCandidates = candidates(words, barriers, left, grammar, memo)
            guard !leftCandidates.isEmpty,
                  let right = split(words, commas, barriers, rest..<range.upperBound, grammar: grammar, budget: budget - 1, memo: memo)
            else { continue }
            return [Command(words: left, candidates: leftCandidates)] + right
        }
        if let runOn = settingsThenTake(words, barriers, range, grammar: grammar, budget: budget, memo: memo) { return runOn }
        return restarted(words, commas, barriers, range, grammar: grammar, budget: budget, memo: memo)
    }

    /// Settings said one after another, then a take, with no "and" between them ("eighties mode start filming",
    /// "photo mode flash on take a pic", "ok stop recording take a photo"): the take is the longest ending that
    /// says one, and the words before it are cut anywhere into the fewest parts that each say a command.
    private static func settingsThenTake(_ words: [String], _ barriers: Set<Int>, _ range: Range<Int>,
                                         grammar: VoiceGrammar, budget: Int, memo: Memo) -> [Command]? {
        guard budget > 1, range.count >= 2 else { return nil }
        for cut in (range.lowerBound + 1)..<range.upperBound where grammar.mayBegin(words[cut], with: TakeIntents.all) {
            let take = cut..<range.upperBound
            // A take said as a noun alone after a setting is part of it: "a Polaroid 600 *shot*", "a Polaroid Swinger *photo*".
            guard take.count > 1 || CameraWords.takeOpeners.contains(words[cut]) else { continue }
            // The take's sentences alone first: most endings say none, and reading them is cheaper than all.
            guard !candidates(words, barriers, take, grammar, intents: TakeIntents.all).isEmpty else { continue }
            let found = candidates(words, barriers, take, grammar, memo)
            guard !found.isEmpty, found.allSatisfy({ TakeIntents.all.contains($0.intent) }),
                  let before = unjoined(words, barriers, range.lowerBound..<cut, grammar: grammar, budget: budget - 1, memo: memo)
            else { continue }
            // "film" alone after a look is the look's name: "the Super 8 *film*" ("Super 8, film" is a take).
            if take.count == 1, words[cut] == "film", !barriers.contains(cut),
               before.last?.candidates.contains(where: { [.setStyle, .setDecade].contains($0.intent) }) == true { continue }
            return before + [Command(words: take, candidates: found)]
        }
        return nil
    }

    /// `range` cut anywhere into the fewest parts (at most `budget`) that each say a command, none of them a take.
    private static func unjoined(_ words: [String], _ barriers: Set<Int>, _ range: Range<Int>,
                                 grammar: VoiceGrammar, budget: Int, memo: Memo) -> [Command]? {
        guard budget > 0, !range.isEmpty else { return nil }
        let whole = candidates(words, barriers, range, grammar, memo)
        if !whole.isEmpty { return whole.contains { TakeIntents.all.contains($0.intent) } ? nil : [Command(words: range, candidates: whole)] }
        guard budget > 1 else { return nil }
        for cut in (range.lowerBound + 1)..<range.upperBound {
            guard let first = unjoined(words, barriers, range.lowerBound..<cut, grammar: grammar, budget: 1, memo: memo),
                  let rest = unjoined(words, barriers, cut..<range.upperBound, grammar: grammar, budget: budget - 1, memo: memo)
            else { continue }
            return first + rest
        }
        return nil
    }

    /// Words that take back what was just said ("set the zoom to three no wait two", "go to the sixties no
    /// actually the fifties", "three second timer nah make it ten"), longest first. After "no" or "wait"
    /// alone only a command of the same intent or a new value counts ("take a photo no flash" is not a
    /// correction).
    static let corrections: [[String]] = [["no", "wait"], ["wait", "no"], ["no", "actually"], ["actually", "no"], ["no", "sorry"],
                                          ["or", "rather"], ["i", "mean"], ["make", "that"], ["actually"], ["nah"], ["no"], ["wait"]]
    /// Words before a corrected value that only lead to it: "nah *make it* ten", "no wait, *to* two".
    static let correctedValueLeads: [[String]] = [["make", "it"], ["make", "that"], ["set", "it", "to"], ["to"], ["at"], ["its"]]

    /// A command said, then taken back and said again: the second, or the first with the value said after.
    private static func corrected(_ words: [String], _ commas: [Bool], _ barriers: Set<Int>, _ range: Range<Int>,
                                  grammar: VoiceGrammar, budget: Int, memo: Memo) -> [Command]? {
        for at in (range.lowerBound + 1)..<range.upperBound {
            for marker in corrections where at + marker.count < range.upperBound
                && words[at..<(at + marker.count)].elementsEqual(marker) {
                let left = range.lowerBound..<at, rest = (at + marker.count)..<range.upperBound
                let said = candidates(words, barriers, left, grammar, memo)
                guard !said.isEmpty else { continue }
                var start = rest.lowerBound
                if let lead = correctedValueLeads.first(where: { start + $0.count < rest.upperBound && words[start..<(start + $0.count)].elementsEqual($0) }) {
                    start += lead.count
                }
                let value = start..<rest.upperBound
                let revalued = said.compactMap { candidate -> VoiceGrammar.Candidate? in
                    guard let slot = candidate.slot, SlotRecognizer.match(slot.kind, words[value]) == .exact else { return nil }
                    return VoiceGrammar.Candidate(intent: candidate.intent, slot: (slot.kind, value), values: candidate.values,
                                                  literalCount: candidate.literalCount, exact: true, sentence: candidate.sentence, loose: candidate.loose,
                                                  complaint: candidate.complaint)
                }
                if !revalued.isEmpty { return [Command(words: range, candidates: revalued)] }
                guard let again = split(words, commas, barriers, rest, grammar: grammar, budget: budget, memo: memo) else { continue }
                let sameIntent = again.first?.candidates.contains { new in said.contains { $0.intent == new.intent } } ?? false
                if marker.count > 1 || (marker != ["no"] && marker != ["wait"]) || sameIntent { return again }
            }
        }
        return nil
    }

    /// A self-timer said with what it comes before ("give me a ten second countdown *before it snaps*", "a three second
    /// timer *before the photo*"): the self-timer alone, the take it names left for the shutter; the ending must hold
    /// no negation.
    private static func timerBeforeTake(_ words: [String], _ barriers: Set<Int>, _ range: Range<Int>,
                                        grammar: VoiceGrammar, memo: Memo) -> [Command]? {
        for at in (range.lowerBound + 1)..<range.upperBound where words[at] == "before" && at + 1 < range.upperBound {
            guard !words[at..<range.upperBound].contains(where: negations.contains) else { return nil }
            let left = range.lowerBound..<at
            let found = candidates(words, barriers, left, grammar, memo)
            guard !found.isEmpty, found.allSatisfy({ $0.intent == .setTimer }) else { continue }
            return [Command(words: left, candidates: found)]
        }
        return nil
    }

    /// Words that make a part a question, which is never dropped as an aside ("take a photo, what does it do").
    static let questionWords: Set<String> = ["what", "whats", "how", "why", "where", "when", "which", "who", "does", "do",
                                             "did", "should", "if", "unless", "but"]

    /// Words an aside begins with: a subject or a link, never a verb ("open the blinds, it's too dark" is not a
    /// complaint to the camera).
    static let asideOpeners: Set<String> = ["it", "its", "is", "was", "i", "im", "ive", "thats", "that", "this", "theres",
                                            "there", "because", "cause", "cuz", "since", "we", "were", "weve"]

    /// The commands of an utterance whose other parts, cut off by commas (or a closing "please", "thanks"), are a
    /// reason or an afterthought that says nothing for the camera: "close the flash please, is too strong",
    /// "switch the light off, it's glaring", "I can't see my face, it's showing the room", or its value said again
    /// ("exposure to two, the maximum"). The longest run of parts that says commands is kept; a dropped part must
    /// say no command itself, hold no negation or question, and begin with a subject or a link (`asideOpeners`)
    /// or say the value of a command kept.
    private static func withoutAsides(_ words: [String], _ commas: [Bool], _ barriers: Set<Int>,
                                      grammar: VoiceGrammar, memo: Memo) -> [Command]? {
        let starts = [0] + commas.indices.filter { $0 > 0 && commas[$0] }
        guard starts.count > 1 else { return nil }
        let parts = starts.indices.map { starts[$0]..<(($0 + 1 < starts.count) ? starts[$0 + 1] : words.count) }
        let silent = parts.map { part in
            !words[part].contains { negations.contains($0) || questionWords.contains($0) }
                && candidates(words, barriers, part, grammar, memo).isEmpty
        }
        for length in stride(from: parts.count - 1, through: 1, by: -1) {
            for first in 0...(parts.count - length) {
                let last = first + length - 1
                guard parts.indices.allSatisfy({ (first...last).contains($0) || silent[$0] }) else { continue }
                let kept = parts[first].lowerBound..<parts[last].upperBound
                guard let found = split(words, commas, barriers, kept, grammar: grammar, budget: maximumCommands, memo: memo)
                else { continue }
                let dropped = parts.indices.filter { !(first...last).contains($0) }.map { parts[$0] }
                // A part that asks for a hand on a control is no aside: "*I want the degree at nine*, more old look".
                if dropped.allSatisfy({ (asideOpeners.contains(words[$0.lowerBound]) && !asksForAControl(words, $0))
                    || restates(found, $0, words) }) { return found }
            }
        }
        return nil
    }

    /// True when a part asks for something ("I want", "I need") that a hand on a control says.
    private static func asksForAControl(_ words: [String], _ part: Range<Int>) -> Bool {
        CameraWords.requests.contains { words[part].starts(with: $0) } && ControlFrame.command(words, part) != nil
    }

    /// True when `part` says again, alone, the value a command of `found` holds: "exposure to two, *the maximum*"
    /// (+2 EV both), "degree twelve, *the full era*".
    private static func restates(_ found: [Command], _ part: Range<Int>, _ words: [String]) -> Bool {
        let resolver = SlotRecognizer.neutralResolver
        return found.contains { command in
            guard let slot = best(command)?.slot, SlotRecognizer.match(slot.kind, words[part]) == .exact,
                  let said = try? resolver.resolve(slot.kind, .string(words[slot.range].joined(separator: " "))),
                  let again = try? resolver.resolve(slot.kind, .string(words[part].joined(separator: " ")))
            else { return false }
            return said == again
        }
    }

    /// Words that make what follows them not a command ("don't take a photo").
    static let negations: Set<String> = ["dont", "not", "never", "cant", "cannot", "wont", "shouldnt", "doesnt", "didnt",
                                         "isnt", "arent", "no", "wait", "nobody", "nothing"]

    /// A false start said again ("take a uh take a photo", "stop stop recording"): the commands from where
    /// the first word is said again, when the words dropped hold no negation.
    private static func restarted(_ words: [String], _ commas: [Bool], _ barriers: Set<Int>, _ range: Range<Int>,
                                  grammar: VoiceGrammar, budget: Int, memo: Memo) -> [Command]? {
        let start = range.lowerBound
        for again in (start + 1)..<min(range.upperBound, start + 4) {
            let dropped = words[start..<again]
            guard !dropped.contains(where: negations.contains) else { return nil }
            // The same words said again: "take a" "take a photo", "stop" "stop recording".
            let length = again - start
            guard again + length <= range.upperBound, words[again..<(again + length)].elementsEqual(dropped) else { continue }
            return split(words, commas, barriers, again..<range.upperBound, grammar: grammar, budget: budget, memo: memo)
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

    /// The same change said again in other words after a comma or "and" is one command, a restatement: "way too bright,
    /// make it much darker" (the larger step of the two), "washed out and too bright", "a bit older, one decade back", "change the camera,
    /// the other side". Said again in the same words it is done again ("brighter, brighter").
    private static func mergingRestatements(_ commands: [Command], _ words: [String], _ commas: [Bool]) -> [Command] {
        var kept: [Command] = []
        for command in commands {
            let start = command.words.lowerBound
            let joined = commas[start] || (start > 0 && words[start - 1] == "and")
            guard let last = kept.last, joined, let a = best(last), let b = best(command), a.intent == b.intent,
                  !TakeIntents.all.contains(a.intent), !words[last.words].elementsEqual(words[command.words]) else {
                kept.append(command)
                continue
            }
            if a.intent == .adjustControl {
                let steps = [a, b].map { Int($0.values[IntentParameter.steps] ?? "") ?? 0 }
                guard a.values[IntentParameter.control] == b.values[IntentParameter.control], steps[0].signum() == steps[1].signum() else {
                    kept.append(command)
                    continue
                }
                if abs(steps[1]) > abs(steps[0]) { kept[kept.count - 1] = command }
            } else if a.values != b.values || a.slot.map({ words[$0.range] }) != b.slot.map({ words[$0.range] }) {
                if !sameValue(a, b, words) { kept.append(command) }
            }
        }
        return kept
    }

    /// The candidate a command is most likely read as (the most specific, then the first written).
    static func best(_ command: Command) -> VoiceGrammar.Candidate? {
        command.candidates.max { ($0.score, -$0.sentence) < ($1.score, -$1.sentence) }
    }

    /// True when two candidates set the same value for a body fresh from the factory, each said in its slot or fixed
    /// by its sentence ("two" and "the max" of EXPOSURE are both +2 EV; "degree 12" and "go full retro" both 12).
    static func sameValue(_ a: VoiceGrammar.Candidate, _ b: VoiceGrammar.Candidate, _ words: [String]) -> Bool {
        guard a.intent == b.intent, let first = setting(a, words), let second = setting(b, words) else { return false }
        return first == second
    }

    /// The value a candidate sets, resolved for a body fresh from the factory: its slot's words, else its sentence's value.
    static func setting(_ candidate: VoiceGrammar.Candidate, _ words: [String]) -> Setting? {
        let resolver = SlotRecognizer.neutralResolver
        if let slot = candidate.slot {
            guard candidate.values.isEmpty else { return nil }
            return try? resolver.resolve(slot.kind, .string(words[slot.range].joined(separator: " ")))
        }
        guard let value = candidate.values[IntentParameter.value], candidate.values.count == 1,
              let kind = SettingKind.allCases.first(where: { $0.intent == candidate.intent }) else { return nil }
        return try? resolver.resolve(kind, .string(value))
    }

    /// Candidates found in a slice, with slot ranges moved to the utterance's word indices, read once per
    /// utterance and range.
    static func candidates(_ words: [String], _ barriers: Set<Int>, _ range: Range<Int>,
                           _ grammar: VoiceGrammar, _ memo: Memo) -> [VoiceGrammar.Candidate] {
        let key = range.lowerBound << 16 | range.upperBound
        if let known = memo.found[key] { return known }
        let found = candidates(words, barriers, range, grammar)
        memo.found[key] = found
        return found
    }

    /// Candidates found in a slice, with slot ranges moved to the utterance's word indices; only sentences of
    /// `intents` when given.
    private static func candidates(_ words: [String], _ barriers: Set<Int>, _ range: Range<Int>,
                                   _ grammar: VoiceGrammar, intents: Set<IntentName>? = nil) -> [VoiceGrammar.Candidate] {
        let offset = range.lowerBound
        let local = Set(barriers.filter { range.contains($0) && $0 != offset }.map { $0 - offset })
        let found = grammar.candidates(Array(words[range]), barriers: local, intents: intents)
        guard offset != 0 else { return found }
        return found.map { candidate in
            VoiceGrammar.Candidate(
                intent: candidate.intent,
                slot: candidate.slot.map { ($0.kind, ($0.range.lowerBound + offset)..<($0.range.upperBound + offset)) },
                values: candidate.values, literalCount: candidate.literalCount, exact: candidate.exact,
                sentence: candidate.sentence, loose: candidate.loose, complaint: candidate.complaint)
        }
    }
}
