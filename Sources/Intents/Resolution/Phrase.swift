import Foundation

/// Text clean-up shared by the resolver and the voice matcher.
enum Phrase {
    /// Longest string the resolver reads; anything longer is refused at once (a 1 MB value costs nothing).
    static let maximumLength = 200

    /// Lowercases, folds accents ("Pathé" reads as "pathe", as people and recognizers write it), unifies minus signs
    /// and apostrophes, drops sentence punctuation and collapses spaces.
    /// Keeps what values need: `.` inside numbers, `:` in "16:9", `+`/`-` signs, `'` in "'70s".
    static func normalize(_ text: String) -> String {
        if isNormal(text) { return text }
        var cleaned = ""
        cleaned.reserveCapacity(text.utf8.count)
        for character in text.lowercased() {
            switch character {
            case "\u{2212}", "\u{2013}", "\u{2014}": cleaned.append("-")      // minus sign, en and em dash
            case "\u{2018}", "\u{2019}", "`", "\u{00B4}": cleaned.append("'")
            case "\u{00D7}": cleaned.append("x")                                // multiplication sign: "2×"
            case ",", "!", "?", ";", "\"", "\u{201C}", "\u{201D}", "(", ")": cleaned.append(" ")
            default:
                if character.isWhitespace {
                    cleaned.append(" ")
                } else if !character.isASCII, character.isLetter {
                    cleaned += foldingAccents(String(character))
                } else {
                    cleaned.append(character)
                }
            }
        }
        var words = cleaned.split(separator: " ").map(String.init)
        // A full stop ends the sentence; one inside a number ("2.5") stays.
        if var last = words.last {
            while last.hasSuffix(".") { last.removeLast() }
            words[words.count - 1] = last
            if last.isEmpty { words.removeLast() }
        }
        return words.joined(separator: " ")
    }

    /// True for text `normalize` would leave as it is: lowercase ASCII letters, digits, `.` `:` `+` `-` `'`
    /// `/`, and single spaces between words, with no full stop at the end (the voice matcher's words).
    /// `text` without its accents: "pathé" → "pathe". The one place the resolver and the voice matcher fold them.
    static func foldingAccents(_ text: String) -> String {
        text.folding(options: .diacriticInsensitive, locale: nil)
    }

    static func isNormal(_ text: String) -> Bool {
        var previous: UInt8 = 32
        for byte in text.utf8 {
            switch byte {
            case 97...122, 48...57, 46, 58, 43, 45, 39, 47: break   // a-z 0-9 . : + - ' /
            case 32 where previous != 32: break
            default: return false
            }
            previous = byte
        }
        return previous != 32 && previous != 46
    }

    /// The words of a normalised phrase; a hyphen before a letter splits words ("twenty-two", "self-timer",
    /// "10-second").
    static func words(_ normalized: String) -> [String] {
        normalized.split(separator: " ").flatMap { word -> [String] in
            guard splitsAtHyphens(word) else { return [String(word)] }
            return word.split(separator: "-").map(String.init)
        }
    }

    /// True for a word its hyphens cut: "twenty-two", "self-timer", "10-second"; not "-1" or "2-3".
    static func splitsAtHyphens(_ word: some StringProtocol) -> Bool {
        guard word.contains("-"), let first = word.first else { return false }
        return first.isLetter || (first.isNumber && zip(word, word.dropFirst()).contains { $0 == "-" && $1.isLetter })
    }

    /// Drops leading articles ("the seventies", "a 3 second timer").
    static func droppingArticles(_ words: [String]) -> [String] {
        var rest = words[...]
        while let first = rest.first, ["the", "a", "an"].contains(first) { rest = rest.dropFirst() }
        return Array(rest)
    }
}
