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
        /// True for the MENU's VIRTUAL CAMERA row, which is started, stopped or switched over.
        var virtualCamera = false
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
        for name in MenuRowID.virtualCamera.voice.names {
            all.append(Name(words: words(name), control: nil, kind: nil, virtualCamera: true))
        }
        let kept = all.filter { !$0.words.isEmpty }.map { name in
            var name = name
            name.needsPart = name.words.count == 1 && (CameraWords.freeWords.contains(name.words[0]) || everydayNames.contains(name.words[0]))
            return name
        }
        return Dictionary(grouping: kept) { $0.words[0] }.mapValues { $0.sorted { $0.words.count > $1.words.count } }
    }()

    /// Words as the matcher compares them, none skipped as filler ("camera roll" stays two words).
    static func words(_ text: String) -> [String] { Utterance.tokens(Array(text.unicodeScalars)).map(\.text) }

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

    /// The command one clause says by a hand on one control, by a value only one control has, or by what a frame
    /// format looks like (`formatByLikeness`, the only reading of a clause that holds another thing's word: "boxy like
    /// an old *television*"); nil otherwise. `implied`: the control a clause that names none is about, when a command
    /// before it turned it.
    static func command(_ words: [String], _ clause: Range<Int>, implied control: ControlID? = nil) -> VoiceMatcher.Command? {
        guard !words[clause].contains(where: VoiceMatcher.negations.contains) else { return nil }
        var mentions = mentions(words, clause)
        // Another thing's word may still be what a format looks like: "boxy like an old *television*".
        if words[clause].contains(where: CameraWords.otherThings.contains) { return formatByLikeness(words, clause, covering: mentions) }
        // MENU before one of its rows is the way there: "Menu, Date imprint, on".
        if mentions.count > 1, mentions[0].name.control == .menu { mentions.removeFirst() }
        // No control named: one whose own direction words are said stands for it ("half a stop *brighter*").
        if mentions.isEmpty, let implied = control.map({ id in Name(words: [], control: id, kind: SettingKind.allCases.first { $0.row?.id == id }) })
            ?? impliedControl(words, clause) {
            mentions = [(clause.lowerBound..<clause.lowerBound, implied)]
        }
        guard !mentions.isEmpty else { return valueCommand(words, clause) ?? formatByLikeness(words, clause, covering: []) }
        // A name inside a value is part of it: "turn on night *mode*".
        return handCommand(words, clause, mentions) ?? valueCommand(words, clause, covering: mentions.map(\.range))
            ?? formatByLikeness(words, clause, covering: mentions)
    }

    /// The command a hand on the control named says, or nil.
    private static func handCommand(_ words: [String], _ clause: Range<Int>,
                                    _ mentions: [(range: Range<Int>, name: Name)]) -> VoiceMatcher.Command? {
        guard let mention = mentions.first,
              mentions.allSatisfy({ $0.name.control == mention.name.control && $0.name.kind == mention.name.kind }) else { return nil }
        // A word the camera does not know right before the name makes it another thing: "the *kitchen* lights".
        for other in mentions where other.range.lowerBound > clause.lowerBound {
            let before = words[other.range.lowerBound - 1]
            if CameraWords.leftover(before) == .unknown && !bodyAdjectives.contains(before) { return nil }
        }
        var reading = Reading(words: words, clause: clause, used: Set(mentions.flatMap { Array($0.range) }))
        reading.namedWords = Set(names.values.joined().filter { $0.control == mention.name.control && $0.kind == mention.name.kind
            && $0.virtualCamera == mention.name.virtualCamera }.flatMap(\.words)).subtracting(CameraWords.freeWords)
        if mention.name.virtualCamera { return virtualCameraCommand(&reading) }
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
            // A learner's "more small": less of it (ZOOM's own words say the same).
            let lessened = reading.take(lessening).map { Array($0) } ?? []
            let rising = reading.takeAll(rowUp.union(up)) + inside.filter { rowUp.union(up).contains(words[$0]) }
            let falling = reading.takeAll(rowDown.union(down)) + inside.filter { rowDown.union(down).contains(words[$0]) } + lessened
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
        // A lever is thrown whatever the verb: "throw the mode lever", "move the lever of mode".
        let pressed = reading.takeWord(press) != nil || (row?.face == .lever && reading.takeWord(leverVerbs) != nil)
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

    /// The virtual camera switched on, off, or over: "flick the virtual webcam off", "toggle the webcam for my calls".
    private static func virtualCameraCommand(_ reading: inout Reading) -> VoiceMatcher.Command? {
        let on = !reading.takeAll(["on", "start", "enable", "activate", "open", "up"]).isEmpty
        let off = !reading.takeAll(["off", "stop", "disable", "deactivate", "close", "kill", "end", "down"]).isEmpty
        let over = !reading.takeAll(press.union(["switch", "over", "swap"])).isEmpty
        // What it is for: "for my calls", "on the Zoom", "for OBS".
        _ = reading.takeAll(["call", "calls", "meeting", "meetings", "stream", "streams", "zoom", "obs", "discord", "teams"])
        guard on || off || over, reading.restSaysNothing(allowingLeadingVerb: true) else { return nil }
        let intent: IntentName = on == off ? .toggleVirtualCamera : on ? .startVirtualCamera : .stopVirtualCamera
        return command(intent, values: [:], clause: reading.clause, literal: reading.used.count)
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
    private static func valueCommand(_ words: [String], _ clause: Range<Int>, covering names: [Range<Int>] = []) -> VoiceMatcher.Command? {
        // Each kind's value; one said inside another's is part of it ("sound" of "Super 8 sound").
        // The mode's values are everyday words ("video", "pictures"): read only when no other kind's value is said.
        var values: [(kind: SettingKind, range: Range<Int>)] = []
        for kinds in [namedValueKinds, [.mode]] where values.isEmpty {
            for kind in kinds {
                var reading = Reading(words: words, clause: clause, used: [])
                if let range = reading.value(of: kind) { values.append((kind, range)) }
                else if reading.failed { return nil }
            }
        }
        let said = values
        values.removeAll { value in
            said.contains { $0.range != value.range && $0.range.lowerBound <= value.range.lowerBound && value.range.upperBound <= $0.range.upperBound }
        }
        // The value must be of one kind only: "off" is the light's, the sound's, the timer's and the date stamp's. A
        // year ("1975", "the 1970s") is the decade's, though every number reads as a number of the dials and rockers.
        guard values.count == 1, let found = values.first,
              !words[found.range].allSatisfy(CameraWords.freeWords.contains) else { return nil }
        let year = found.kind == .decade && SlotRecognizer.acceptsBare(.decade, words[found.range])
        guard !SettingKind.allCases.contains(where: { kind in
            kind != found.kind && !(year && Self.numberKinds.contains(kind)) && SlotRecognizer.match(kind, words[found.range]) == .exact
        }) else { return nil }
        guard names.allSatisfy({ found.range.lowerBound <= $0.lowerBound && $0.upperBound <= found.range.upperBound }) else { return nil }
        // Every span that says this value is taken ("4:3 like an old tv").
        var reading = Reading(words: words, clause: clause, used: [])
        _ = reading.value(of: found.kind)
        // A look is said "like" it, or named so with a verb: "make it look like an old VHS tape", "like my mom's Kodak
        // Instamatic snapshots", "I want that rich Kodachrome slide *look*" (but "nice super 8 look" is a remark).
        let isLook = [SettingKind.decade, .style].contains(found.kind)
        let likeLook = isLook && words[clause.lowerBound..<found.range.lowerBound].contains("like")
        let look = likeLook
            || (isLook && found.range.upperBound < clause.upperBound && lookNames.contains(words[found.range.upperBound]))
        // Said with a verb, the value must mean it alone ("widescreen", not "tv"; "1985", not "seventy").
        guard look || SlotRecognizer.acceptsBare(found.kind, words[found.range]) else { return nil }
        if look { _ = reading.takeAll(lookWords) }
        let turnedOn = found.kind == .style && reading.take(turnOn) != nil
        // "Back to" the value is where it goes, whatever verb opens the clause: "chuck it *back to* the nineties".
        var before = found.range.lowerBound - 1
        if before > clause.lowerBound, words[before] == "the" { before -= 1 }
        // Not a verb of the mind: "think back to the eighties" is remembering.
        let backTo = before > clause.lowerBound && words[before] == "to" && words[before - 1] == "back"
            && !words[clause.lowerBound..<(before - 1)].contains(where: rememberingVerbs.contains)
        if backTo { reading.used.formUnion([before - 1, before]) }
        let setVerb = reading.takeWord(found.kind == .mode ? modeVerbs : setVerbs)
        if let setVerb, setVerb + 1 < found.range.lowerBound, setVerbParticles.contains(words[setVerb + 1]) { reading.used.insert(setVerb + 1) }
        let verb = backTo || turnedOn || setVerb != nil
        guard likeLook || verb, reading.restSaysNothing(allowingLeadingVerb: backTo, describing: look) else { return nil }
        return VoiceMatcher.Command(words: clause, candidates: [VoiceGrammar.Candidate(
            intent: found.kind.intent, slot: found, values: [:], literalCount: reading.used.count - found.range.count,
            exact: true, sentence: 0)])
    }

    private static func command(_ intent: IntentName, values: [String: String], clause: Range<Int>, literal: Int) -> VoiceMatcher.Command {
        VoiceMatcher.Command(words: clause, candidates: [VoiceGrammar.Candidate(
            intent: intent, slot: nil, values: values, literalCount: literal, exact: true, sentence: 0)])
    }
}
