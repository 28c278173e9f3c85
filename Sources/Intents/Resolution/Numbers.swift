import Body

/// Numbers as people say or type them: "7", "seven", "twenty-two", "+1", "minus one point five", "-0.5", "−2".
enum SpokenNumber {
    /// The words zero to nineteen, by value.
    static let units = ValueForms.units
    /// The tens words, twenty to ninety, keyed by word.
    static let tens = ValueForms.tens

    /// Reads a whole phrase as a number, or nil when it is not one.
    static func parse(_ text: String) -> Double? {
        parse(words: Phrase.words(Phrase.normalize(text)))
    }

    /// Reads words as a signed number: an optional sign, a whole part, an optional "point …" or "and a half".
    static func parse(words input: [String]) -> Double? {
        var words = input[...]
        guard let first = words.first else { return nil }
        var sign = 1.0
        if first == "plus" || first == "positive" || first == "+" {
            words = words.dropFirst()
        } else if first == "minus" || first == "negative" || first == "-" {
            sign = -1
            words = words.dropFirst()
        } else if first.count > 1, let mark = first.first, mark == "+" || mark == "-" {
            // "+1", "-0.5": the sign is glued to the digits.
            sign = mark == "-" ? -1 : 1
            words = [String(first.dropFirst())] + words.dropFirst()
        }
        guard let magnitude = unsignedValue(Array(words)) else { return nil }
        return sign * magnitude
    }

    /// Reads an unsigned number: digits ("2.5", ".5") or words ("one point five", "one and a half", "half").
    static func unsignedValue(_ words: [String]) -> Double? {
        if words.count == 1, let value = decimalDigits(words[0]) { return value }
        if words == ["half"] || words == ["a", "half"] { return 0.5 }
        if let point = words.firstIndex(of: "point") {
            let whole = point == 0 ? 0 : wholeNumber(Array(words[..<point]))
            guard let whole, let fraction = fractionDigits(Array(words[(point + 1)...])) else { return nil }
            return Double(whole) + fraction
        }
        if words.count >= 3, words.suffix(3) == ["and", "a", "half"] {
            guard let whole = wholeNumber(Array(words.dropLast(3))) else { return nil }
            return Double(whole) + 0.5
        }
        return wholeNumber(words).map(Double.init)
    }

    /// Reads 0…99 from words ("seven", "twenty two") or a run of digits ("12").
    static func wholeNumber(_ words: [String]) -> Int? {
        switch words.count {
        case 1:
            let word = words[0]
            if let unit = units.firstIndex(of: word) { return unit }
            if let ten = tens[word] { return ten }
            if !word.isEmpty, word.count <= 9, word.allSatisfy(\.isASCIIDigit) { return Int(word) }
            return nil
        case 2:
            guard let ten = tens[words[0]], let unit = units.firstIndex(of: words[1]), (1...9).contains(unit) else {
                return nil
            }
            return ten + unit
        default:
            return nil
        }
    }

    /// Reads the digits after "point": "five" → 0.5, "two five" → 0.25, "5" → 0.5.
    static func fractionDigits(_ words: [String]) -> Double? {
        guard !words.isEmpty, words.count <= 6 else { return nil }
        var digits = ""
        for word in words {
            if let unit = units.firstIndex(of: word), unit < 10 {
                digits += String(unit)
            } else if word.allSatisfy(\.isASCIIDigit), !word.isEmpty {
                digits += word
            } else {
                return nil
            }
        }
        return Double("0." + digits)
    }

    /// Reads plain decimal digits only ("2", "2.5", ".5"), so "nan", "inf" and hex never count as numbers.
    static func decimalDigits(_ text: String) -> Double? {
        guard !text.isEmpty, text.count <= 12 else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              parts.contains(where: { !$0.isEmpty }) else { return nil }
        return Double(text.hasPrefix(".") ? "0" + text : text)
    }
}

extension Character {
    /// True for the ASCII digits 0–9 only (not other scripts' digits).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
