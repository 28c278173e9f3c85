import Body

/// The words a hand on a control is said with: names and parts, directions, ends, counts, presses, looks.
extension ControlFrame {
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
                                    "anticlockwise", "counterclockwise", "downward", "downwards", "previous", "prev"]
    /// A learner's "more" of a word of less: "make the degree *more small*".
    static let lessening: [[String]] = [["more", "small"], ["more", "little"], ["more", "weak"]]
    /// Words that say "as far as it goes" with a direction.
    static let allTheWay: [[String]] = ["all the way", "to the end", "as much as possible", "fully", "completely"].map(words)
        + ["it goes", "possible", "it will go", "itll go", "it can go", "it can"].flatMap { end in
            ["", "up", "down", "back", "forward", "in", "out"].map { words("as far \($0) as \(end)") }
                // "as modern as it goes": the way is a word of the control's own direction.
                + ["modern", "new", "recent", "old", "early", "bright", "dark", "close", "wide", "strong", "weak"].map { words("as \($0) as \(end)") }
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
    /// Verbs of the mind that go "back to" a time without setting it: "*think* back to the eighties".
    static let rememberingVerbs: Set<String> = ["think", "thinking", "thought", "remember", "remembering", "dream", "dreaming",
                                                "cast", "look", "looking", "harken", "hark", "reminisce"]
    /// Verbs that throw a lever over: "*throw* the mode lever".
    static let leverVerbs: Set<String> = ["throw", "move", "flip", "shift", "pull", "push", "toggle", "flick"]
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
        .union(["use", "go", "give", "want", "need", "try", "pick", "choose", "select", "do", "dial", "fit", "load", "frame"])
    /// Words a verb that sets is said with: "*dial in* Super 8 sound", "*load up* some Kodachrome".
    static let setVerbParticles: Set<String> = ["in", "up"]
    /// A switch turned on, said of a dial's entry: "turn on night mode".
    static let turnOn: [[String]] = ["turn on", "switch on", "put on"].map(words)
    /// Words that say a look: "make it *look like* an old VHS tape", "a Super 8 *vibe*".
    static let lookWords: Set<String> = ["look", "looks", "looking", "like", "style", "vibe", "vibes", "feel", "aesthetic",
                                         "filter", "effect", "tone", "era", "kind"]
    /// Words that name a look after its value: "that rich Kodachrome slide *look*", "a Super 8 *vibe*".
    static let lookNames: Set<String> = ["look", "vibe", "vibes", "feel", "aesthetic", "style", "effect", "filter", "era",
                                         "film", "stock"]
    /// Nouns a look is described with besides its value: "like an old VHS *tape*", "like grandpa's Super 8 home *movies*".
    static let lookNouns: Set<String> = ["tape", "tapes", "film", "films", "movie", "movies", "camera", "cameras", "print", "prints",
                                         "photo", "photos", "snapshot", "snapshots", "slide", "slides", "picture", "pictures",
                                         "video", "videos", "home", "footage", "shot", "shots", "one", "kind", "sort",
                                         "photograph", "photographs", "image", "images"]
    /// Kinds whose values are numbers: any number reads as one of theirs, in range or not.
    static let numberKinds: Set<SettingKind> = [.degree, .exposure, .zoom, .timer]
    /// Kinds a value may set with no control named: those whose values are not bare numbers, nor the everyday words
    /// of the side ("back", "front") or of the mode (read apart, with a verb of `modeVerbs`).
    static let namedValueKinds: [SettingKind] = [.decade, .style, .format, .audio]
    /// Verbs that set the mode by its value, which is an everyday word ("switch over to stills"; not "make a video").
    static let modeVerbs: Set<String> = ["switch", "change", "put", "set", "move", "flip", "go", "turn"]
}
