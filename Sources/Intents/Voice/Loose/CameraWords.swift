import Body

/// The word classes the loose reading (`VoiceMatcher.loosely`, `ControlFrame`) sorts an utterance's words into, when no
/// sentence of the grammar says it whole: words that carry nothing (`freeWords`), the camera's own words (`known`),
/// words of other apps and devices (`otherThings`), negations, questions, statements and reasons.
///
/// A word a reading leaves aside must carry nothing, or be one the camera does not know where a verb or a description
/// may stand ("*knock* the style dial back", "like those *grainy* Hi8 tapes"); never a word the camera knows that is not
/// part of what was read ("on", "two", "flash", "play"), which would mean the reading missed part of what was said.
enum CameraWords {
    /// Longest utterance read so, in words (a grandparent's roundabout request runs to thirty).
    static let maximumWords = 40
    /// Longest part a sentence is looked for in.
    static let maximumPartWords = 12
    /// Most words the camera does not know that may describe a look ("like those *grainy* Hi8 tapes").
    static let maximumDescribing = 3

    /// The intents that start or end a take: read from parts of a clause only when no other intent is.
    static let transport: Set<IntentName> = TakeIntents.all.union([.pauseClip])

    /// Intents never read from part of an utterance: an undo throws a take away.
    static let wholeOnly: Set<IntentName> = [.undo]

    /// Words that open a question: a sentence that begins so asks, it does not command ("is the flash on").
    static let questionOpeners: Set<String> = ["is", "are", "was", "were", "does", "do", "did", "has", "have", "what", "whats",
                                               "how", "hows", "why", "where", "wheres", "when", "which", "who", "whos",
                                               "should", "shall", "am", "isnt", "arent", "doesnt", "whether"]

    /// True when the words begin as a question does ("is the flash on", "do you have film noir"); "do" before what
    /// is to be done is a request ("do the night mode thing").
    static func asks(_ words: [String]) -> Bool {
        guard let first = words.first, questionOpeners.contains(first) else { return false }
        guard first == "do", words.count > 1 else { return true }
        // "Do the eighties *look* good": a verb of how it seems makes it a question too.
        return ["you", "we", "i", "they", "it", "u", "ya", "ye", "not", "dont"].contains(words[1])
            || words.contains { ["look", "seem", "sound", "suit", "work", "match", "have"].contains($0) }
    }

    /// Words that carry nothing for the camera, whatever is said around them: articles, pronouns, links, degree
    /// words, and the camera's context nouns, which name what a command is about but not what to do.
    static let freeWords: Set<String> = [
        "a", "an", "the", "it", "its", "this", "that", "these", "those", "my", "me", "i", "im", "ive", "id", "we", "us",
        "our", "you", "your", "to", "for", "of", "with", "so", "some", "is", "be", "was", "are", "am",
        "really", "very", "too", "like", "kind", "type", "here", "there", "today", "whole", "stuff", "thing", "things",
        "camera", "cam", "video", "videos", "vid", "picture", "pictures", "pic", "pics", "photo", "photos", "image",
        "shot", "shots", "footage", "look", "looks", "style", "vibe", "vibes", "feel", "aesthetic", "filter", "effect",
        "old", "vintage", "retro", "classic", "bit", "little", "okay", "yeah", "yes", "thank", "guys", "everyone",
        "everybody", "folks", "buddy", "mate", "man", "though", "actually", "maybe", "also", "as", "well", "right",
        "around", "round", "over", "will", "would", "could", "can", "just", "ok", "cause", "bc", "only",
    ]

    /// Words that say no: a clause that holds one says no command read loosely; it may only be a remark that begins
    /// with a subject ("zoom in a bit, I *can't* see the candles").
    static let negations: Set<String> = VoiceMatcher.negations.union(["wasnt", "werent", "aint", "havent", "hasnt", "wouldnt",
                                                                      "couldnt", "dont", "nope", "nah", "neither", "nor"])

    /// Words that may be left between parts that are values said alone: "*sixties*, *super 8* and *roll*", not "this
    /// looks like a *seventies* *film noir*".
    static let valueLinks: Set<String> = ["a", "an", "the", "and", "then", "to", "some", "on", "in", "with"]

    /// A subject with its verb, as contracted: a clause that holds one states something ("like *I'm* back in 1975",
    /// "*it's* so dim for the picture"); it says a command only as a whole sentence of the grammar ("it's too dark").
    static let statements: Set<String> = ["im", "its", "were", "theyre", "shes", "hes", "thats", "theres", "ive", "weve",
                                          "youre", "was", "is", "are", "am"]

    /// The statements said as one word, a subject and its verb ("it's", "that's"): each begins a clause of its own.
    static let contractedStatements: Set<String> = ["its", "thats", "im", "theyre", "shes", "hes", "theres", "ive", "youre",
                                                    "someones", "somebodys", "everyones", "everybodys"]

    /// Verbs that make a clause after a subject a statement about the world ("my dad *had* a Super 8 back then", "we're
    /// going to film the speeches"): a take or a dial's entry said in it is part of the story.
    static let statementVerbs: Set<String> = statements.union([
        "had", "has", "have", "used", "loves", "love", "loved", "likes", "liked", "wants", "wanted", "did", "does", "said",
        "says", "swore", "thinks", "think", "knows", "know", "got", "gets", "sounds", "seems", "feels", "made", "went",
        "came", "comes", "lives", "going", "gonna", "shot", "filmed", "recorded", "took", "remember", "remembers",
        "see", "hope", "wish", "guess",
    ])

    /// Words that say what a command points at, after it: "zoom in *on* the baby".
    static let pointers: Set<String> = ["on", "at", "onto", "towards", "toward"]

    /// Words of the camera's that may still be what a command points at: "on the *lens*", "on her *face*".
    static let targets: Set<String> = ["lens", "face", "faces", "eyes", "hands", "subject", "people", "kids"]

    /// Programs the picture is sent to, which may be the subject of a remark: "*OBS* can't see it".
    static let programs: Set<String> = ["obs", "studio", "zoom", "teams", "discord", "skype"]

    /// Devices whose names are also words of the camera's dial ("camera *phone*"): a command pointed at one is for it.
    static let devices: Set<String> = ["phone", "phones", "iphone", "ipad", "tablet", "watch", "screen", "tv", "laptop",
                                       "computer", "monitor"]

    /// Words that say what a command is for, after it: "fire one off *for* continuity".
    static let purposes: Set<String> = ["for"]

    /// Intents whose words a household says of its own lamps and speakers ("turn the lights off for the cake"): never
    /// read with what they are for.
    static let householdIntents: Set<IntentName> = [.setLight, .toggleLight, .setAudio]

    /// Intents a command may point at something with: the zoom, the light, the exposure and the takes.
    static let aimed: Set<IntentName> = TakeIntents.all.union([.setZoom, .adjustControl, .setLight, .toggleLight, .setExposure])

    /// Verbs that, right after a subject, make an afterthought of a clause said after a command ("it *makes* Arthur
    /// blink", "it *looks* far too old", "I *can't* see a thing").
    static let afterthoughtVerbs: Set<String> = ["makes", "make", "looks", "look", "looked", "is", "was", "can", "cant",
                                                 "could", "should", "will", "would", "might", "need", "needs", "calls",
                                                 "call", "reckon", "suppose", "bet", "mean", "means"]

    /// The subjects a remark said without a comma begins with: "put the light on *I* can't see my face".
    static let remarkSubjects: Set<String> = contractedStatements.union(["i", "we", "she", "he", "they"])

    /// Verbs a command begins with when it is said right after a remark, without a comma: "I'm ready *start* filming".
    static let imperatives: Set<String> = takeOpeners.union([
        "start", "stop", "begin", "pause", "cut", "zoom", "turn", "switch", "set", "put", "make", "go", "give", "show", "flip",
        "press", "hit", "push", "tap", "use", "change", "move", "bring", "open", "close", "kill", "mute", "unmute",
        "brighten", "darken", "undo", "delete", "load", "insert", "tell", "read",
    ])

    /// A subject that asks: "*I want* go to nineteen-fifty years" is a request, not a remark.
    static let requests: [[String]] = [["i", "want"], ["i", "need"], ["we", "want"], ["we", "need"], ["i", "would", "like"],
                                       ["id", "like"], ["i", "wanna"], ["i", "would", "love"], ["id", "love"], ["ill", "need"],
                                       ["ill", "want"], ["i", "will", "need"], ["well", "need"]]

    /// Verbs that tell what was, whoever says it: a clause with one is a story, even about a control ("the nurse *says*
    /// the brightness *was* all wrong last time").
    static let reporting: Set<String> = ["was", "were", "had", "says", "said", "used", "did", "does"]

    /// Words that open what a command should be like, after it: "put the date in the corner *like* on old photos".
    static let likenessOpeners: Set<String> = ["like", "as"]

    /// Longest likeness said after a command, in words.
    static let maximumLikenessWords = 12

    /// Words of the camera's a likeness may still be told with: "like old *times*", "as we *used* to *do*".
    static let likenessWords: Set<String> = ["times", "days", "had", "did", "do", "does", "used", "back", "then", "old", "all",
                                             "we", "they", "them", "our", "my", "on", "in", "at", "of", "snaps", "numbers", "orange", "yellow",
                                             "red", "little", "digital"]

    /// Words that tell whose a look was, or when: "the Hi8 look my dad's camcorder *had*", "from *when* I was little".
    static let memoryWords: Set<String> = ["had", "used", "when", "was", "were", "grew", "owned", "remember", "loved", "ago",
                                           "camcorder", "camcorders", "childhood", "kid", "little", "young", "younger"]

    /// Words a look's memory opens with: someone's, or when.
    static let memoryOpeners: Set<String> = ["my", "our", "his", "her", "their", "we", "from", "when", "back", "dads", "moms",
                                             "mums", "grandads", "grandmas", "grandpas", "nans", "uncles", "aunts", "grandad",
                                             "grandpa", "grandma", "dad", "mom", "mum", "nan", "granny", "grannys"]

    /// Words that ask for a complaint to be fixed without naming what to change: "it's too dark, can you *fix* that",
    /// "*do something* about it".
    static let fixWords: Set<String> = ["fix", "correct", "sort", "improve", "help", "something", "do"]

    /// Verbs that ask for it with a direction: "it's way too bright, *knock* it down".
    static let fixDirectionVerbs: Set<String> = ["knock", "bring", "turn", "take", "crank", "pump"]

    /// Verbs that pass on what someone else says: "my friend *says* the picture is too dark".
    static let passingOn: Set<String> = ["says", "said", "thinks", "thought", "tells", "told", "reckons", "mentioned"]

    /// Words that open a reason or an afterthought: what follows them says why, not what to do ("switch the audio to
    /// stereo *because* the band's about to start").
    static let reasonOpeners: Set<String> = ["because", "cause", "cuz", "coz", "bc", "since", "before", "while", "until"]

    /// Words that say which one: after "for" they open a purpose ("zoom in for *the* close-up").
    static let determiners: Set<String> = ["the", "a", "an", "my", "our", "your", "his", "her", "their", "this", "that",
                                           "these", "those", "some"]

    /// Words a reason or an afterthought after a comma begins with: a subject ("*the kids* are about to blow out the
    /// candles", "*my mom* would love that") or a link.
    static let subjects: Set<String> = VoiceMatcher.asideOpeners.union([
        "you", "she", "shes", "he", "hes", "they", "theyre", "my", "the", "our", "his", "her", "their", "everyone",
        "everybody", "were", "weve", "there", "these", "those", "grandpa", "grandma", "mom", "dad", "kids", "baby",
    ])

    /// The camera's words: every fixed word of the grammar. A value's words are told by the slot recognizers.
    static let known: Set<String> = VoiceGrammar.standard.vocabulary.reduce(into: []) { $0.formUnion($1.words) }

    /// What a word left aside is.
    enum Leftover {
        /// It carries nothing.
        case free
        /// The camera does not know it.
        case unknown
        /// The camera knows it: a reading that leaves it aside missed part of what was said.
        case camera
    }

    /// Words of other things than this camera: a clause that says one is for another app or device, whatever camera
    /// words it also holds ("turn on the *kitchen* lights", "pause the *music*", "zoom in on the *map*"). None of them
    /// is a word of the grammar or of a value.
    static let otherThings: Set<String> = Set([
        "music", "song", "songs", "playlist", "radio", "podcast", "volume", "weather", "alarm", "reminder", "meeting",
        "email", "message", "text", "screen", "monitor", "display", "tv", "television", "netflix", "youtube", "spotify",
        "instagram", "insta", "tiktok", "facebook", "oven", "kitchen", "stove", "microwave", "thermostat", "heating",
        "door", "doorbell", "garage", "car", "app", "browser", "tab", "file", "files", "document", "game", "map", "lunch",
        "dinner", "pasta", "pizza", "bedroom", "living", "porch", "garden", "hallway", "bathroom", "office", "ceiling",
        "blinds", "curtains", "fan", "heater", "speaker", "speakers", "headphones", "computer", "laptop", "slideshow",
        "presentation", "movie", "movies", "show", "episode", "coin", "order", "online", "internet", "wifi", "bluetooth",
    ]).filter { leftover($0) == .unknown }

    /// Verbs that make a take ("take", "record", "roll"): never a verb the frame may pass over, nor words of a remark
    /// left out.
    static let takeOpeners: Set<String> = ["take", "taking", "snap", "snapping", "shoot", "shooting", "record", "recording",
                                           "film", "filming", "roll", "rolling", "capture", "capturing", "photograph", "action",
                                           "cheese", "rec"]

    /// True when the camera knows `word`: a word of the grammar or a whole value of a control ("recording",
    /// "instamatic").
    static func isCameraWord(_ word: String) -> Bool {
        known.contains(word) || SettingKind.allCases.contains { SlotRecognizer.match($0, [word][...]) == .exact }
    }

    /// What `word`, left aside, is.
    static func leftover(_ word: String) -> Leftover {
        if freeWords.contains(word) { return .free }
        if known.contains(word) || VoiceMatcher.joiners.contains(word) { return .camera }
        if SettingKind.allCases.contains(where: { SlotRecognizer.match($0, [word][...]) != .none }) { return .camera }
        if word.first?.isNumber == true { return .camera }
        return .unknown
    }
}
