/// What speech recognizers write for the camera's words, and the words meant ("deck aid" for "decade",
/// "pitcher" for "picture", "wreck" for "rec"): the voice matcher reads the utterance as meant.
public enum Misheard {
    /// A run of words as heard, and the words meant.
    public static let phrases: [(heard: String, meant: String)] = [
        ("deck aid", "decade"), ("deck ade", "decade"), ("deck aids", "decades"), ("pitcher", "picture"),
        ("pitchers", "pictures"), ("paws", "pause"), ("pawz", "pause"), ("wreck", "rec"), ("shudder", "shutter"),
        ("date in print", "date imprint"), ("date im print", "date imprint"), ("insta gram", "instagram"),
        ("coda chrome", "kodachrome"), ("koda chrome", "kodachrome"), ("code a chrome", "kodachrome"),
        ("coda color", "kodacolor"), ("pola roid", "polaroid"), ("polar oid", "polaroid"), ("polar roid", "polaroid"),
        ("exposer", "exposure"), ("expo sure", "exposure"), ("foto", "photo"), ("fotos", "photos"), ("selfy", "selfie"),
        ("role camera", "roll camera"), ("zoom inn", "zoom in"), ("flesh", "flash"), ("self timer's", "self timer"),
        ("the gree", "degree"), ("dee gree", "degree"), ("tech nology", "technology"),
        ("seen a", "cine"), ("sin a", "cine"), ("sinny", "cine"), ("super ate", "super 8"), ("zoo min", "zoom in"),
        ("zoo mout", "zoom out"), ("too x", "2x"), ("two ex", "2x"), ("four ex", "4x"), ("to for", "to four"),
        ("vhsc", "vhs c"), ("hi ate", "hi8"), ("high eight", "hi8"), ("mini dv", "minidv"), ("lil", "little"), ("lemme", "let me"), ("wreck cording", "recording"), ("rec cording", "recording"),
        ("two twelve", "to twelve"), ("for by three", "four by three"), ("expose your", "exposure"),
        ("selftimer", "self timer"),
        ("steel", "still"), ("d gree", "degree"), ("single ate", "single 8"), ("porta pack", "portapak"), ("sell fie", "selfie"),
        ("cam era", "camera"), ("camra", "camera"), ("un do", "undo"), ("foe toe", "photo"), ("fo to", "photo"),
        ("1 ex", "1x"), ("2 ex", "2x"), ("3 ex", "3x"), ("4 ex", "4x"), ("three ex", "3x"), ("one ex", "1x"),
        ("vhs see", "vhs c"), ("v h s see", "vhs c"), ("for x", "4x"), ("for ex", "4x"), ("minus to", "minus two"),
        ("plus to", "plus two"), ("zoomin", "zoom in"), ("zoomout", "zoom out"), ("eight ease", "eighties"),
        ("exposition", "exposure"), ("won", "one"), ("degree for", "degree four"),
        // Short forms written for the whole word: "selfie cam", "kill the virtual cam".
        ("cam", "camera"), ("cams", "cameras"),
    ]

    /// A learner's order, a thing and then which one: "the camera *of front*" for "the front camera", "the mode *of
    /// photo*", "the mode *for photos*", "the lever *of mode*".
    public static let learnersOrder: [(heard: String, meant: String)] = [
        ("camera", ["front", "back", "selfie", "rear"]), ("side", ["front", "back"]),
        ("mode", ["photo", "photos", "picture", "pictures", "video", "film", "cine", "still", "movie"]), ("lever", ["mode"]),
    ].flatMap { thing, which in
        which.flatMap { [("\(thing) of \($0)", "\($0) \(thing)"), ("\(thing) of the \($0)", "\($0) \(thing)"),
                         ("\(thing) for \($0)", "\($0) \(thing)"), ("\(thing) for the \($0)", "\($0) \(thing)")] }
    }

    /// A learner's comparative said with "more": "the exposure *more high*" is higher. ("More small" and "more big" are
    /// ZOOM's own words; said of another control, "more small" is less of it, `ControlFrame.lessening`.)
    public static let learnersComparatives: [(heard: String, meant: String)] = [
        ("more low", "lower"), ("more high", "higher"), ("more bright", "brighter"), ("more dark", "darker"),
        ("more strong", "stronger"), ("more weak", "weaker"), ("more near", "closer"),
    ]

    /// A learner's "do" for the take it means: "*do film* now", "*do a photo*".
    public static let learnersTakes: [(heard: String, meant: String)] = [
        ("do film", "film"), ("do a film", "film"), ("do photo", "take a photo"), ("do a photo", "take a photo"),
        ("do picture", "take a picture"), ("do a picture", "take a picture"), ("do video", "record a video"),
        ("do a video", "record a video"),
    ]

    /// A look told as how the picture was made, read as the look: "make it look like *it was shot on* MiniDV", "look
    /// like *it came off* an early digital camera".
    public static let looksAsTold: [(heard: String, meant: String)] =
        ["shot", "filmed", "taken", "made", "recorded", "snapped"].flatMap { made in
            ["on", "with", "in", "by"].map { ("look like it was \(made) \($0)", "look like") }
        } + ["came off", "came from", "came out of"].map { ("look like it \($0)", "look like") }

    /// The order said again where the joining word already says it: "zoom in *first then* take a photo".
    public static let saidOrder: [(heard: String, meant: String)] = [
        ("first then", "then"), ("first and then", "and then"), ("first and", "and"),
    ]

    /// Words misheard only as the last word: "turn the flash of".
    public static let last: [(heard: String, meant: String)] = [("of", "off")]

    /// Words after which a recognizer's "to" before a complaint's word is "too": "it's way *to* bright", "the picture is
    /// *to* dark" (not "from dark to bright", nor "set the degree to strong").
    public static let beforeTooHeardAsTo: Set<String> = ["is", "its", "way", "bit", "little", "much", "getting", "looks", "look",
                                                         "far", "so", "really", "just", "are", "were", "was", "seems", "im",
                                                         "thats"]
}
