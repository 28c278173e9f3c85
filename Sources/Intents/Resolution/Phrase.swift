/// Text clean-up shared by the resolver and the voice matcher.
enum Phrase {
    /// Longest string the resolver reads; anything longer is refused at once (a 1 MB value costs nothing).
    static let maximumLength = 200

    /// Lowercases, unifies minus signs and apostrophes, drops sentence punctuation and collapses spaces.
    /// Keeps what values need: `.` inside numbers, `:` in "16:9", `+`/`-` signs, `'` in "'70s".
    static func normalize(_ text: String) -> String {
        var cleaned = ""
        cleaned.reserveCapacity(text.utf8.count)
        for character in text.lowercased() {
            switch character {
            case "\u{2212}", "\u{2013}", "\u{2014}": cleaned.append("-")      // minus sign, en and em dash
            case "\u{2018}", "\u{2019}", "`", "\u{00B4}": cleaned.append("'")
            case "\u{00D7}": cleaned.append("x")                                // multiplication sign: "2×"
            case ",", "!", "?", ";", "\"", "\u{201C}", "\u{201D}", "(", ")": cleaned.append(" ")
            default:
                if character.isWhitespace { cleaned.append(" ") } else { cleaned.append(character) }
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

    /// The words of a normalised phrase; hyphens between letters split words ("twenty-two", "self-timer").
    static func words(_ normalized: String) -> [String] {
        normalized.split(separator: " ").flatMap { word -> [String] in
            guard word.contains("-"), word.first?.isLetter == true else { return [String(word)] }
            return word.split(separator: "-").map(String.init)
        }
    }

    /// Drops leading articles ("the seventies", "a 3 second timer").
    static func droppingArticles(_ words: [String]) -> [String] {
        var rest = words[...]
        while let first = rest.first, ["the", "a", "an"].contains(first) { rest = rest.dropFirst() }
        return Array(rest)
    }
}
