import Body

/// AdjustControl's sentences: relative changes of the adjustable controls ("zoom in", "a bit brighter",
/// "make the effect stronger", "next decade", "another style"), generated per control from its nouns, the
/// comparatives that mean up and down, and a few phrases of its own, each form with the amounts `<bit>`
/// (one step) and `<lot>` (two steps). Each sentence fixes `control` and `steps`.
enum RelativeSentences {
    static let all: [VoiceSentence] = zoom + exposure + degree + decade + style

    static let zoom: [VoiceSentence] = generic("zoom", nouns: "(zoom | magnification | zoom level)")
        + adjust("zoom", +1, ["zoom in [(more | closer | further | tighter)] [<bit>]", "[<bit>] closer",
                              "(get | move | come | go) [in] [<bit>] closer", "(push | punch) in [<bit>]", "zoom closer"])
        + adjust("zoom", +2, ["zoom in <lot>", "(get | move | come | go) [in] <lot> closer", "(push | punch) in <lot>"])
        + comparative("zoom", up: "(bigger | larger | more big | more close | tighter)", down: "(smaller | more small)",
                      subjects: "(it | this | the picture | the image | everything)")
        + adjust("zoom", -1, ["zoom out [(more | further | wider)] [<bit>]", "(pull | step | move) (back | out | away) [<bit>]",
                              "(get | move) (further | farther) (away | back)", "[go] [<bit>] wider"])
        + adjust("zoom", -2, ["zoom out <lot>", "(pull | step | move) (back | out | away) <lot>"])

    static let exposure: [VoiceSentence] = generic("exposure", nouns: "<exposure>")
        + comparative("exposure", up: VoiceRules.names(ControlID.exposure.row.voice.up),
                      down: VoiceRules.names(ControlID.exposure.row.voice.down),
                      subjects: "(it | this | the picture | the image | the photo | the shot | things | everything)")
        + adjust("exposure", +1, ["brighten [(it | this | the picture | the image | things)] [up] [<bit>]",
                                  "lighten [(it | this | the picture)] [up] [<bit>]"])
        + adjust("exposure", +2, ["(brighten | lighten) [(it | this | the picture | the image | things)] [up] <lot>"])
        // Said again here, short, for the exports that cannot take the complaints' long forms (OVOS's padacioso).
        + complaints("exposure", +1, ["[(it's | it is)] too dark"]) + complaints("exposure", -1, ["[(it's | it is)] too bright"])
        + adjust("exposure", -1, ["darken [(it | this | the picture | the image | things)] [<bit>]",
                                  "dim [(it | this | the picture)] [down] [<bit>]"])
        + adjust("exposure", -2, ["(darken | dim) [(it | this | the picture | the image | things)] [down] <lot>"])

    static let degree: [VoiceSentence] = generic("degree", nouns: "(<degree> | <control-degree> | vintage filter)")
        + comparative("degree", up: VoiceRules.names(ControlID.degree.row.voice.up),
                      down: VoiceRules.names(ControlID.degree.row.voice.down),
                      subjects: "(it | this | the filter | the look | [the] <degree> | [the] <control-degree>)")
        + adjust("degree", +1, ["[(a | an)] [<bit>] (stronger | heavier | more intense) (<degree> | filter | look)",
                                "(intensify | strengthen) [(it | this | the effect | the filter | the look)]"])
        + adjust("degree", -1, ["[(a | an)] [<bit>] (weaker | lighter | subtler | softer | less intense) (<degree> | filter | look)",
                                "tone (it | this | the effect | the filter | the look | things) down [<bit>]",
                                "dial (it | this | the effect | the filter) (back | down) [<bit>]",
                                "(weaken | soften) [(it | this | the effect | the filter | the look)]"])

    static let decade: [VoiceSentence] = adjust("decade", +1, [
        "[(go to | switch to | try)] [the] next (decade | era)", "[go] (forward | ahead) [(a | one)] (decade | era)",
        "[go] (forward | ahead) (ten | 10) years", "(go | move | jump) (forward | ahead) in time",
        "(a | one) (decade | era) later", "the (decade | era) after [(this | that | this one)]", "[a] (later | newer) (decade | era)",
        "[(go | move)] (a | one) (decade | era) (more | forward | ahead | on)", "[make (it | this | everything)] [<bit>] (more modern | more recent | newer)",
    ]) + adjust("decade", -1, [
        "[(go to | switch to | go back to)] [the] (previous | prev | last) (decade | era)", "[go] back [(a | one)] (decade | era)",
        "[go] back (ten | 10) years", "(go | move | jump) back in time", "(an | one) earlier (decade | era)",
        "(a | one) (decade | era) earlier", "the (decade | era) before [(this | that | this one)]", "[an] older (decade | era)",
        "[(go | move)] (a | one) (decade | era) (back | less | before)", "[make (it | this | everything)] [<bit>] older",
    ]) + [2, 3].flatMap { count in
        let number = count == 2 ? "(two | 2 | a couple of)" : "(three | 3)"
        let years = count == 2 ? "(twenty | 20)" : "(thirty | 30)"
        return adjust("decade", count, ["[go] (forward | ahead) \(number) decades", "[go] (forward | ahead) \(years) years",
                                         "\(number) decades later"])
            + adjust("decade", -count, ["[go] back \(number) decades", "[go] back \(years) years", "\(number) decades earlier"])
    }

    static let style: [VoiceSentence] = adjust("style", +1, [
        "[(go to | switch to | try | use | give me)] [the] next <dial-entry> [(on | of) the dial]", "[(try | use | give me | switch to | go to)] (another | a different) <dial-entry>",
        "the <dial-entry> after [(this | that | this one)]",
    ]) + adjust("style", -1, [
        "[(go to | switch to | go back to | use)] [the] (previous | prev | last) <dial-entry> [(on | of) the dial]", "(go | switch | turn) back [(a | one)] <dial-entry>",
        "the <dial-entry> before [(this | that | this one)]",
    ])

    /// Sentences that turn `control` by `steps`.
    static func adjust(_ control: String, _ steps: Int, _ templates: [String]) -> [VoiceSentence] {
        let signed = steps > 0 ? "+\(steps)" : "\(steps)"
        return templates.map { VoiceSentence(.adjustControl, $0, values: [IntentParameter.control: control, IntentParameter.steps: signed]) }
    }

    /// Complaints about the picture that turning `control` by `steps` fixes (`VoiceSentence.isComplaint`).
    static func complaints(_ control: String, _ steps: Int, _ templates: [String]) -> [VoiceSentence] {
        adjust(control, steps, templates).map { sentence in
            var sentence = sentence
            sentence.isComplaint = true
            return sentence
        }
    }

    /// What every numeric control takes with its nouns `n`: "increase the exposure [a bit]", "turn the
    /// intensity down", "exposure up", "a bit more zoom", "a lot less zoom".
    static func generic(_ control: String, nouns n: String) -> [VoiceSentence] {
        adjust(control, +1, ["<increase> [the] \(n) [<bit>]", "<raise-verb> [the] \(n) up [<bit>]", "\(n) up [<bit>]", "[<bit>] more \(n)"])
            + adjust(control, +2, ["<increase> [the] \(n) <lot>", "<raise-verb> [the] \(n) up <lot>", "<lot> more \(n)", "\(n) up <lot>"])
            + adjust(control, -1, ["<decrease> [the] \(n) [<bit>]", "<lower-verb> [the] \(n) down [<bit>]", "\(n) down [<bit>]",
                                   "[<bit>] less \(n)"])
            + adjust(control, -2, ["<decrease> [the] \(n) <lot>", "<lower-verb> [the] \(n) down <lot>", "<lot> less \(n)", "\(n) down <lot>"])
    }

    /// Comparatives: "brighter", "a bit darker", "make it much brighter", "make the effect a bit stronger".
    static func comparative(_ control: String, up: String, down: String, subjects: String) -> [VoiceSentence] {
        let make = "[(make | i want | i'd like | get) [\(subjects)]]"
        return adjust(control, +1, ["\(make) [<bit>] \(up) [<bit>]"]) + adjust(control, +2, ["\(make) <lot> \(up)"])
            + adjust(control, -1, ["\(make) [<bit>] \(down) [<bit>]"]) + adjust(control, -2, ["\(make) <lot> \(down)"])
    }
}
