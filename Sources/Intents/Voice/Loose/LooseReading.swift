import Body
import Foundation

extension VoiceMatcher {
    /// The commands of `words` read clause by clause when no cut of it into sentences says them all (`CameraWords`).
    ///
    /// Clauses lie between commas (and closing words such as "please"). Each is read as a whole sentence, else as a
    /// hand on one control or a value set (`ControlFrame`), else by the sentences its parts say, else cut at "and" or
    /// "then"; a clause that is only a control's name is read with the next, as a screen reader's user says it ("Zoom,
    /// swipe down"). A clause that says none is a reason or a remark and is left out when it begins with a subject
    /// ("the kids are about to blow out the candles", "I can't see the candles") or says nothing the camera knows
    /// (`isAside`); so is a reason, from "because" to the next comma ("because the band's about to start"), or from a
    /// "so" read as filler right after a command ("so you can see the dough rising"). At least one clause must say a
    /// command, and no clause read so holds a negation. Beside a command, a clause may also be left out that says what
    /// it should be like ("like on old photos"), what was not meant ("not the moving ones"), or asks for a complaint to
    /// be fixed ("can you fix that", which then needs a complaint in its direction).
    static func loosely(_ words: [String], _ barriers: Set<Int>, reasons openers: Set<Int> = [], subjects: Set<Int> = [],
                        closings: Set<Int> = [], grammar: VoiceGrammar, memo: Memo) -> [Command]? {
        guard words.count <= CameraWords.maximumWords, let first = words.first, !CameraWords.asks(words) else { return nil }
        // A reason runs from its opener to the next comma.
        var reasons = IndexSet()
        var takesAfterBefore = Set<Int>()
        for opener in words.indices.dropFirst() where !reasons.contains(opener) {
            let end = barriers.filter { $0 > opener }.min() ?? words.count
            guard CameraWords.reasonOpeners.contains(words[opener])
                    || isPurpose(opener, end, words, barriers, grammar: grammar, memo: memo) else { continue }
            if let take = takeAfterBefore(opener, end, words, barriers, grammar: grammar, memo: memo) {
                // "zoom in before you take the photo": the take comes next; only "before" and its subject are left out.
                reasons.insert(integersIn: opener..<take)
                takesAfterBefore.insert(take)
                continue
            }
            reasons.insert(integersIn: opener..<end)
        }
        // A subject and its verb said as one word begins a clause of its own: "turn the flash on *it's* kinda dark".
        let statements = words.indices.dropFirst().filter { CameraWords.contractedStatements.contains(words[$0]) }
        var starts = Set([0] + barriers.filter { $0 > 0 && $0 < words.count }).union(openers).union(statements)
        for range in reasons.rangeView { starts.formUnion([range.lowerBound, range.upperBound]) }
        starts.formUnion(takesAfterBefore)
        let cuts = starts.union([words.count]).sorted()
        var clauses = zip(cuts, cuts.dropFirst()).filter { $0 < $1 && !reasons.contains($0) }.map { $0..<$1 }
        var found: [Command] = []
        var remarked = !reasons.isEmpty
        var lastSaid = false
        var fixesAsked: [Int] = []
        while let range = clauses.first {
            clauses.removeFirst()
            // After a command, "so" opens its reason ("zoom to 2x so you can see the dough rising"); after anything else,
            // what follows from it ("I can't see the screen, so please start recording").
            if openers.contains(range.lowerBound), lastSaid {
                remarked = true
                continue
            }
            lastSaid = false
            let negated = words[range].contains(where: CameraWords.negations.contains)
            if !negated, let said = commands(ofClause: range, words, barriers, grammar: grammar, memo: memo), !said.isEmpty {
                found += said
                lastSaid = true
            } else if negated, let said = runOn(range, words, barriers, grammar: grammar, memo: memo), !said.isEmpty {
                // The negation is the remark's: "put the light on I can't see my face".
                found += said
                lastSaid = true
                remarked = true
            } else if !found.isEmpty, isContrast(words[range]) {
                // "Switch it over to photographs, *not the moving ones*": what was not meant, said to be clear.
                continue
            } else if !negated, let next = clauses.first, next.lowerBound == range.upperBound, namesOnly(words[range]) {
                // "Zoom, swipe down", "Menu, Date imprint, on": the names and the gesture are one command.
                clauses[0] = range.lowerBound..<next.upperBound
            } else if !negated, let next = clauses.first, next.lowerBound == range.upperBound,
                      !ControlFrame.mentions(words, range).isEmpty,
                      let said = ControlFrame.command(words, range.lowerBound..<next.upperBound) {
                // A control named, then what to do with it: "give me the self-timer, three seconds".
                clauses.removeFirst()
                found.append(said)
                lastSaid = true
            } else if !negated, let said = continued(found, words, range) {
                // "Zoom right out again, *all the way back out*": the same control, said once.
                found.append(said)
                lastSaid = true
            } else if !negated, let direction = fixAsked(words[range]) {
                // "It's too dark, can you fix that": the complaint says what to change.
                fixesAsked.append(direction)
            } else if let last = found.last, !last.candidates.contains(where: { [.setStyle, .setDecade].contains($0.intent) }),
                      isLikeness(words[range]) {
                // "Put the date on the photos, *like old times*."
                continue
            } else if restates(found, words[range], words) || describesAgain(found, words[range], words) || isAside(words[range], subjectLed: subjects.contains(range.lowerBound))
                        || (!found.isEmpty && isAfterthought(words[range])) {
                // A remark after "please" or "thanks" is apart from what was asked: "Betamovie please, my uncle swore by it".
                remarked = remarked || !closings.contains(range.lowerBound)
            } else {
                return nil
            }
        }
        // A fix asked for needs a complaint to say what it is, in its direction.
        if !fixesAsked.isEmpty {
            let complained = found.compactMap(best).filter(\.complaint).map { Int($0.values[IntentParameter.steps] ?? "") ?? 0 }
            guard !complained.isEmpty, fixesAsked.allSatisfy({ asked in asked == 0 || complained.contains { $0.signum() == asked } })
            else { return nil }
        }
        // A self-timer set before a take is for that take, which the shutter starts: "a ten second timer before the photo".
        if !takesAfterBefore.isEmpty, found.contains(where: { $0.candidates.contains { $0.intent == .setTimer } }) {
            found.removeAll { command in takesAfterBefore.contains(command.words.lowerBound) }
        }
        // Beside a remark, a value said alone is part of it ("the vibes in this one are so 2010s instagram"), unless
        // "please" or "thanks" closed what was asked before the remark.
        if remarked, found.contains(where: { $0.candidates.allSatisfy { $0.literalCount == 0 } }) { return nil }
        return merged(found, words, barriers)
    }

    /// Where a take said after "before" begins, when what follows "before" (and its subject: "you", "we", "i") to
    /// `end` says takes and nothing else: "go to the eighties *before you start recording*" asks for both, in that
    /// order. Anything else after "before" is a reason ("switch to mono before the band starts").
    private static func takeAfterBefore(_ opener: Int, _ end: Int, _ words: [String], _ barriers: Set<Int>,
                                        grammar: VoiceGrammar, memo: Memo) -> Int? {
        guard words[opener] == "before" else { return nil }
        var start = opener + 1
        if start < end, ["you", "we", "i", "u"].contains(words[start]) { start += 1 }
        guard start < end, !words[start..<end].contains(where: CameraWords.negations.contains),
              let said = commands(ofClause: start..<end, words, barriers, grammar: grammar, memo: memo), !said.isEmpty,
              onlyStartsTakes(said)
        else { return nil }
        return start
    }

    /// True when "for" and a determiner open what the shot is for, to `end`: "punch in to two x *for the close-up*",
    /// "turn on the light *for the recording*" (a take named there is what the light is for). It names something of the
    /// camera's and goes on to nothing else; "turn the lights off *for the cake*" is the room's lights. What sets a control
    /// is no purpose: "go *for the eighties*".
    private static func isPurpose(_ opener: Int, _ end: Int, _ words: [String], _ barriers: Set<Int>,
                                  grammar: VoiceGrammar, memo: Memo) -> Bool {
        guard words[opener] == "for", opener + 1 < end, CameraWords.determiners.contains(words[opener + 1]),
              case let named = words[(opener + 2)..<end], named.contains(where: CameraWords.known.contains),
              !named.contains(where: joiners.contains) else { return false }
        let said = commands(ofClause: opener + 1..<end, words, barriers, grammar: grammar, memo: memo) ?? []
        return onlyStartsTakes(said)
    }

    /// A complaint someone else made, passed on: "my friend *says* the picture looks too dark" (a screen reader's user
    /// hears it from whoever sees the screen). Only a complaint: "my friend says the eighties look is best" is a remark.
    private static func complaintPassedOn(_ range: Range<Int>, _ words: [String], _ barriers: Set<Int>,
                                          grammar: VoiceGrammar, memo: Memo) -> Command? {
        guard let verb = range.dropFirst().prefix(3).first(where: { CameraWords.passingOn.contains(words[$0]) }),
              words[range.lowerBound..<verb].allSatisfy({ CameraWords.leftover($0) != .camera }) else { return nil }
        var start = verb + 1
        while start < range.upperBound, ["me", "us", "that"].contains(words[start]) { start += 1 }
        guard start < range.upperBound else { return nil }
        let said = candidates(words, barriers, start..<range.upperBound, grammar, memo)
        guard !said.isEmpty, said.allSatisfy(\.complaint) else { return nil }
        return Command(words: start..<range.upperBound, candidates: said)
    }

    /// The direction a clause that asks for a fix without naming what to change says (0 for none: "can you fix that",
    /// "do something about it"; -1 for "knock it down"); nil when it says anything else.
    private static func fixAsked(_ clause: ArraySlice<String>) -> Int? {
        let links: Set<String> = ["out", "about", "up", "down", "please", "me", "for"]
        guard clause.allSatisfy({ CameraWords.freeWords.contains($0) || CameraWords.fixWords.contains($0)
                  || CameraWords.fixDirectionVerbs.contains($0) || links.contains($0) || joiners.contains($0) }) else { return nil }
        let up = clause.contains("up"), down = clause.contains("down")
        if clause.contains(where: CameraWords.fixDirectionVerbs.contains), up != down { return up ? 1 : -1 }
        guard clause.contains(where: { CameraWords.fixWords.subtracting(["do"]).contains($0) }), !up, !down else { return nil }
        return 0
    }

    /// True when a clause only says what is not meant, naming no control, value, take, direction or number: "*not the
    /// room*", "*not the moving ones*"; not "not out" (a direction) nor "not the eighties" (a value).
    private static func isContrast(_ clause: ArraySlice<String>) -> Bool {
        let words = Array(clause.drop { joiners.contains($0) })
        guard words.count >= 2, words[0] == "not" else { return false }
        let said = words.dropFirst()
        let directions = ControlFrame.up.union(ControlFrame.down).union(["in", "out", "on", "off"])
        // "No, *not you*": said to someone, the camera was not spoken to; "not now", "not yet": not at this time.
        let people: Set<String> = ["you", "me", "him", "her", "them", "us"]
        let times: Set<String> = ["now", "yet", "today", "tonight", "tomorrow", "later", "again", "fast", "quick", "quickly",
                                  "time", "ever", "anymore"]
        return ControlFrame.mentions(words, 0..<words.count).isEmpty && !namesAValueAlone(words)
            && !said.contains { CameraWords.takeOpeners.contains($0) || directions.contains($0) || $0.first?.isNumber == true
                || ValueForms.units.contains($0) || people.contains($0) || times.contains($0) }
    }

    /// True when every reading of every command takes a photo or starts a clip.
    private static func onlyStartsTakes(_ said: [Command]) -> Bool {
        said.allSatisfy { $0.candidates.allSatisfy { [.takePhoto, .startClip].contains($0.intent) } }
    }

    /// True when a clause only says again, in other words, the value a command before it sets: "four by three format, *the
    /// squarish one*", "switch it over to photographs, *the still pictures*".
    private static func restates(_ found: [Command], _ clause: ArraySlice<String>, _ said: [String]) -> Bool {
        // The value said in a slot or fixed by what was read ("make the picture boxier, *like an old TV*").
        guard let last = found.last, let candidate = best(last),
              let kind = candidate.slot?.kind ?? SettingKind.allCases.first(where: { $0.intent == candidate.intent }),
              let value = setting(candidate, said) else { return false }
        let resolver = SlotRecognizer.neutralResolver
        let words = Array(clause)
        // "the *really* wide one" asks for more than "widescreen" said before it.
        if words.contains(where: ["really", "very", "super", "extra", "even", "more", "most", "much"].contains) { return false }
        for start in words.indices {
            for end in stride(from: min(words.count, start + VoiceGrammar.maximumSlotWords), to: start, by: -1)
            where SlotRecognizer.match(kind, words[start..<end]) == .exact {
                let carriesNothing = { (word: String) in
                    CameraWords.freeWords.contains(word) || ControlFrame.lookNouns.contains(word) || word == "shape"
                }
                // After the value, a remark may follow: "four times *I think the lady said*".
                return (try? resolver.resolve(kind, .string(words[start..<end].joined(separator: " ")))) == value
                    && words[..<start].allSatisfy(carriesNothing)
                    && (words[end...].allSatisfy(carriesNothing) || CameraWords.remarkSubjects.contains(words[end]) && isAside(words[end...]))
            }
        }
        return false
    }

    /// True when a clause after a value said by its number only describes that control's value in words of its own,
    /// with no number: "degree 2, *subtle*", "put the degree on 3, *just a hint of it*".
    private static func describesAgain(_ found: [Command], _ clause: ArraySlice<String>, _ said: [String]) -> Bool {
        guard let last = found.last, let candidate = best(last), let slot = candidate.slot, saysANumber(last, said),
              let row = slot.kind.row, let middle = slot.kind.middle, let number = setting(candidate, said)?.number
        else { return false }
        // Only words of the half of the dial the number is on: "degree 2, *subtle*", not "degree 2, *all out*".
        let high = number >= middle
        let sameHalf = row.voice.values.filter { value in
            (try? SlotRecognizer.neutralResolver.resolve(slot.kind, .string(value.value)))?.number.map { ($0 >= middle) == high } ?? false
        }
        let described = Set(((high ? row.voice.most : row.voice.least) + sameHalf.map(\.spoken)).flatMap(ControlFrame.words))
            .subtracting(ValueForms.units).filter { $0.first?.isNumber != true }
        // Words of measure that say no other value: "nothing more", "barely there".
        let measureWords: Set<String> = clause.contains("nothing") ? ["nothing", "more", "much"] : ["barely", "there"]
        return clause.contains(where: described.contains)
            && clause.allSatisfy { described.contains($0) || CameraWords.freeWords.contains($0) || measureWords.contains($0) }
    }

    /// True when a command says more than its value and articles: "put the light on", not "the nineties".
    private static func saysAVerb(_ command: Command, _ words: [String]) -> Bool {
        guard let candidate = best(command) else { return false }
        return command.words.contains { index in
            !(candidate.slot?.range.contains(index) ?? false) && !["the", "a", "an"].contains(words[index])
        }
    }

    /// A clause that names no control but says where the one the command before it turned ends: "zoom right out, *all the
    /// way back out*".
    private static func continued(_ found: [Command], _ words: [String], _ range: Range<Int>) -> Command? {
        guard let last = found.last.flatMap(best), ControlFrame.mentions(words, range).isEmpty,
              words[range].contains(where: { ["all", "far", "max", "maximum", "min", "minimum", "reset", "normal"].contains($0) })
        else { return nil }
        let control = last.intent == .adjustControl ? last.values[IntentParameter.control].flatMap(ControlID.init(rawValue:))
            : last.slot.flatMap { $0.kind.row?.id }
        guard let control, control.row.kind == .adjustable else { return nil }
        return ControlFrame.command(words, range, implied: control)
    }

    /// True when a clause is only the names of controls, as a screen reader's user says them before the gesture.
    static func namesOnly(_ clause: ArraySlice<String>) -> Bool {
        let words = Array(clause)
        let named = ControlFrame.mentions(words, 0..<words.count).reduce(into: IndexSet()) { $0.insert(integersIn: $1.range) }
        return !named.isEmpty && words.indices.allSatisfy { named.contains($0) || words[$0] == "the" }
    }

    /// True when a clause that says no command is a reason or a remark: it begins with a subject, or says nothing the
    /// camera knows; and it names no control, nor a complaint ("and she's *too* far away"), nor (unless it states
    /// something, "my dad *had* a Super 8 back then") a take or a value said alone. Only a clause that begins with a
    /// subject may hold a negation ("I can't see the candles"); `subjectLed` when its subject was read as filler ("*I want
    /// to* get the cat on the windowsill").
    private static func isAside(_ clause: ArraySlice<String>, subjectLed: Bool = false) -> Bool {
        var clause = clause
        while let first = clause.first, joiners.contains(first) { clause = clause.dropFirst() }
        guard let first = clause.first else { return true }
        let words = Array(clause)
        // "No, …" alone is a hesitation; a clause with its verb of being is a statement whoever its subject ("*Eileen is*
        // just about to blow out the candles").
        if words.allSatisfy({ $0 == "no" || $0 == "nope" }) { return true }
        // The way to the MENU's rows: "Menu, double tap, Date imprint, on".
        if let menu = ControlFrame.mentions(words, 0..<words.count).first, menu.name.control == .menu, menu.range == 0..<menu.range.upperBound,
           words[menu.range.upperBound...].allSatisfy({ ControlFrame.press.contains($0) || $0 == "tap" }) { return true }
        // "Like we used to…": a comparison with a subject of its own is a remark too.
        let compared = first == "like" && words.count > 1 && CameraWords.subjects.contains(words[1]) && words[1] != "the"
        let subject = subjectLed || compared || CameraWords.subjects.contains(first) || words.contains(where: CameraWords.statements.contains)
        let story = subject && words.contains(where: CameraWords.reporting.contains)
        // A complaint is no aside unless someone or something else is its subject ("the candles are too dim"): the
        // camera's own complaints were read as commands before this is asked.
        if !story && !ControlFrame.mentions(words, 0..<words.count).isEmpty || (words.contains("too") && !subject) { return false }
        if !subject, words.contains(where: CameraWords.negations.contains) { return false }
        if !(subject && words.contains(where: CameraWords.statementVerbs.contains)) {
            if words.contains(where: CameraWords.takeOpeners.contains) || namesAValueAlone(words) { return false }
        }
        return subject || !clause.contains { CameraWords.leftover($0) == .camera }
    }

    /// True when a clause after a command, which says no command itself, is the speaker's afterthought about it: it
    /// begins with a subject and its verb ("*it's* ever so dim in here", "*I think* that's the one", "*that was* my very
    /// first camera", "*my nan wants* it to look like her wedding album", "*let's* see what that one looks like"). Not when it asks for something ("*I want* the flash on"),
    /// complains ("it's *too* dark"), says no to a control ("I *don't* want the flash") or names a value alone ("it's
    /// the *eighties* I want"). A comparison is not one: "go widescreen, *like the really wide one*" says which.
    private static func isAfterthought(_ clause: ArraySlice<String>) -> Bool {
        var words = Array(clause)
        while let first = words.first, joiners.contains(first) || first == "and" { words.removeFirst() }
        guard words.count >= 2, !words.contains("too") else { return false }
        // The subject may be anyone's: "*my nan* wants it to look like her wedding album", "*mum* likes it that way".
        let verb = words.indices.dropFirst().prefix(3).first {
            CameraWords.statementVerbs.contains(words[$0]) || CameraWords.negations.contains(words[$0])
                || CameraWords.afterthoughtVerbs.contains(words[$0])
        }
        let subject = verb.map { verb in
            words[..<verb].allSatisfy { CameraWords.subjects.contains($0) || CameraWords.remarkSubjects.contains($0)
                || CameraWords.programs.contains($0) || CameraWords.leftover($0) != .camera }
        } ?? false
        let opensStatement = CameraWords.contractedStatements.contains(words[0]) || words[0] == "lets" || subject
        guard opensStatement, !CameraWords.requests.contains(where: { words.starts(with: $0) }) else { return false }
        if words.contains(where: CameraWords.negations.contains), !ControlFrame.mentions(words, 0..<words.count).isEmpty {
            return false
        }
        let story = words.contains(where: CameraWords.reporting.contains)
        return story || !namesAValueAlone(words)
    }

    /// True when some words of `words` name a decade, a dial's entry or a format said alone ("the *eighties*"); not
    /// "today" or "now" said of when ("my hair looks good *today*"), only of a look ("the look *of today*").
    private static func namesAValueAlone(_ words: [String]) -> Bool {
        words.indices.contains { start in
            ((start + 1)...min(words.count, start + VoiceGrammar.maximumSlotWords)).contains { end in
                if end == start + 1, ["today", "now", "nowadays"].contains(words[start]),
                   start == 0 || !["of", "from", "like", "as"].contains(words[start - 1]) { return false }
                return [SettingKind.decade, .style, .format].contains { SlotRecognizer.acceptsBare($0, words[start..<end]) }
            }
        }
    }

    /// Commands side by side that say the same intent ("widescreen 2.39 to 1", "way brighter like a lot brighter") as
    /// one when they say the same change, the larger step of two; a dial's number beside a description of it on the
    /// same half of the dial as the number ("degree 2, subtle"); nil when they say different values, which would be a
    /// guess; nil for no commands.
    private static func merged(_ found: [Command], _ words: [String], _ barriers: Set<Int>) -> [Command]? {
        var commands: [Command] = []
        for command in found {
            guard let last = commands.last, let a = best(last), let b = best(command) else {
                commands.append(command)
                continue
            }
            // A value said by its number, and the same control described beside it: the number ("degree 2, subtle", "I want
            // the degree at nine, more old look", "just a hint of period, degree one").
            if let controlID = control(of: a), controlID == control(of: b),
               let kind = SettingKind.allCases.first(where: { $0.row?.id.rawValue == controlID }), ControlFrame.numberKinds.contains(kind) {
                let numbered = [last, command].map { saysANumber($0, words) }
                if numbered[0] != numbered[1], isDescription(numbered[0] ? b : a),
                   describesTheSameSide(number: numbered[0] ? a : b, description: numbered[0] ? b : a, of: kind, words) {
                    commands[commands.count - 1] = numbered[0] ? last : command
                    continue
                }
            }
            // A step, then where the same control ends: the end ("zoom right out, all the way back out").
            if a.intent == .adjustControl, let kind = SettingKind.allCases.first(where: { $0.intent == b.intent }),
               kind.row?.id.rawValue == a.values[IntentParameter.control] {
                commands[commands.count - 1] = command
                continue
            }
            guard a.intent == b.intent, !TakeIntents.all.contains(a.intent), !repeatable.contains(a.intent) || a.intent == .adjustControl else {
                commands.append(command)
                continue
            }
            if a.intent == .adjustControl {
                let steps = [a, b].map { Int($0.values[IntentParameter.steps] ?? "") ?? 0 }
                guard a.values[IntentParameter.control] == b.values[IntentParameter.control], steps[0].signum() == steps[1].signum()
                else { commands.append(command); continue }
                if abs(steps[1]) > abs(steps[0]) { commands[commands.count - 1] = command }
            } else if !(a.slot == nil && b.slot == nil && a.values == b.values), !sameValue(a, b, words) {
                return nil
            }
        }
        return commands.isEmpty ? nil : commands
    }

    /// The control a candidate sets or turns.
    private static func control(of candidate: VoiceGrammar.Candidate) -> String? {
        if candidate.intent == .adjustControl { return candidate.values[IntentParameter.control] }
        return SettingKind.allCases.first { $0.intent == candidate.intent }?.row?.id.rawValue
    }

    /// True when a command says a number: "degree *2*", "at *nine*".
    private static func saysANumber(_ command: Command, _ words: [String]) -> Bool {
        words[command.words].contains { $0.first?.isNumber == true || ValueForms.units.contains($0) || ValueForms.tens[$0] != nil }
    }

    /// True when a description falls on the same half of a dial as the number it is said beside: "degree 2, *subtle*",
    /// "the degree at nine, *more old look*"; not "degree 2, *all out*".
    private static func describesTheSameSide(number: VoiceGrammar.Candidate, description: VoiceGrammar.Candidate,
                                             of kind: SettingKind, _ words: [String]) -> Bool {
        guard let said = setting(number, words).flatMap(\.number), let middle = kind.middle else { return false }
        if description.intent == .adjustControl {
            let steps = Int(description.values[IntentParameter.steps] ?? "") ?? 0
            return steps > 0 ? said >= middle : said <= middle
        }
        guard let described = setting(description, words).flatMap(\.number) else { return false }
        return (said >= middle) == (described >= middle)
    }

    /// True when a candidate describes where a control should be rather than saying it: one step, or a value by a
    /// word ("subtle", "a hint").
    private static func isDescription(_ candidate: VoiceGrammar.Candidate) -> Bool {
        if candidate.intent == .adjustControl { return abs(Int(candidate.values[IntentParameter.steps] ?? "") ?? 0) == 1 }
        return true
    }

    /// The commands of one clause, none when it says none.
    private static func commands(ofClause clause: Range<Int>, _ words: [String], _ barriers: Set<Int>,
                                 grammar: VoiceGrammar, memo: Memo) -> [Command]? {
        var range = clause
        while let first = range.first, joiners.contains(words[first]) { range = range.dropFirst() }
        guard !range.isEmpty else { return nil }
        let whole = candidates(words, barriers, range, grammar, memo)
        if !whole.isEmpty { return [Command(words: range, candidates: whole)] }
        if let passedOn = complaintPassedOn(range, words, barriers, grammar: grammar, memo: memo) { return [passedOn] }
        // A format by its likeness may begin as a subject does: "*those* wide cinema bars at the top and bottom".
        if CameraWords.determiners.contains(words[range.lowerBound]),
           let format = ControlFrame.formatByLikeness(words, range, covering: ControlFrame.mentions(words, range)) {
            return [format]
        }
        // A clause that begins with a subject says a command only as a whole sentence ("it's too dark"); else it is a
        // remark ("it still looks too modern", "the sky is all blown out"). "The" before a control's name is no subject,
        // nor "I want" before what is wanted.
        if CameraWords.subjects.contains(words[range.lowerBound]),
           !(words[range.lowerBound] == "the" && ControlFrame.mentions(words, range).first?.range.lowerBound == range.lowerBound + 1),
           !CameraWords.requests.contains(where: { words[range].starts(with: $0) }) {
            return runOn(range, words, barriers, grammar: grammar, memo: memo)
        }
        if let look = lookBeforeItsMemory(range, words, barriers, grammar: grammar, memo: memo) { return look }
        // A statement is not a command, whatever it holds: "like *I'm* back in 1975".
        if words[range].contains(where: CameraWords.statements.contains) { return nil }
        if let frame = ControlFrame.command(words, range) { return [frame] }
        if let parts = parts(words, barriers, range, grammar: grammar, memo: memo) { return parts }
        for cut in range.dropFirst() where joiners.contains(words[cut]) {
            guard let left = commands(ofClause: range.lowerBound..<cut, words, barriers, grammar: grammar, memo: memo),
                  let right = commands(ofClause: cut..<range.upperBound, words, barriers, grammar: grammar, memo: memo)
            else { continue }
            return left + right
        }
        // What the command points at, or is for, said after it: "zoom in a little *on the baby*", "push in to 3.5x *on the
        // lens*", "fire one off *for continuity*".
        let pointing: [(words: Set<String>, allows: (IntentName) -> Bool)] = [
            (CameraWords.pointers, CameraWords.aimed.contains), (CameraWords.purposes, { !CameraWords.householdIntents.contains($0) }),
        ]
        for (pointers, allows) in pointing {
            guard let target = pointedAt(range, words, by: pointers),
                  let aimed = commands(ofClause: range.lowerBound..<target, words, barriers, grammar: grammar, memo: memo),
                  aimed.allSatisfy({ $0.candidates.allSatisfy { allows($0.intent) } })
            else { continue }
            return aimed
        }
        // What it should be like, said after it: "put the date in the corner *like on old photos*". Not after a look,
        // which the likeness may name otherwise ("black and white *like an old detective film*" is film noir).
        if let like = range.dropFirst(2).first(where: { CameraWords.likenessOpeners.contains(words[$0]) }),
           isLikeness(words[like..<range.upperBound]),
           let said = commands(ofClause: range.lowerBound..<like, words, barriers, grammar: grammar, memo: memo),
           said.allSatisfy({ $0.candidates.allSatisfy { !CameraWords.householdIntents.union([.setStyle, .setDecade]).contains($0.intent) } }) {
            return said
        }
        return runOn(range, words, barriers, grammar: grammar, memo: memo)
    }

    /// A look named by its entry or decade, then whose it was or when: "give it that Hi8 look *my dad's camcorder had*",
    /// "like a VHS camcorder *from when I was little*". The tail opens with whose or when (`CameraWords.memoryOpeners`:
    /// "VHS look *was* awful" is a remark), tells a memory (`CameraWords.memoryWords`), says no
    /// negation, and no word of the camera's but a look's nouns, those a likeness is told with, people and links; the
    /// words before it say one look alone.
    private static func lookBeforeItsMemory(_ range: Range<Int>, _ words: [String], _ barriers: Set<Int>,
                                            grammar: VoiceGrammar, memo: Memo) -> [Command]? {
        guard range.count >= 3 else { return nil }
        for end in stride(from: range.upperBound - 1, to: range.lowerBound + 1, by: -1) {
            let tail = words[end..<range.upperBound]
            guard tail.count <= CameraWords.maximumLikenessWords, CameraWords.memoryOpeners.contains(words[end]),
                  tail.contains(where: CameraWords.memoryWords.contains),
                  !tail.contains(where: CameraWords.negations.contains),
                  tail.allSatisfy({ CameraWords.leftover($0) != .camera || ControlFrame.lookNouns.contains($0)
                      || CameraWords.likenessWords.contains($0) || CameraWords.memoryWords.contains($0)
                      || ControlFrame.tailOpeners.contains($0) || CameraWords.subjects.contains($0) || CameraWords.determiners.contains($0) }),
                  !namesAValueAlone(Array(tail))
            else { continue }
            guard let said = commands(ofClause: range.lowerBound..<end, words, barriers, grammar: grammar, memo: memo),
                  said.count == 1, said[0].candidates.allSatisfy({ [.setStyle, .setDecade].contains($0.intent) })
            else { return nil }
            return said
        }
        return nil
    }

    /// True when words from "like" or "as" on only say what something should be like, with none of the camera's words
    /// but those a likeness is told with: "*like the little orange numbers on all our old snaps*", "*like old times*",
    /// "*as we used to do on the old Pentax*"; not "like a lot" (an amount), nor "like the eighties" (a look).
    static func isLikeness(_ words: ArraySlice<String>) -> Bool {
        guard let first = words.first, CameraWords.likenessOpeners.contains(first), words.count >= 2,
              words.count <= CameraWords.maximumLikenessWords else { return false }
        return words.dropFirst().allSatisfy { word in
            CameraWords.leftover(word) != .camera || ControlFrame.lookNouns.contains(word) || CameraWords.likenessWords.contains(word)
                || ControlFrame.tailOpeners.contains(word)
        } && !namesAValueAlone(Array(words))
    }

    /// Where a clause's last words say what a command points at ("on", "at", "towards") or is for ("for"), then one to
    /// four words that are no word of the grammar nor a number (a word of a dial's entry is one: "the *baby*"), or carry
    /// nothing, or name a part of a face or the lens; none of another app's or device's ("zoom in on the *map*", "on my
    /// *phone*"), nor someone else's ("zoom out on *your* phone").
    private static func pointedAt(_ range: Range<Int>, _ words: [String], by pointers: Set<String>) -> Int? {
        guard let at = range.dropFirst().last(where: { pointers.contains(words[$0]) }) else { return nil }
        let rest = words[(at + 1)..<range.upperBound]
        guard (1...4).contains(rest.count),
              rest.allSatisfy({ CameraWords.freeWords.contains($0) || CameraWords.targets.contains($0)
                  || (!CameraWords.known.contains($0) && $0.first?.isNumber != true && !CameraWords.otherThings.contains($0)) }),
              rest.contains(where: { !CameraWords.freeWords.contains($0) }),
              !rest.contains(where: { $0 == "your" || CameraWords.devices.contains($0) }) else { return nil }
        return at
    }

    /// A command and a remark said without a comma between them: the remark after the command, from its subject on ("put
    /// the light on *I can't see my face*"), or a short one before it ("*I'm ready* start filming").
    private static func runOn(_ range: Range<Int>, _ words: [String], _ barriers: Set<Int>,
                              grammar: VoiceGrammar, memo: Memo) -> [Command]? {
        for cut in range.dropFirst() where CameraWords.remarkSubjects.contains(words[cut]) {
            guard isAside(words[cut..<range.upperBound]), !words[range.lowerBound..<cut].contains(where: CameraWords.negations.contains),
                  let left = commands(ofClause: range.lowerBound..<cut, words, barriers, grammar: grammar, memo: memo),
                  !left.isEmpty, left.allSatisfy({ saysAVerb($0, words) }) else { continue }
            return left
        }
        // "I'm ready, …": a subject and its verb said as one word, a word or two, then a command that begins with its verb.
        guard CameraWords.contractedStatements.contains(words[range.lowerBound]) else { return nil }
        for cut in (range.lowerBound + 1)..<min(range.upperBound, range.lowerBound + 3)
        where !words[range.lowerBound..<cut].contains(where: { CameraWords.leftover($0) == .camera })
            && CameraWords.imperatives.contains(words[cut]) {
            if let right = commands(ofClause: cut..<range.upperBound, words, barriers, grammar: grammar, memo: memo), !right.isEmpty,
               !right.contains(where: { $0.candidates.allSatisfy { $0.literalCount == 0 } }) {
                return right
            }
        }
        return nil
    }

    /// The parts of a clause that sentences say whole, covering the most words with the fewest parts, when every word
    /// left between and around them carries nothing (`CameraWords.freeWords`): "*sixties* *super 8* and *roll*",
    /// "like a lot *brighter*". A take or a pause is read so only alone, and a value said alone only beside other values.
    private static func parts(_ words: [String], _ barriers: Set<Int>, _ clause: Range<Int>,
                              grammar: VoiceGrammar, memo: Memo) -> [Command]? {
        var found: [Int: [(end: Int, candidates: [VoiceGrammar.Candidate])]] = [:]
        for start in clause where !CameraWords.freeWords.contains(words[start]) {
            for end in (start + 1)...min(clause.upperBound, start + CameraWords.maximumPartWords) where start..<end != clause {
                let said = candidates(words, barriers, start..<end, grammar, memo).filter(\.exact)
                guard !said.isEmpty, !said.contains(where: { CameraWords.wholeOnly.contains($0.intent) }) else { continue }
                found[start, default: []].append((end, said))
            }
        }
        struct Cover { var covered = 0; var commands: [Command] = [] }
        var covers: [Int: Cover] = [clause.upperBound: Cover()]
        for start in clause.reversed() {
            var chosen = covers[start + 1]!
            for part in found[start] ?? [] {
                let rest = covers[part.end]!
                let covered = part.end - start + rest.covered
                if covered > chosen.covered || (covered == chosen.covered && rest.commands.count + 1 < chosen.commands.count) {
                    chosen = Cover(covered: covered, commands: [Command(words: start..<part.end, candidates: part.candidates)] + rest.commands)
                }
            }
            covers[start] = chosen
        }
        guard let cover = covers[clause.lowerBound], !cover.commands.isEmpty else { return nil }
        // Values said alone may stand side by side; beside a command said with words they are part of it ("the format
        // wide of *cinema*").
        let bare = cover.commands.allSatisfy { $0.candidates.allSatisfy { $0.literalCount == 0 } }
        if cover.commands.count > 1, !bare, cover.commands.contains(where: { $0.candidates.allSatisfy { $0.literalCount == 0 } }) {
            return nil
        }
        for index in clause where !cover.commands.contains(where: { $0.words.contains(index) }) {
            guard bare ? CameraWords.valueLinks.contains(words[index])
                       : CameraWords.freeWords.contains(words[index]) || joiners.contains(words[index]) else { return nil }
        }
        // Between two parts only "and", "then" or an article: "wide *of* cinema" is one thing said, not two.
        for (left, right) in zip(cover.commands, cover.commands.dropFirst())
        where !words[left.words.upperBound..<right.words.lowerBound].allSatisfy({ joiners.contains($0) || ["a", "an", "the"].contains($0) }) {
            return nil
        }
        let intents = Set(cover.commands.compactMap { best($0)?.intent })
        if cover.commands.count > 1, intents.count > 1, !intents.isDisjoint(with: CameraWords.transport) { return nil }
        return cover.commands
    }
}
