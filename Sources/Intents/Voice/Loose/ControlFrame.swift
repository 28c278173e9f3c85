import Body

/// One clause read as what a hand does to one control, whatever the verb: the control by one of its names
/// (`ControlTable`), and a value of it, an end, its factory position, a direction with a count, or a press
/// ("*spin* the decade wheel round to the eighties", "*knock* the style dial back a click", "*shove* the exposure
/// rocker all the way up", "*poke* the audio button"). The verb is not read: any verb a hand can do says the same
/// when the rest says what to do. A clause that names no control may still set one by a value only it has, said
/// with a verb that sets ("switch it over to Single 8") or as a look ("make it look like a 90s disposable").
///
/// What the rest says must be whole: a word the camera knows that is not part of the gesture (another control, a
/// value of another kind, a take, a negation) leaves the clause unread, and so does a word of another app's
/// (`CameraWords.otherThings`). A word the camera does not know may be the verb that opens the clause, or describe
/// a look; nowhere else.
enum ControlFrame {
    /// A control's name, as the matcher compares words, and what it names.
    struct Name: Sendable {
        let words: [String]
        let control: ControlID?
        let kind: SettingKind?
        /// True when the name names the control only with a part after it: "the *style dial*", not "the style".
        var needsPart = false
    }

    /// Names by their first word, longest first. A name that is also a word carrying nothing ("look", "effect") or an
    /// everyday word ("film", "clock") names the control here only with a part after it ("the style dial").
    static let names: [String: [Name]] = {
        var all: [Name] = []
        for row in ControlTable.rows where row.kind != .readout && row.id != .undo {
            let kind = SettingKind.allCases.first { $0.row?.id == row.id }
            for name in ControlSentences.ownNames(row) {
                all.append(Name(words: words(name), control: row.id, kind: kind))
            }
        }
        for name in MenuRowID.dateImprint.voice.names {
            all.append(Name(words: words(name), control: nil, kind: .dateImprint))
        }
        let kept = all.filter { !$0.words.isEmpty }.map { name in
            var name = name
            name.needsPart = name.words.count == 1 && (CameraWords.freeWords.contains(name.words[0]) || everydayNames.contains(name.words[0]))
            return name
        }
        return Dictionary(grouping: kept) { $0.words[0] }.mapValues { $0.sorted { $0.words.count > $1.words.count } }
    }()

    /// Names of controls that are everyday words too: alone, they do not name the control here.
    static let everydayNames: Set<String> = ["film", "stock", "clock", "frame", "level", "amount", "age", "year", "years",
                                             "grade", "date", "delay", "dial", "option", "era", "eras", "lights"]

    /// What a control is, said after its name: "the decade *wheel*", "the degree *knob*".
    static let parts: Set<String> = Set(ControlTable.rows.flatMap(\.voice.parts) + VoiceGestures.parts
        + ["knob", "button", "dial", "wheel", "lever", "rocker", "switch", "slider", "ring", "key", "thingy"])

    /// Words before a control's name that describe the body, not another thing: "the *tiny* audio button".
    static let bodyAdjectives: Set<String> = ["tiny", "little", "small", "big", "large", "red", "round", "main", "top", "side",
                                              "mini", "silver", "black"]

    /// Words that move a control up, whichever it is.
    static let up: Set<String> = ["up", "higher", "more", "forward", "forwards", "ahead", "increase", "raise", "boost",
                                  "clockwise", "upward", "upwards", "next"]
    /// Words that move it down.
    static let down: Set<String> = ["down", "lower", "less", "back", "backward", "backwards", "decrease", "reduce",
                                    "anticlockwise", "counterclockwise", "downward", "downwards", "previous"]
    /// Words that say "as far as it goes" with a direction.
    static let allTheWay: [[String]] = ["all the way", "to the end", "as much as possible", "fully", "completely"].map(words)
        + ["it goes", "possible", "it will go", "itll go", "it can go", "it can"].flatMap { end in
            ["", "up", "down", "back", "forward", "in", "out"].map { words("as far \($0) as \(end)") }
        }
    /// Words that say the highest end alone.
    static let maximum: [[String]] = (VoiceGestures.maximum + VoiceGestures.maxOut + ["newest", "latest", "the newest", "the latest",
                                                                                      "most recent", "the most recent", "newest one",
                                                                                      "the newest one", "latest one", "the latest one"]).map(words)
    /// The lowest end alone.
    static let minimum: [[String]] = (VoiceGestures.minimum + VoiceGestures.minOut + ["oldest", "earliest", "the oldest",
                                                                                      "the earliest", "oldest one", "the oldest one",
                                                                                      "earliest one", "the earliest one"]).map(words)
    /// Words that say the factory position.
    static let home: [[String]] = (VoiceGestures.reset + VoiceGestures.home + ["back to normal"]).map(words)
    /// Verbs of a hand that also begin a take's sentence ("*roll* camera"): before a control's name, the hand's.
    static let handVerbs: Set<String> = ["roll", "flick", "flip", "punch", "fire", "hit"]
    /// Words that open what a gesture is for or where it points: "zoom in *on* the cake", "*for* my calls".
    static let tailOpeners: Set<String> = ["for", "on", "at", "with", "by", "near", "from", "of", "in", "into", "onto", "to"]
    /// How many times a button is pressed when it is once: "push REC *one time*".
    static let once: [[String]] = [["once"], ["one", "time"], ["a", "time"], ["one", "press"]]
    /// Words a hand says to press: the gestures' own and a few more.
    static let press: Set<String> = Set(VoiceGestures.press.flatMap(words)
        + ["poke", "jab", "smack", "mash", "thumb", "activate", "trigger", "engage", "double"])
    /// Words for a step: "a click", "two notches".
    static let stepWords: Set<String> = ["click", "clicks", "notch", "notches", "step", "steps", "time", "times", "tick", "ticks",
                                         "detent", "detents", "position", "positions", "place", "places", "spot", "spots"]
    /// Verbs and links a gesture is said with, which say nothing of what it does.
    static let gestureWords: Set<String> = Set((VoiceGestures.set + VoiceGestures.nudge + VoiceGestures.allTheWay
        + VoiceGestures.raise + VoiceGestures.lower + VoiceGestures.to).flatMap(words))
        .union(["over", "round", "around", "by", "from", "at", "onto", "give", "get", "go", "let", "have", "do", "try",
                "want", "need", "would", "like", "use", "bring", "same", "please"])
        .subtracting(up).subtracting(down).subtracting(["in", "out"]).subtracting(CameraWords.takeOpeners)
    /// Verbs that set a value when no control is named: "*switch* it over to Single 8".
    static let setVerbs: Set<String> = Set(VoiceGestures.set.flatMap(words)).subtracting(["take"])
        .union(["use", "go", "give", "want", "need", "try", "pick", "choose", "select"])
    /// Words that say a look: "make it *look like* an old VHS tape", "a Super 8 *vibe*".
    static let lookWords: Set<String> = ["look", "looks", "looking", "like", "style", "vibe", "vibes", "feel", "aesthetic",
                                         "filter", "effect", "tone", "era", "kind"]
    /// Nouns a look is described with besides its value: "like an old VHS *tape*", "like grandpa's Super 8 home *movies*".
    static let lookNouns: Set<String> = ["tape", "tapes", "film", "films", "movie", "movies", "camera", "cameras", "print", "prints",
                                         "photo", "photos", "snapshot", "snapshots", "slide", "slides", "picture", "pictures",
                                         "video", "videos", "home", "footage", "shot", "shots", "one", "kind", "sort"]
    /// Kinds a value may set with no control named: those whose values are not bare numbers, nor the everyday words
    /// of the mode ("video", "photo") or of the side ("back", "front").
    static let namedValueKinds: [SettingKind] = [.decade, .style, .format, .audio]

    /// Words as the matcher compares them, none skipped as filler ("camera roll" stays two words).
    private static func words(_ text: String) -> [String] { Utterance.tokens(Array(text.unicodeScalars)).map(\.text) }

    /// Where a clause names controls: each name with the parts said after it.
    static func mentions(_ words: [String], _ clause: Range<Int>) -> [(range: Range<Int>, name: Name)] {
        var mentions: [(range: Range<Int>, name: Name)] = []
        var index = clause.lowerBound
        while index < clause.upperBound {
            if let name = names[words[index]]?.first(where: { name in
                let end = index + name.words.count
                return end <= clause.upperBound && words[index..<end].elementsEqual(name.words)
                    && (!name.needsPart || end < clause.upperBound && parts.contains(words[end]))
            }) {
                var end = index + name.words.count
                while end < clause.upperBound, parts.contains(words[end]) { end += 1 }
                mentions.append((index..<end, name))
                index = end
            } else {
                index += 1
            }
        }
        return mentions
    }

    /// The command one clause says by a hand on one control, or by a value only one control has; nil otherwise.
    static func command(_ words: [String], _ clause: Range<Int>) -> VoiceMatcher.Command? {
        guard !words[clause].contains(where: { VoiceMatcher.negations.contains($0) || CameraWords.otherThings.contains($0) })
        else { return nil }
        var mentions = mentions(words, clause)
        // MENU before one of its rows is the way there: "Menu, Date imprint, on".
        if mentions.count > 1, mentions[0].name.control == .menu { mentions.removeFirst() }
        // No control named: one whose own direction words are said stands for it ("half a stop *brighter*").
        if mentions.isEmpty, let implied = impliedControl(words, clause) { mentions = [(clause.lowerBound..<clause.lowerBound, implied)] }
        guard let mention = mentions.first else { return valueCommand(words, clause) }
        guard mentions.allSatisfy({ $0.name.control == mention.name.control && $0.name.kind == mention.name.kind }) else { return nil }
        // A word the camera does not know right before the name makes it another thing: "the *kitchen* lights".
        for other in mentions where other.range.lowerBound > clause.lowerBound {
            let before = words[other.range.lowerBound - 1]
            if CameraWords.leftover(before) == .unknown && !bodyAdjectives.contains(before) { return nil }
        }
        var reading = Reading(words: words, clause: clause, used: Set(mentions.flatMap { Array($0.range) }))
        let kind = mention.name.kind
        let row = mention.name.control.map(\.row)
        let voice = kind?.voice ?? row?.voice
        let adjustable = row?.kind == .adjustable
        let reset = reading.take(home)
        let farthest = reading.take(allTheWay)
        // "A *full* stop" is one stop, not the top.
        let fullUnit = adjustable ? voice.flatMap { reading.fullUnit($0.units) } : nil
        let top = reading.take(maximum), bottom = reading.take(minimum)
        var count = fullUnit ?? 1
        var sign = 0, directions: [Int] = []
        if adjustable, let voice {
            let rowUp = Set(voice.up.map(Self.words).filter { $0.count == 1 }.map { $0[0] })
            let rowDown = Set(voice.down.map(Self.words).filter { $0.count == 1 }.map { $0[0] })
            // A direction said inside "as far back as it goes" counts too.
            let inside = farthest.map { Array($0) } ?? []
            let rising = reading.takeAll(rowUp.union(up)) + inside.filter { rowUp.union(up).contains(words[$0]) }
            let falling = reading.takeAll(rowDown.union(down)) + inside.filter { rowDown.union(down).contains(words[$0]) }
            if !rising.isEmpty && !falling.isEmpty { return nil }
            sign = rising.isEmpty ? (falling.isEmpty ? 0 : -1) : 1
            directions = rising + falling
            if fullUnit == nil { count = reading.unitCount(voice.units, kind: kind) ?? 1 }
        }
        // A swipe on a list row of the MENU steps its choice: "Menu, Date imprint, swipe up".
        let swiped = kind == .dateImprint && !reading.takeAll(["swipe", "up", "down", "scroll"]).isEmpty
        // A value: the longest span read whole, but not a bare count right after a direction ("down *one*").
        if row?.kind == .button { _ = reading.take(once) }
        let value = kind.flatMap { reading.value(of: $0, notAfter: directions) }
        if value == nil, kind != nil, reading.failed { return nil }
        if adjustable, sign != 0, value == nil { count = reading.bareCount(after: directions) ?? count }
        // A direction and a value: the value is where it goes only when said so ("up *to* nine") or said with its own
        // unit ("zoom in *two times*"); else it is unclear.
        if let value, sign != 0, let kind,
           !(value.lowerBound > clause.lowerBound && ["to", "at", "onto", "into"].contains(words[value.lowerBound - 1])),
           !((SlotRecognizer.unitWords[kind] ?? []).contains(words[value.upperBound - 1]) || words[value.upperBound - 1].hasSuffix("x")) {
            return nil
        }
        let pressed = reading.takeWord(press) != nil
        guard reading.restSaysNothing(allowingLeadingVerb: true) else { return nil }
        let literal = reading.used.count
        func set(_ fixed: String) -> VoiceMatcher.Command? {
            guard let kind else { return nil }
            return command(kind.intent, values: [IntentParameter.value: fixed], clause: clause, literal: literal)
        }
        if let value, let kind {
            return VoiceMatcher.Command(words: clause, candidates: [VoiceGrammar.Candidate(
                intent: kind.intent, slot: (kind, value), values: [:], literalCount: literal - value.count, exact: true, sentence: 0)])
        }
        if let voice, reset != nil, let home = voice.home { return set(home) }
        if let kind, top != nil || (farthest != nil && sign > 0), let end = end(of: kind, highest: true) { return set(end) }
        if let kind, bottom != nil || (farthest != nil && sign < 0), let end = end(of: kind, highest: false) { return set(end) }
        if adjustable, sign != 0, farthest == nil, let control = mention.name.control {
            let steps = sign * count
            return command(.adjustControl, values: [IntentParameter.control: control.rawValue,
                                                    IntentParameter.steps: steps > 0 ? "+\(steps)" : "\(steps)"],
                           clause: clause, literal: literal)
        }
        if swiped { return set(Resolver.nextValue) }
        if pressed, reset == nil, farthest == nil, sign == 0, let row, row.kind == .button {
            if let intent = row.intents.press.flatMap(IntentName.init(rawValue:)) {
                return command(intent, values: [:], clause: clause, literal: literal)
            }
            return set(Resolver.nextValue)
        }
        return nil
    }

    /// The value at one end of a control: its row's "max" or "min", or the wheel's last or first decade.
    static func end(of kind: SettingKind, highest: Bool) -> String? {
        if let value = kind.voice.value(of: highest ? VoiceGestures.maximum[0] : VoiceGestures.minimum[0]) { return value }
        guard kind == .decade else { return nil }
        return (highest ? Catalog.standard.decades.last : Catalog.standard.decades.first)?.name
    }

    /// A comparative of one word ("brighter", "closer"), not one of time ("later", "earlier").
    static func isComparative(_ word: String) -> Bool {
        !word.contains(" ") && word.hasSuffix("er") && !["later", "earlier", "over", "under"].contains(word)
    }

    /// The adjustable control whose own comparatives the clause says, when it is one: "brighter" EXPOSURE, "closer"
    /// ZOOM, "stronger" DEGREE.
    static func impliedControl(_ words: [String], _ clause: Range<Int>) -> Name? {
        let said = Set(words[clause])
        let rows = ControlTable.adjustable.filter { row in
            !Set((row.voice.up + row.voice.down).filter(isComparative)).isDisjoint(with: said)
        }
        guard rows.count == 1, let row = rows.first else { return nil }
        return Name(words: [], control: row.id, kind: SettingKind.allCases.first { $0.row?.id == row.id })
    }

    /// A clause that names no control but says a value only one kind has (a decade, a dial entry, a mode, a format,
    /// a sound, a side), with a verb that sets or words of a look, and nothing else the camera knows.
    private static func valueCommand(_ words: [String], _ clause: Range<Int>) -> VoiceMatcher.Command? {
        // Each kind's value; one said inside another's is part of it ("sound" of "Super 8 sound").
        var values: [(kind: SettingKind, range: Range<Int>)] = []
        for kind in namedValueKinds {
            var reading = Reading(words: words, clause: clause, used: [])
            if let range = reading.value(of: kind) { values.append((kind, range)) }
            else if reading.failed { return nil }
        }
        let said = values
        values.removeAll { value in
            said.contains { $0.range != value.range && $0.range.lowerBound <= value.range.lowerBound && value.range.upperBound <= $0.range.upperBound }
        }
        // The value must be of one kind only: "off" is the light's, the sound's, the timer's and the date stamp's.
        guard values.count == 1, let found = values.first,
              !words[found.range].allSatisfy(CameraWords.freeWords.contains),
              !SettingKind.allCases.contains(where: { $0 != found.kind && SlotRecognizer.match($0, words[found.range]) == .exact })
        else { return nil }
        var reading = Reading(words: words, clause: clause, used: Set(found.range))
        // A look is said "like" it: "make it look like an old VHS tape", "like my mom's Kodak Instamatic snapshots".
        let look = [SettingKind.decade, .style].contains(found.kind)
            && words[clause.lowerBound..<found.range.lowerBound].contains("like")
        // Said with a verb, the value must mean it alone ("widescreen", not "tv"; "1985", not "seventy").
        guard look || SlotRecognizer.acceptsBare(found.kind, words[found.range]) else { return nil }
        if look { _ = reading.takeAll(lookWords) }
        let verb = reading.takeWord(setVerbs) != nil
        guard look || verb, reading.restSaysNothing(allowingLeadingVerb: false, describing: look) else { return nil }
        return VoiceMatcher.Command(words: clause, candidates: [VoiceGrammar.Candidate(
            intent: found.kind.intent, slot: found, values: [:], literalCount: reading.used.count - found.range.count,
            exact: true, sentence: 0)])
    }

    /// The words of a clause as they are taken by what they say.
    private struct Reading {
        let words: [String]
        let clause: Range<Int>
        var used: Set<Int>
        /// True when two different values of a kind were said.
        var failed = false

        /// The first phrase of `phrases` said at a free place, taken.
        mutating func take(_ phrases: [[String]]) -> Range<Int>? {
            for start in clause where !used.contains(start) {
                for phrase in phrases.sorted(by: { $0.count > $1.count }) where start + phrase.count <= clause.upperBound
                    && words[start..<(start + phrase.count)].elementsEqual(phrase)
                    && (start..<(start + phrase.count)).allSatisfy({ !used.contains($0) }) {
                    used.formUnion(start..<(start + phrase.count))
                    return start..<(start + phrase.count)
                }
            }
            return nil
        }

        /// The first free word of `set`, taken.
        mutating func takeWord(_ set: Set<String>) -> Int? {
            guard let at = clause.first(where: { !used.contains($0) && set.contains(words[$0]) }) else { return nil }
            used.insert(at)
            return at
        }

        /// Every free word of `set`, taken.
        mutating func takeAll(_ set: Set<String>) -> [Int] {
            var taken: [Int] = []
            while let at = takeWord(set) { taken.append(at) }
            return taken
        }

        /// A count of steps said with its unit: "two clicks", "twice", "a notch", "two decades", "a stop", "a lot";
        /// not "two times" of ZOOM, which is a value.
        mutating func unitCount(_ units: [StepUnit], kind: SettingKind?) -> Int? {
            let perUnit = Dictionary(units.flatMap { unit in unit.forms.map { ($0, unit.steps) } }, uniquingKeysWith: { a, _ in a })
            let steps = kind.map { stepWords.subtracting(SlotRecognizer.unitWords[$0] ?? []) } ?? stepWords
            for at in clause where !used.contains(at) {
                let word = words[at]
                // "half a stop" (but "minus half a stop" is a value).
                if word == "half", at + 2 < clause.upperBound, words[at + 1] == "a",
                   at == clause.lowerBound || !["minus", "plus", "negative", "positive"].contains(words[at - 1]),
                   let unit = perUnit[words[at + 2]], (at..<(at + 3)).allSatisfy({ !used.contains($0) }) {
                    used.formUnion(at..<(at + 3))
                    return max(1, unit / 2)
                }
                // The unit may be the control's own name: "two *decades* back".
                let next = at + 1 < clause.upperBound && (!used.contains(at + 1) || perUnit[words[at + 1]] != nil) ? words[at + 1] : nil
                if let next, let number = Self.stepCount(word, before: next), steps.contains(next) || perUnit[next] != nil {
                    used.formUnion([at, at + 1])
                    return number * (perUnit[next] ?? 1)
                }
                if word == "once" || word == "twice" {
                    used.insert(at)
                    return word == "once" ? 1 : 2
                }
                if let unit = perUnit[word], at > clause.lowerBound, ["a", "an", "one"].contains(words[at - 1]), !used.contains(at - 1) {
                    used.formUnion([at - 1, at])
                    return unit
                }
            }
            if take(VoiceGestures.lot.map(ControlFrame.words)) != nil { return 2 }
            if take(VoiceGestures.bit.map(ControlFrame.words)) != nil { return 1 }
            return nil
        }

        /// "A full stop": the unit's steps, taken before "full" can be read as the top.
        mutating func fullUnit(_ units: [StepUnit]) -> Int? {
            let perUnit = Dictionary(units.flatMap { unit in unit.forms.map { ($0, unit.steps) } }, uniquingKeysWith: { a, _ in a })
            for at in clause.dropLast() where words[at] == "full" && !used.contains(at) {
                guard let unit = perUnit[words[at + 1]], !used.contains(at + 1) else { continue }
                used.formUnion([at, at + 1])
                if at > clause.lowerBound, ["a", "one"].contains(words[at - 1]) { used.insert(at - 1) }
                return unit
            }
            return nil
        }

        /// A number of steps said alone right after a direction: "down *one*", "up *two*".
        mutating func bareCount(after directions: [Int]) -> Int? {
            for at in directions.map({ $0 + 1 }) where clause.contains(at) && !used.contains(at) {
                guard let number = Self.stepCount(words[at]), words[at] != "a", words[at] != "an" else { continue }
                used.insert(at)
                return number
            }
            return nil
        }

        /// The longest span its recognizer reads whole as a value of `kind`, taken; nil, and `failed`, when two
        /// different values are said.
        mutating func value(of kind: SettingKind, notAfter directions: [Int] = []) -> Range<Int>? {
            var value: Range<Int>?
            for start in clause where !used.contains(start) {
                if directions.contains(start - 1), Self.stepCount(words[start]) != nil,
                   start + 1 == clause.upperBound || used.contains(start + 1) { continue }
                for end in stride(from: min(clause.upperBound, start + VoiceGrammar.maximumSlotWords), to: start, by: -1)
                where (start..<end).allSatisfy({ !used.contains($0) }) && SlotRecognizer.match(kind, words[start..<end]) == .exact {
                    if let value, !words[value].elementsEqual(words[start..<end]) {
                        failed = true
                        return nil
                    }
                    value = value ?? start..<end
                    used.formUnion(start..<end)
                    break
                }
            }
            return value
        }

        /// True when no word left says anything of what to do: each carries nothing, links a gesture, or is unknown to
        /// the camera and either opens the clause as its verb or, in a look, describes it.
        func restSaysNothing(allowingLeadingVerb: Bool, describing: Bool = false) -> Bool {
            var unknown = 0
            let purpose = purposeStart
            for at in clause where !used.contains(at) {
                let word = words[at]
                if gestureWords.contains(word) || stepWords.contains(word) || bodyAdjectives.contains(word) { continue }
                if describing, lookNouns.contains(word) { continue }
                // The verb that opens the clause, whatever it is: "*roll* the decade wheel forward one click".
                let opens = clause[clause.lowerBound..<at].allSatisfy { CameraWords.freeWords.contains(words[$0]) }
                if allowingLeadingVerb && opens && !CameraWords.takeOpeners.subtracting(handVerbs).contains(word) && !saysVerb { continue }
                if let purpose, at > purpose { continue }
                switch CameraWords.leftover(word) {
                case .free: continue
                case .camera: return false
                case .unknown:
                    unknown += 1
                    if !describing || unknown > CameraWords.maximumUnknown + 1 { return false }
                }
            }
            return true
        }

        /// True when a verb of the gestures is said: no other word is then read as the verb ("*Sarah* switch the lamp on").
        var saysVerb: Bool {
            clause.contains { !used.contains($0) && (setVerbs.contains(words[$0]) || VoiceGestures.nudge.contains(words[$0])) }
        }

        /// Where a purpose or a place begins: a preposition and what follows, when it holds nothing the camera knows
        /// ("for these vacation shots", "on the birthday girl"); nil when there is none.
        var purposeStart: Int? {
            clause.first { at in
                let tail = (at + 1)..<clause.upperBound
                return tailOpeners.contains(words[at]) && !used.contains(at) && !tail.isEmpty
                    && tail.allSatisfy { !used.contains($0) && CameraWords.leftover(words[$0]) != .camera }
            }
        }

        /// A count of steps said as a word or digits, one to three.
        static func stepCount(_ word: String) -> Int? {
            ["a": 1, "an": 1, "one": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3, "couple": 2][word]
        }

        /// A count said before a unit: a number, or what a recognizer writes for "two" before a plural ("back *to* decades").
        static func stepCount(_ word: String, before unit: String) -> Int? {
            stepCount(word) ?? (["to", "too"].contains(word) && unit.hasSuffix("s") ? 2 : nil)
        }
    }

    private static func command(_ intent: IntentName, values: [String: String], clause: Range<Int>, literal: Int) -> VoiceMatcher.Command {
        VoiceMatcher.Command(words: clause, candidates: [VoiceGrammar.Candidate(
            intent: intent, slot: nil, values: values, literalCount: literal, exact: true, sentence: 0)])
    }
}
