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
    }

    /// Longest utterance read; longer ones are refused without being scanned.
    static let maximumLength = 500

    /// Words that carry no meaning for the camera.
    static let fillerWords: Set<String> = ["please", "um", "umm", "uh", "uhh", "er", "erm", "hmm", "hey", "ok", "okay",
                                           "kindly", "just", "now", "retrocam", "thanks", "oh", "so", "well", "quickly",
                                           "siri", "alexa", "google", "quick", "real"]
    /// Word sequences that carry no meaning for the camera, as people write them (the exports keep them so).
    static let fillerPhraseTexts = [
        "could you", "can you", "would you", "will you", "i want to", "i wanna", "i'd like to", "i would like to",
        "let's", "let us", "for me", "thank you", "go ahead and", "right away", "ask retrocam to", "tell retrocam to",
        "ask retro cam to", "tell retro cam to", "can i", "can we",
    ]
    /// The same as the matcher compares them.
    static let fillerPhrases: [[String]] = fillerPhraseTexts.map { Utterance.tokens(Array($0.unicodeScalars)).map(\.text) }

    /// Every filler word and phrase as written, for the exports.
    static var fillerTexts: [String] { fillerWords.sorted() + fillerPhraseTexts }

    /// The original text.
    let original: [Unicode.Scalar]
    /// The words left once filler is skipped.
    let words: [Word]

    /// Reads `text`; an over-long text reads as no words at all.
    init(_ text: String) {
        guard text.utf8.count <= Self.maximumLength else {
            original = []
            words = []
            return
        }
        original = Array(text.unicodeScalars)
        words = Self.skippingFiller(Self.tokens(original))
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
        func finish(at end: Int) {
            defer { current = "" }
            var text = current
            while text.hasSuffix(".") { text.removeLast() }
            guard !text.isEmpty else { return }
            // "twenty-two", "self-timer", "10-second": a hyphen before a letter splits words; "-1" keeps its sign.
            let first = words.count
            if Phrase.splitsAtHyphens(text) {
                var offset = start
                for part in text.split(separator: "-", omittingEmptySubsequences: false) {
                    if !part.isEmpty { words.append(Word(text: String(part), start: offset, end: offset + part.count)) }
                    offset += part.count + 1
                }
            } else {
                words.append(Word(text: text, start: start, end: end))
            }
            if comma, first < words.count { words[first].afterComma = true }
            comma = false
        }
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "'", "\u{2018}", "\u{2019}", "`", "\u{00B4}":
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
            case " ", "\t", "\n", "\r", "!", "?", "\"", "\u{201C}", "\u{201D}", "(", ")", "\u{2026}":
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
                    current += String(scalar).lowercased()
                }
            }
        }
        finish(at: scalars.count)
        return words
    }

    /// Drops filler words and phrases, then a leading "camera" ("camera, take a photo"). A comma before
    /// dropped filler moves to the next word kept ("go to the seventies, um, take a photo").
    static func skippingFiller(_ words: [Word]) -> [Word] {
        var kept: [Word] = []
        var index = 0
        var comma = false
        scan: while index < words.count {
            for phrase in fillerPhrases where index + phrase.count <= words.count {
                if zip(words[index..<(index + phrase.count)], phrase).allSatisfy({ $0.text == $1 }) {
                    comma = comma || words[index].afterComma
                    index += phrase.count
                    continue scan
                }
            }
            var word = words[index]
            if fillerWords.contains(word.text) {
                comma = comma || word.afterComma
            } else {
                word.afterComma = word.afterComma || comma
                comma = false
                kept.append(word)
            }
            index += 1
        }
        if kept.first?.text == "camera", kept.count > 1 { kept.removeFirst() }
        return kept
    }
}
