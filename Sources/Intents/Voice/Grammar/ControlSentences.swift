import Body

/// Sentences composed from the body's control table: every control by its own names (`ControlRow.voiceNames`
/// and its parts) with the gestures all controls share (`VoiceGestures`): the double tap ("press the flash
/// button", "Audio, double tap"), a value by name ("put the degree dial on three", "Decade, 1980s"), swipes
/// and steps ("Degree, swipe down", "turn the style dial one notch", "open up a stop"), its ends ("max out the
/// exposure", "rack the zoom all the way in", "as bright as it'll go"), its factory position ("reset the
/// zoom", "exposure back to normal"), a switch on and off ("close the flash", "stamp the date"), and what
/// people complain of that a step fixes ("it's way too dark in here"). A word added to a row reaches every
/// gesture; no sentence here names a control.
enum ControlSentences {
    static let all: [VoiceSentence] = ControlTable.rows.flatMap(sentences) + dateImprint

    /// A control's word classes, shared by the sentences and written into the exports as rules.
    static let rules: [(name: String, template: String)] = ControlTable.rows.flatMap(controlRules)
        + [(name(.dateImprint), "\(alternatives(MenuRowID.dateImprint.voice.names)) \(optional(VoiceGestures.parts))")]
        + [("press", alternatives(VoiceGestures.press)), ("press-after", alternatives(VoiceGestures.pressAfter)),
           ("to", alternatives(VoiceGestures.to)), ("switch-on", alternatives(VoiceGestures.switchOn)),
           ("switch-off", alternatives(VoiceGestures.switchOff)), ("nudge", alternatives(VoiceGestures.nudge)),
           // A verb that is also a control's name ("zoom") would read "zoom level" as "zoom" and DEGREE's "level".
           ("all-the-way", alternatives(VoiceGestures.allTheWay.filter { verb in !ControlTable.rows.contains { $0.voiceNames.contains(verb) } })), ("as-far", alternatives(VoiceGestures.asFarAsItGoes)),
           ("reset", alternatives(VoiceGestures.reset)),
           // Where a switch shows, after it: "remove the date from the pictures", "take the sound off the film".
           ("on-takes", "(on | from | off | in | onto | to) [the corner of] [(my | the | this | these | our)] " + alternatives(takeNouns)),
           ("menu", "[(open | go in | go into | go to | in | into)] [the] (menu | settings) [<press-after>] [(and | then | and then)]"),
           ("complaint-subject", "(it's | it is | its | this is | this looks | it looks | the picture is | the picture looks | picture is | the picture's | the pictures "
                + "| the picture has | the picture have | the highlights are | the highlights | everything's | everythings "
                + "| the image is | the image looks | everything is | everything looks | things are | things look | "
                + "the shot is | the photo is | it's looking | it seems | this seems | that's | that is | it's getting | looks "
                + "| there's | there is | is)"),
           // People a complaint may be said of, for what a step of EXPOSURE or ZOOM fixes ("she's too far away").
           ("people-complaint-subject", "(she's | he's | they're | everyone's | everyone is | i'm | i am | i look | we're | we are "
                + "| we look | you look | you're | everyone looks | everybody's | everybody is | everybody looks | her face is "
                + "| his face is | my face is | our faces are | their faces are | everyone's faces are | the faces are | faces are)"),
           ("complaint-amount", "(way | much | a bit | a little | a little bit | really | far | a tad | slightly | rather | all "
                + "| quite | very | pretty | somewhat | super | too much | a lot)"),
           ("complaint-intensifier", "(too much | very | really | awfully | crazy | pretty | quite | rather | super | way too | far too | much too | a bit too | all | totally | completely "
                + "| kind of | sort of | way)"),
           ("complaint-tail", "(today | tonight | outside | \(complaintPlaces))"), ("complaint-place", "(\(complaintPlaces))"),
           ("plain-complaint-subject", "(it's | it is | its | this looks | it looks | the picture is | the picture looks | picture is "
                + "| the picture's | the image is | the image looks | everything is | everything looks | everything's | everythings "
                + "| the shot is | the photo is | it's looking)")]

    /// Where the speaker is, said after a complaint: "it's too dark *in here*", "*with the curtains drawn*".
    private static let complaintPlaces = "in here | here | out here | in this room | in the (picture | shot | photo | frame) "
        + "| i (cannot | cant | can not) "
        + "see (nothing | anything | a thing | much) | i can barely see "
        + "| (by | near | at | from) the (window | windows | door | lamp | sun | fire | fireplace | candles) "
        + "| with the lights (off | out | down) | with the (curtains | blinds) (drawn | closed | shut)"

    /// The rule of a control's names with its optional parts: `<control-degree>` "(degree | … ) [(dial | …)]".
    static func name(_ id: ControlID) -> String { "control-\(id.rawValue)" }
    static func name(_ kind: SettingKind) -> String { "control-\(kind.rawValue)" }

    private static func controlRules(_ row: ControlRow) -> [(name: String, template: String)] {
        guard row.kind != .readout else { return [] }
        var rules = [(name(row.id), "\(alternatives(ownNames(row))) \(optional(row.voice.parts + VoiceGestures.parts))")]
        for spoken in row.spokenNames where spoken.press != nil {
            rules.append((pressName(row.id, spoken), "\(alternatives(stateNames(spoken))) \(optional(row.voice.parts))"))
        }
        if row.kind == .adjustable {
            rules.append(("\(name(row.id))-up", alternatives(VoiceGestures.swipeUp + row.voice.up)))
            rules.append(("\(name(row.id))-down", alternatives(VoiceGestures.swipeDown + row.voice.down)))
        }
        return rules
    }

    /// A row's names but those of a state whose press is another intent ("shutter" is REC in STILL).
    static func ownNames(_ row: ControlRow) -> [String] {
        let other = Set(row.spokenNames.filter { $0.press != nil }.flatMap(stateNames))
        return row.voiceNames.filter { !other.contains($0) }
    }

    /// The names of one state of a control, as said.
    static func stateNames(_ spoken: SpokenName) -> [String] {
        ([spoken.name] + spoken.aliases).map(ControlRow.lowercasedName)
    }

    private static func pressName(_ id: ControlID, _ spoken: SpokenName) -> String {
        "\(name(id))-\(ControlRow.lowercasedName(spoken.name).replacingOccurrences(of: " ", with: "-"))"
    }

    /// Every sentence of one row.
    private static func sentences(_ row: ControlRow) -> [VoiceSentence] {
        guard row.kind != .readout else { return [] }
        let kind = SettingKind.allCases.first { $0.row?.id == row.id }
        var sentences = presses(row, kind)
        // The dial's entries by name have sentences of their own (`SettingSentences`): "the film", "the look"
        // and "the dial" said before a value read too loosely.
        if let kind, kind != .style { sentences += values(row, kind) }
        if let kind { sentences += ends(row, kind) + homes(row, kind) }
        if row.kind == .adjustable { sentences += steps(row) }
        if let kind, kind == .light { sentences += switches("<\(name(row.id))>", kind, row.voice) }
        return sentences
    }

    /// The double tap: "press the flash button", "Audio, double tap", "sound button". A button that acts
    /// does its intent; a switch steps its value (`Resolver.nextValue`: TIMER Off → 3 s); a name the
    /// control has in one state presses as in that state ("Shutter": a photo).
    private static func presses(_ row: ControlRow, _ kind: SettingKind?) -> [VoiceSentence] {
        guard row.kind == .button else { return [] }
        var named: [(rule: String, names: [String], intent: IntentName, value: String?)] = []
        if let press = row.intents.press.flatMap(IntentName.init(rawValue:)) {
            named.append((name(row.id), ownNames(row), press, nil))
        } else if let kind {
            named.append((name(row.id), ownNames(row), kind.intent, Resolver.nextValue))
        }
        for spoken in row.spokenNames {
            if let press = spoken.press.flatMap(IntentName.init(rawValue:)) {
                named.append((pressName(row.id, spoken), stateNames(spoken), press, nil))
            }
        }
        return named.flatMap { entry -> [VoiceSentence] in
            // "press the button of light": the learner's order.
            var templates = ["<press> [the] <\(entry.rule)>", "<\(entry.rule)> <press-after>", "<press> [the] (button | switch) of [the] <\(entry.rule)>"]
            if !row.voice.parts.isEmpty {
                templates.append("\(alternatives(entry.names)) \(alternatives(row.voice.parts))")
            }
            return templates.map { VoiceSentence(entry.intent, $0, value: entry.value) }
        }
    }

    /// A value by name: "Decade, 1980s", "degree to twelve", "put the degree dial on three", "make it degree nine".
    private static func values(_ row: ControlRow, _ kind: SettingKind) -> [VoiceSentence] {
        valueTemplates("<\(name(row.id))>", kind).map { VoiceSentence(kind.intent, $0) }
    }

    private static func valueTemplates(_ control: String, _ kind: SettingKind) -> [String] {
        // "degree put on nine": the learner's order, the control first.
        ["[the] \(control) [<to>] [the] {\(kind.rawValue)}", "<set> [(the | my)] \(control) [<to>] [the] {\(kind.rawValue)}",
         "[the] \(control) <set> [<to>] [the] {\(kind.rawValue)}",
         "make (it | the picture) \(control) [<to>] {\(kind.rawValue)}",
         "(use | switch to | go to | try | pick | choose | select | give me | back to | go back to | switch back to) [(the | a)] {\(kind.rawValue)} \(control)"]
    }

    /// The ends: "max out the exposure", "zoom all the way in", "rack the zoom all the way in", "as bright as
    /// it'll go", "degree all the way up to 12".
    private static func ends(_ row: ControlRow, _ kind: SettingKind) -> [VoiceSentence] {
        guard row.kind == .adjustable, let top = row.voice.value(of: VoiceGestures.maximum[0]),
              let bottom = row.voice.value(of: VoiceGestures.minimum[0]) else { return [] }
        let control = "<\(name(row.id))>", up = "<\(name(row.id))-up>", down = "<\(name(row.id))-down>"
        var sentences: [VoiceSentence] = []
        for (end, verbs, direction, adjectives) in [(top, VoiceGestures.maxOut, up, row.voice.most),
                                                    (bottom, VoiceGestures.minOut, down, row.voice.least)] {
            var templates = ["\(alternatives(verbs)) [the] \(control) [all the way]", "\(control) all the way \(direction)",
                             "<all-the-way> [the] \(control) all the way \(direction)",
                             "<all-the-way> [the] \(control) \(direction) all the way"]
            if !adjectives.isEmpty {
                templates.append("[make (it | this | the picture | the image | everything)] as \(alternatives(adjectives)) as <as-far>")
            }
            // "go full retro": all the way, as people say it.
            if end == top { templates.append("go full [on] [the] \(control)") }
            sentences += templates.map { VoiceSentence(kind.intent, $0, value: end) }
        }
        sentences += ["\(control) [all the way] (up | down) to [the] {\(kind.rawValue)}",
                      "<set> [the] \(control) [all the way] (up | down) to [the] {\(kind.rawValue)}"]
            .map { VoiceSentence(kind.intent, $0) }
        return sentences
    }

    /// The factory position: "reset the exposure", "zoom reset", "put the exposure back to normal, zero",
    /// "take away all the zoom, back to normal".
    private static func homes(_ row: ControlRow, _ kind: SettingKind) -> [VoiceSentence] {
        guard let home = row.voice.home else { return [] }
        let control = "<\(name(row.id))>"
        let words = alternatives(VoiceGestures.home + row.voice.forms(of: home).filter { !$0.contains(where: \.isNumber) })
        return ["<reset> [the] \(control)", "\(control) <reset>", "<set> [the] \(control) back to \(words) [\(words)]",
                "[the] \(control) back to \(words) [\(words)]",
                "(take away | remove | get rid of | lose | no more) [(all | all of)] [the] \(control) [back to \(words)]"]
            .map { VoiceSentence(kind.intent, $0, value: home) }
    }

    /// Swipes and steps: "Degree, swipe down", "style up one", "exposure up two", "swipe up on the zoom twice",
    /// "turn the style dial one notch", "next one on the technology dial", "open up a stop".
    private static func steps(_ row: ControlRow) -> [VoiceSentence] {
        let control = "<\(name(row.id))>", id = row.id.rawValue
        var sentences: [VoiceSentence] = []
        for (sign, direction) in [(1, "<\(name(row.id))-up>"), (-1, "<\(name(row.id))-down>")] {
            let swipe = alternatives(sign > 0 ? VoiceGestures.swipeUp : VoiceGestures.swipeDown)
            sentences += RelativeSentences.adjust(id, sign, ["\(control) \(direction)", "<nudge> [the] \(control) \(direction)",
                                                             "\(direction) [on] [the] \(control)"])
            // Counted, only after a swipe's own words: "zoom in two" stays a zoom of 2x.
            for (words, count) in VoiceGestures.counts {
                let times = alternatives(words)
                sentences += RelativeSentences.adjust(id, sign * count, [
                    "\(control) \(swipe) \(times)", "<nudge> [the] \(control) \(swipe) \(times)", "\(swipe) [on] [the] \(control) \(times)",
                ])
            }
        }
        for (words, count) in VoiceGestures.counts {
            let units = words.filter { $0.hasSuffix("notch") || $0.hasSuffix("notches") || $0.hasSuffix("step") || $0.hasSuffix("steps")
                || $0.hasSuffix("click") || $0.hasSuffix("clicks") }
            guard !units.isEmpty else { continue }
            sentences += RelativeSentences.adjust(id, count, ["<nudge> [the] \(control) \(alternatives(units))"])
        }
        sentences += RelativeSentences.adjust(id, 1, ["[the] next [one] (on | of) [the] \(control)"])
            + RelativeSentences.adjust(id, -1, ["[the] previous [one] (on | of) [the] \(control)"])
        for unit in row.voice.units {
            let amounts: [(String, Int)] = [("half a \(unit.word)", unit.steps / 2), ("a half \(unit.word)", unit.steps / 2),
                                            ("(a | one | a full) \(unit.word)", unit.steps),
                                            ("(a \(unit.word) and a half | one and a half \(unit.word)s)", unit.steps * 3 / 2),
                                            ("(two | 2) \(unit.word)s", unit.steps * 2)]
            for (amount, steps) in amounts where steps > 0 && (unit.steps % 2 == 0 || !amount.contains("half")) {
                if !row.voice.raise.isEmpty {
                    sentences += RelativeSentences.adjust(id, steps, ["\(alternatives(row.voice.raise)) [(it | the picture)] [by] \(amount)"])
                }
                if !row.voice.lower.isEmpty {
                    sentences += RelativeSentences.adjust(id, -steps, ["\(alternatives(row.voice.lower)) [(it | the picture)] [by] \(amount)"])
                }
                sentences += RelativeSentences.adjust(id, steps, ["\(control) up [by] \(amount)"])
                    + RelativeSentences.adjust(id, -steps, ["\(control) down [by] \(amount)"])
            }
        }
        if !row.voice.raise.isEmpty { sentences += RelativeSentences.adjust(id, 1, ["\(alternatives(row.voice.raise)) [(it | the picture)] [<bit>]"]) }
        if !row.voice.lower.isEmpty { sentences += RelativeSentences.adjust(id, -1, ["\(alternatives(row.voice.lower)) [(it | the picture)] [<bit>]"]) }
        // A complaint with another intensifier, from the same words: "the picture is *too much* bright", "it's *crazy*
        // bright"; said plainly of the picture or the place ("it's dark in here", "the picture's dark", "it's *so* dark",
        // whose "so" is filler), not of the weather ("it's getting dark", "it's dark outside"). Beside another command a
        // complaint is its reason (`VoiceSentence.isComplaint`): "turn the light on, it's dark".
        let adjectives = { (phrases: [String]) in phrases.filter { $0.hasPrefix("too ") && !$0.contains(" much ") }.map { String($0.dropFirst(4)) } }
        let plain = { (phrases: [String]) in adjectives(phrases).filter(["dark", "dim", "gloomy", "murky", "shadowy", "bright"].contains) }
        // People are complained of for the light on them and how far they are; the effect only of the picture. Of
        // ZOOM only "too …" is read: "it's kind of far" is a walk, not the frame.
        let subject = [.exposure, .zoom].contains(row.id) ? "(<complaint-subject> | <people-complaint-subject>)" : "<complaint-subject>"
        for (steps, phrases) in [(1, row.voice.tooLow), (-1, row.voice.tooHigh)] where !phrases.isEmpty {
            sentences += RelativeSentences.complaints(id, steps, ["[\(subject)] [<complaint-amount>] \(alternatives(phrases)) [<complaint-tail>]"])
            if row.id != .zoom {
                sentences += RelativeSentences.complaints(id, steps, [
                    "\(subject) <complaint-intensifier> \(alternatives(adjectives(phrases))) [<complaint-tail>]"])
            }
            if !plain(phrases).isEmpty {
                sentences += RelativeSentences.complaints(id, steps, ["<plain-complaint-subject> \(alternatives(plain(phrases))) [<complaint-place>]"])
            }
        }
        return sentences
    }

    /// A switch on or off by verb: "open the light", "close the flash", "stamp the date", "kill date imprint".
    /// With `place`, the switch may be followed by where it shows ("get rid of the date stamp in the corner").
    private static func switches(_ control: String, _ kind: SettingKind, _ voice: ControlVoice, place: String = "") -> [VoiceSentence] {
        guard let on = voice.forms(of: "true").first, let off = voice.forms(of: "false").first else { return [] }
        return [VoiceSentence(kind.intent, "\(alternatives(VoiceGestures.switchOn + voice.switchOn)) [the] \(control)\(place)", value: on),
                VoiceSentence(kind.intent, "\(alternatives(VoiceGestures.switchOff + voice.switchOff)) [the] \(control)\(place)", value: off)]
    }

    /// DATE IMPRINT, a MENU row: its values by name and its switch, each also after the MENU ("Menu, Date
    /// imprint, On", "go in the menu and put the date on the photos").
    static let dateImprint: [VoiceSentence] = {
        let control = "<\(name(.dateImprint))>"
        // The stamp as it looks on old prints: "get rid of the *orange* date in the corner".
        let stamp = "[(orange | little | red | yellow | digital)] \(control)"
        let plain = valueTemplates(control, .dateImprint).map { VoiceSentence(.setDateImprint, $0) }
            + switches(stamp, .dateImprint, MenuRowID.dateImprint.voice, place: " [(on | in the corner [of [(my | the)] \(photos)] | <on-takes>)]")
            + [VoiceSentence(.setDateImprint, "no \(stamp) [(in the corner | <on-takes>)]", value: "off")]
            // The switch pressed, as a screen reader's user double taps it: "Menu, Date imprint, double tap".
            + ["<press> [the] \(control)", "\(control) <press-after>"].map { VoiceSentence(.setDateImprint, $0, value: Resolver.nextValue) }
        let inMenu = plain.map { VoiceSentence($0.intent, "<menu> " + $0.template, values: $0.values) }
        let onPhotos = ["(add | put | show | stamp | print | include | burn) the date (on | to | in | onto | into) [the corner of] [(my | the)] \(photos)",
                        "(put | show | stamp | print) the date in the corner",
                        // As wanted, or as a learner orders it: "I want the date printed in the corner", "the date put on the photos".
                        "[(i want | i would like | id like)] the date (printed | stamped | shown | put | added) (on | to | in | onto | into) "
                            + "[the corner of] [(my | the)] \(photos)",
                        "[(i want | i would like | id like)] the date (printed | stamped | shown | put | added) in the corner"]
            .flatMap { [$0, "<menu> " + $0] }.map { VoiceSentence(.setDateImprint, $0, value: "on") }
        return plain + inMenu + onPhotos
    }()

    /// What the date is stamped on.
    private static let photos = "(photos | pictures | pics | clips | videos | takes | shots | images | frames | prints | snaps | snapshots)"

    /// What the camera makes, as people name its takes.
    static let takeNouns = ["photo", "photos", "picture", "pictures", "pics", "clip", "clips", "video", "videos", "take", "takes",
                            "shot", "shots", "image", "images", "frames", "film", "films", "recording", "recordings", "movie", "movies"]

    /// "(a | b | c)".
    static func alternatives(_ words: [String]) -> String { "(" + words.joined(separator: " | ") + ")" }
    /// "[(a | b | c)]", or nothing for no words.
    static func optional(_ words: [String]) -> String { words.isEmpty ? "" : "[" + alternatives(words) + "]" }
}
