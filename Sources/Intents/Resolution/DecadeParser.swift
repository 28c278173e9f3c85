import Body

/// What a decade phrase means: one decade (its first year), or several it could mean.
enum DecadeReading: Equatable, Sendable {
    /// One decade, by its first year (1970 for the 1970s).
    case decade(Int)
    /// Several decades fit ("tens": the 1910s or the 2010s).
    case ambiguous([Int])
}

/// Reads decades as people say and type them: "1970s", "70s", "'70s", "seventies", "the seventies",
/// "nineteen seventies", "1975", "nineteen seventy five", "twenty twenties", "noughties", "two thousands", and
/// named eras ("the roaring twenties", "Y2K", "present day": `eraNames`).
///
/// Rules for a decade said without its century:
/// - "twenties" … "nineties", "'20s" … "'90s" mean the 1900s ("the roaring twenties");
/// - "noughties", "aughts", "'00s" mean the 2000s, "teens" the 2010s;
/// - "tens" and "'10s" are ambiguous between the 1910s and the 2010s, so the caller is asked which.
/// Range checks are not done here: the resolver compares with the DECADE wheel.
enum DecadeParser {
    /// Plural decade words and the decade within a century they name.
    static let pluralWords: [String: Int] = [
        "tens": 10, "teens": 10, "twenties": 20, "thirties": 30, "forties": 40, "fourties": 40, "fifties": 50,
        "sixties": 60, "seventies": 70, "eighties": 80, "nineties": 90, "hundreds": 0,
        "noughties": 0, "naughties": 0, "aughts": 0, "ohs": 0,
    ]
    /// Spoken centuries: "nineteen" seventies, "twenty" twenties.
    static let centuryWords: [String: Int] = ["eighteen": 1800, "nineteen": 1900, "twenty": 2000, "18": 1800, "19": 1900,
                                              "20": 2000]

    /// Named eras and what people call the present, by the decade they mean (`DecadeWords.eras`).
    static let eraNames: [String: Int] = Dictionary(
        uniqueKeysWithValues: DecadeWords.eras.map { ($0.spoken, Int($0.value.dropLast())!) })

    /// Reads a normalised phrase (see `Phrase.normalize`) as a decade, or nil when it is not one.
    static func parse(_ normalized: String) -> DecadeReading? {
        var words = Phrase.droppingArticles(Phrase.words(normalized))
        if let year = eraNames[String(words.joined(separator: " ").filter { $0 != "'" })] { return .decade(year) }
        if words.last == "decade" { words.removeLast() }
        // "nineteen fifty years", "the years eighty": a learner's way of saying the decade.
        if words.count > 1, ["years", "year"].contains(words.last) { words.removeLast() }
        if words.count > 1, ["years", "year"].contains(words.first) { words = Phrase.droppingArticles(Array(words.dropFirst())) }
        if words.count == 1, let reading = parseWritten(words[0]) { return reading }
        return parseSpoken(words)
    }

    /// Written forms: "1970s", "1970's", "1975", "70s", "'70s", "'75".
    static func parseWritten(_ word: String) -> DecadeReading? {
        var text = Substring(word)
        let apostrophe = text.hasPrefix("'")
        if apostrophe { text = text.dropFirst() }
        var plural = false
        if text.hasSuffix("'s") { text = text.dropLast(2); plural = true } else if text.hasSuffix("s") {
            text = text.dropLast(); plural = true
        }
        guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let number = Int(text) else { return nil }
        switch text.count {
        case 4:
            return .decade(number / 10 * 10)
        case 2 where apostrophe || plural || number % 10 == 0:
            return shortDecade(number / 10 * 10)
        default:
            return nil
        }
    }

    /// A decade said without its century (10 for "'10s"), by the rules in the type's documentation.
    static func shortDecade(_ tens: Int) -> DecadeReading {
        switch tens {
        case 0: return .decade(2000)
        case 10: return .ambiguous([1910, 2010])
        default: return .decade(1900 + tens)
        }
    }

    /// Spoken forms: "seventies", "nineteen seventies", "twenty tens", "two thousands", "nineteen seventy five",
    /// "two thousand and five", "nineteen hundred", "nineteen oh five", "seventy".
    static func parseSpoken(_ words: [String]) -> DecadeReading? {
        guard let last = words.last, words.count <= 5 else { return nil }
        if let tens = pluralWords[last] {
            let prefix = Array(words.dropLast())
            if prefix.isEmpty {
                switch last {
                case "teens": return .decade(2010)
                case "hundreds": return nil
                case "tens": return .ambiguous([1910, 2010])
                default: return shortDecade(tens)
                }
            }
            if prefix == ["two"], last == "thousands" { return .decade(2000) }
            guard prefix.count == 1, let century = centuryWords[prefix[0]] else { return nil }
            return .decade(century + tens)
        }
        if last == "thousands", words.dropLast() == ["two"] { return .decade(2000) }
        if let year = spokenYear(words) { return .decade(year / 10 * 10) }
        if words.count == 1, let tens = SpokenNumber.tens[words[0]] { return shortDecade(tens) }
        if words == ["ten"] { return shortDecade(10) }
        return nil
    }

    /// A year said aloud: "nineteen seventy five", "twenty twenty", "two thousand and five", "nineteen hundred".
    static func spokenYear(_ words: [String]) -> Int? {
        guard let first = words.first else { return nil }
        if words.count >= 2, first == "two", words[1] == "thousand" {
            var rest = Array(words.dropFirst(2))
            if rest.first == "and" { rest.removeFirst() }
            if rest.isEmpty { return 2000 }
            guard let small = SpokenNumber.wholeNumber(rest), small < 100 else { return nil }
            return 2000 + small
        }
        guard let century = centuryWords[first] else { return nil }
        let rest = Array(words.dropFirst())
        if rest == ["hundred"] { return century }
        if rest.count == 2, rest[0] == "oh" || rest[0] == "o" || rest[0] == "zero",
           let unit = SpokenNumber.units.firstIndex(of: rest[1]), unit < 10 {
            return century + unit
        }
        guard let small = SpokenNumber.wholeNumber(rest), (10..<100).contains(small) else { return nil }
        return century + small
    }
}
