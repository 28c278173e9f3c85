import Body

/// An utterance cut into matchable words: lowercased, punctuation and apostrophes gone ("'70s" → "70s",
/// "what's" → "whats"), hyphenated words split ("twenty-two", "10-second"), "&" read as "and", filler
/// ("please", "um", "could you", "hey Siri", "ask Retrocam to") skipped.
/// Every word remembers where it came from, so a slot can answer its span.
struct Utterance: Sendable {
    /// One matchable word and its place in the original text (Unicode scalar offsets).
    struct Word: Sendable, Equatable {
        let text: String
        let start: Int
        let end: Int
        /// True when a comma (or semicolon) came before it: a place where a list of commands may be cut.
        var afterComma = false
        /// True when it was not written so but sounds like it (`SoundAlikes`): "flesh" read as "flash".
        var soundAlike = false
        /// True when "so" came before it: what follows may be a reason, not a command.
        var afterSo = false
        /// True when filler that begins with a subject came before it ("*I want to* get the cat on the windowsill"):
        /// what follows may be a remark.
        var afterSubject = false
        /// True when a closing word ("please", "thanks") came right before it: what came before was asked for.
        var afterClosing = false
        /// True when the camera was called by name right before it, as a clause of its own ("…you'll break it. *Camera,*
        /// start recording"): what follows is said to the camera.
        var afterCall = false
    }

    /// Longest utterance read; longer ones are refused without being scanned.
    static let maximumLength = 500

    /// Words that carry no meaning for the camera.
    static let fillerWords: Set<String> = ["please", "um", "umm", "uh", "uhh", "er", "erm", "hmm", "hey", "ok", "okay",
                                           "kindly", "just", "now", "retrocam", "thanks", "oh", "so", "well", "quickly",
                                           "siri", "alexa", "google", "quick", "real", "ugh", "alright", "rn", "pls", "plz",
                                           "bro", "ngl", "lol", "yo", "dude", "lowkey", "kinda", "sorta", "bruh", "ty", "sorry", "oops",
                                           "again", "maybe", "thx", "fr", "tbh", "omg", "lmao", "fam", "ayo", "pray", "altogether"]
    /// Filler that closes what was said before it, as a comma does: "start recording thanks that's great".
    static let closingFiller: Set<String> = ["please", "pls", "plz", "thanks", "ty", "thx"]
    /// Filler that may open a reason: "zoom to 2x *so* you can see the dough rising" (`Word.afterSo`).
    static let reasonFiller: Set<String> = ["so"]
    /// Word sequences that carry no meaning for the camera, as people write them (the exports keep them so).
    static let fillerPhraseTexts = [
        "could you", "can you", "would you", "will you", "i want to", "i wanna", "i'd like to", "i would like to",
        "let's", "let us", "for me", "thank you", "go ahead and", "right away", "straight away", "at once", "ask retrocam to", "tell retrocam to",
        "ask retro cam to", "tell retro cam to", "can i", "can we", "all right", "right now", "if you could",
        "if you can", "do one thing", "help me", "kind of", "sort of", "you know", "i guess", "how to say", "how do you say",
        "if you would", "if you'd be so kind", "if you would be so kind", "would you be so kind as to", "would you be so good as to",
        "be so good as to", "would you mind", "if you please", "if you don't mind", "if it's no trouble", "i should like to",
        "i'd love to", "i'd love it if you", "go on and", "i need you to", "i want you to", "please you", "can u",
        "could u", "would u", "will u", "once that's done", "once that is done", "when that's done", "when that is done",
        // Unsure, not refusing: "I'm not sure how this works, but could you take a picture".
        "i'm not sure how this works", "i am not sure how this works", "not sure how this works", "i don't know how this works",
        "i'm not sure how this works but", "i am not sure how this works but", "not sure how this works but", "i don't know how this works but",
    ]
    /// The same as the matcher compares them, longest first, so "if you would be so kind" is not read as "if you would".
    static let fillerPhrases: [[String]] = fillerPhraseTexts.map { Utterance.tokens(Array($0.unicodeScalars)).map(\.text) }
        .enumerated().sorted { ($0.element.count, $1.offset) > ($1.element.count, $0.offset) }.map(\.element)

    /// Filler said only first, by a person: "you can put the decade of eighties" (but "as bright as you can" stays).
    static let leadingFillerPhrases: [[String]] = [["you", "can"], ["you", "could"], ["you", "will"]]

    /// Every filler word and phrase as written, for the exports.
    static var fillerTexts: [String] { fillerWords.sorted() + fillerPhraseTexts }

    /// The original text.
    let original: [Unicode.Scalar]
    /// The words left once filler is skipped.
    let words: [Word]

    /// Reads `text`; an over-long text reads as no words at all. `heard`: the text comes from a person or a
    /// speech recognizer, so misheard words are read as meant (`Misheard`), spelled letters as one word
    /// ("v h s"), and "like" before a number is filler; a template's own words are read without that.
    init(_ text: String, heard: Bool = true) {
        guard text.utf8.count <= Self.maximumLength else {
            original = []
            words = []
            return
        }
        original = Array(text.unicodeScalars)
        let tokens = Self.tokens(original)
        words = Self.skippingFiller(heard ? Self.hearing(tokens) : tokens, heard: heard)
    }

    /// The same words read from `original`.
    init(original: [Unicode.Scalar], words: [Word]) {
        self.original = original
        self.words = words
    }

    /// The utterance with the words at the indices of `meant` read as the words given, marked as sound-alikes.
    func replacing(_ meant: [Int: String]) -> Utterance {
        var words = self.words
        for (index, text) in meant {
            words[index] = Word(text: text, start: words[index].start, end: words[index].end,
                                afterComma: words[index].afterComma, soundAlike: true)
        }
        return Utterance(original: original, words: words)
    }

    /// The utterance with each pair of words joined whose joining is a camera word and which are not both camera
    /// words already ("re cording" → "recording", "un do" → "undo"): what a recognizer splits. Nil when none is.
    func joiningSplitWords(_ isCameraWord: (String) -> Bool) -> Utterance? {
        var joined: [Word] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if index + 1 < words.count, !words[index + 1].afterComma {
                let next = words[index + 1], whole = word.text + next.text
                if whole.count >= 5, !(isCameraWord(word.text) && isCameraWord(next.text)), isCameraWord(whole) {
                    joined.append(Word(text: whole, start: word.start, end: next.end, afterComma: word.afterComma))
                    index += 2
                    continue
                }
            }
            joined.append(word)
            index += 1
        }
        return joined.count == words.count ? nil : Utterance(original: original, words: joined)
    }

    /// What was said to the camera after other talk, when it was called by name between commas ("Harold, stop fiddling
    /// with the zoom. *Camera,* start recording"): the words after the last such call. Nil when there is none.
    func addressedToTheCamera() -> Utterance? {
        guard let start = words.indices.dropFirst().last(where: { words[$0].afterCall }) else { return nil }
        return Utterance(original: original, words: Array(words[start...]))
    }

    /// Misheard words (and a learner's order, a look told as a story) as meant, by the first word heard, the longest
    /// heard phrase first: every word of every utterance is looked up here.
    static let misheard: [String: [(heard: [String], meant: [String])]] = Dictionary(
        grouping: (Misheard.phrases + Misheard.learnersOrder + Misheard.learnersComparatives + Misheard.learnersTakes
                   + Misheard.looksAsTold + Misheard.saidOrder)
            .map { (heard: tokens(Array($0.heard.unicodeScalars)).map(\.text), meant: tokens(Array($0.meant.unicodeScalars)).map(\.text)) }
            .sorted { $0.heard.count > $1.heard.count },
        by: { $0.heard[0] })

    /// The words one control's complaints say after "too": "dark", "bright", "far", "modern".
    static let complaintWords: Set<String> = Set(ControlTable.rows.flatMap { $0.voice.tooLow + $0.voice.tooHigh }
        .filter { $0.hasPrefix("too ") }.map { String($0.dropFirst(4)) }.filter { !$0.contains(" ") })

    /// The words read as meant: misheard phrases replaced (the words meant keep the span of the words heard),
    /// runs of single spelled letters joined ("v h s" → "vhs"; not "a" or "i"), "like" before a number dropped, a
    /// recognizer's "to" for "too" before a complaint, and "too" said again for a second complaint joined by "and".
    static func hearing(_ words: [Word]) -> [Word] {
        var heard: [Word] = []
        var index = 0
        scan: while index < words.count {
            for entry in misheard[words[index].text] ?? [] where index + entry.heard.count <= words.count {
                if zip(words[index..<(index + entry.heard.count)], entry.heard).allSatisfy({ $0.text == $1 }) {
                    let first = words[index], last = words[index + entry.heard.count - 1]
                    for (position, meant) in entry.meant.enumerated() {
                        heard.append(Word(text: meant, start: first.start, end: last.end,
                                          afterComma: position == 0 && first.afterComma))
                    }
                    index += entry.heard.count
                    continue scan
                }
            }
            let word = words[index]
            // "a p s" is said as letters with the "a" among them: left as it is.
            if isSpelledLetter(word.text), heard.last?.text != "a", index + 1 < words.count, isSpelledLetter(words[index + 1].text), !words[index + 1].afterComma {
                var end = index
                var text = ""
                while end < words.count, isSpelledLetter(words[end].text), end == index || !words[end].afterComma {
                    text += words[end].text
                    end += 1
                }
                heard.append(Word(text: text, start: word.start, end: words[end - 1].end, afterComma: word.afterComma))
                index = end
                continue
            }
            // "like, make it the 2000s": a leading "like" says nothing either, unless a likeness follows ("like my mom's
            // Kodak Instamatic snapshots").
            // Nor does "like" before "too" or "so": "this is *like* too bright".
            // "it's way to bright": a recognizer's "to" for "too", between a link or an intensifier and a complaint's word.
            if word.text == "to", index + 1 < words.count, Self.complaintWords.contains(words[index + 1].text),
               let before = heard.last, Misheard.beforeTooHeardAsTo.contains(before.text) {
                heard.append(Word(text: "too", start: word.start, end: word.end, afterComma: word.afterComma))
                index += 1
                continue
            }
            if word.text == "like", index + 1 < words.count,
               (words[index + 1].text.first?.isNumber == true && !likeKept.contains(heard.last?.text ?? ""))
                || ["too", "so"].contains(words[index + 1].text)
                || heard.allSatisfy({ fillerWords.contains($0.text) }) && !(index + 1 < words.count && likenessStarts.contains(words[index + 1].text)) {
                index += 1
                continue
            }
            heard.append(word)
            index += 1
            // "too clean and modern" is "too clean and too modern": a complaint's word closing the clause after "too … and".
            if word.text == "and", heard.count >= 3, heard[heard.count - 3].text == "too", index < words.count,
               index + 1 == words.count || words[index + 1].afterComma, !words[index].afterComma,
               Self.complaintWords.contains(words[index].text) {
                heard.append(Word(text: "too", start: words[index].start, end: words[index].start))
            }
        }
        if let last = heard.last, let meant = Misheard.last.first(where: { $0.heard == last.text })?.meant {
            heard[heard.count - 1] = Word(text: meant, start: last.start, end: last.end, afterComma: last.afterComma)
        }
        return heard
    }

    /// Words that begin what something is like, after a leading "like": "like *the* old Kodachrome slides".
    static let likenessStarts: Set<String> = ["a", "an", "the", "my", "our", "your", "his", "her", "their", "those", "that",
                                              "these", "old", "moms", "dads", "grandmas", "grandpas"]

    /// Words after which "like" before a number means what it says ("look like 1985", "I'd like 2x").
    static let likeKept: Set<String> = ["look", "looks", "feel", "feels", "seem", "seems", "id", "wed", "youd", "would",
                                        "i", "we", "you", "they", "sound", "sounds"]

    /// A lone letter a speller says, not the words "a" and "i".
    private static func isSpelledLetter(_ text: String) -> Bool {
        text.count == 1 && text != "a" && text != "i" && text.first!.isLetter
    }

    /// The matchable words as strings.
    var texts: [String] { words.map(\.text) }

    /// The original text of words `range` (of `words`), and where it lies.
    func span(_ range: Range<Int>) -> TextSpan {
        let start = words[range.lowerBound].start, end = words[range.upperBound - 1].end
        return TextSpan(text: String(String.UnicodeScalarView(original[start..<end])), start: start, end: end)
    }

    /// Cuts the scalars into words; a word is a run of non-separators with its offsets.
    static func tokens(_ scalars: [Unicode.Scalar]) -> [Word] {
        var words: [Word] = []
        var current = ""
        var start = 0
        var comma = false
        var contracted = false
        func finish(at end: Int) {
            defer { current = "" }
            var text = current
            var dots = 0
            while text.hasSuffix(".") {
                text.removeLast()
                dots += 1
            }
            // A dash alone ("stand still — take a picture") pauses as a comma does.
            if !text.isEmpty, text.allSatisfy({ $0 == "-" }) {
                comma = true
                return
            }
            guard !text.isEmpty else {
                comma = comma || dots > 1
                return
            }
            // The end of a sentence or an ellipsis pauses as a comma does: "…you'll break it. Camera, start recording",
            // "hang on, Jake... camera, hit REC".
            defer { if dots > 0 { comma = true } }
            // "twenty-two", "self-timer", "10-second": a hyphen before a letter splits words; "-1" keeps its sign.
            let first = words.count
            if Phrase.splitsAtHyphens(text) {
                var offset = start
                for part in text.split(separator: "-", omittingEmptySubsequences: false) {
                    if !part.isEmpty { words.append(Word(text: String(part), start: offset, end: offset + part.count)) }
                    offset += part.count + 1
                }
            } else if text == "well", contracted {
                // "we'll" is not the filler "well": its subject stays ("we'll make it a silent film" is a remark).
                words += [Word(text: "we", start: start, end: end), Word(text: "will", start: start, end: end)]
            } else {
                words.append(Word(text: text, start: start, end: end))
            }
            contracted = false
            if comma, first < words.count { words[first].afterComma = true }
            comma = false
        }
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "'", "\u{2018}", "\u{2019}", "`", "\u{00B4}":
                contracted = !current.isEmpty
                continue   // dropped, not a separator: "what's" → "whats"
            case ",", ";":
                finish(at: index)
                comma = true
                continue
            case "&":
                finish(at: index)
                words.append(Word(text: "and", start: index, end: index + 1, afterComma: comma))
                comma = false
                continue
            case "\u{2026}":
                finish(at: index)
                comma = true
                continue
            case "!", "?":
                finish(at: index)
                comma = true
                continue
            case ":" where index + 1 == scalars.count || scalars[index + 1].properties.isWhitespace:
                // "cam: flip" pauses as a comma does; "16:9" and "two point four:one" are values.
                finish(at: index)
                comma = true
                continue
            case " ", "\t", "\n", "\r", "\"", "\u{201C}", "\u{201D}", "(", ")":
                finish(at: index)
                continue
            default: break
            }
            if scalar.properties.isWhitespace {
                finish(at: index)
                continue
            }
            if current.isEmpty { start = index }
            switch scalar {
            case "\u{2212}", "\u{2013}", "\u{2014}": current.append("-")
            case "\u{00D7}": current.append("x")
            default:
                if scalar.isASCII {
                    let value = scalar.value
                    current.unicodeScalars.append((65...90).contains(value) ? Unicode.Scalar(value + 32)! : scalar)
                } else {
                    // Accents folded: "Pathé" is read as people say it, and as a recognizer writes it ("pathe").
                    current += Phrase.foldingAccents(String(scalar).lowercased())
                }
            }
        }
        finish(at: scalars.count)
        return words
    }

    /// Drops filler words and phrases, then a leading "camera" ("camera, take a photo"). A comma before
    /// dropped filler moves to the next word kept ("go to the seventies, um, take a photo").
    static func skippingFiller(_ words: [Word], heard: Bool = false) -> [Word] {
        var kept: [Word] = []
        var index = 0
        // A learner's question said as a statement: "*you can* put the decade of eighties, please?"
        if heard, let phrase = leadingFillerPhrases.first(where: { $0.count < words.count && zip(words, $0).allSatisfy { $0.text == $1 } }) {
            index = phrase.count
        }
        var comma = false, so = false, subject = false, closing = false
        scan: while index < words.count {
            for phrase in fillerPhrases where index + phrase.count <= words.count {
                if zip(words[index..<(index + phrase.count)], phrase).allSatisfy({ $0.text == $1 }) {
                    comma = comma || words[index].afterComma || phrase == ["thank", "you"]
                    closing = closing || phrase == ["thank", "you"]
                    subject = subject || ["i", "we", "id", "wed"].contains(phrase[0])
                    index += phrase.count
                    continue scan
                }
            }
            var word = words[index]
            if fillerWords.contains(word.text) {
                comma = comma || word.afterComma || closingFiller.contains(word.text)
                closing = closing || closingFiller.contains(word.text)
                so = so || reasonFiller.contains(word.text)
            } else {
                word.afterComma = word.afterComma || comma
                word.afterSo = so
                word.afterSubject = subject
                word.afterClosing = closing
                comma = false
                so = false
                subject = false
                closing = false
                kept.append(word)
            }
            index += 1
        }
        // Not "camera mode" (the STILL mode's name) nor "camera feed" (the virtual camera's).
        if kept.first?.text == "camera", kept.count > 1, !["mode", "feed"].contains(kept[1].text) { kept.removeFirst() }
        // The camera called by its name as a clause of its own, anywhere: "set the decade to the 1920s, *camera*, we'll
        // make it a silent film", "it's too dark in here, *camera*"; not a value after a control's name ("Mode, camera").
        let called = !heard ? [] : kept.indices.filter { index in
            ["camera", "cam"].contains(kept[index].text) && kept[index].afterComma
                && (index + 1 == kept.count || kept[index + 1].afterComma)
                && (index == 0 || !VoiceMatcher.controlNameEndings.contains(kept[index - 1].text))
        }
        for index in called where index + 1 < kept.count { kept[index + 1].afterCall = true }
        if called.count < kept.count { kept = kept.indices.filter { !called.contains($0) }.map { kept[$0] } }
        return kept
    }
}
