/// The words a control's face may show for a value, longest first, each derived from the one wording the
/// bus gives (so the face never says something the screen reader does not): the value itself, its units
/// shortened ("10 seconds left" → "10 s left"), then fewer of its words, dropped from the end ("10 s").
/// The face draws the first that fits its box whole, wrapped at spaces; nothing is cut with "…".
enum FaceWords {
    /// The units `Spoken.count` writes out, as a face may shorten them.
    static let shortUnits = ["seconds": "s", "second": "s", "minutes": "min", "minute": "min"]

    /// The forms to try, longest first, without repeats; empty for an empty value.
    static func candidates(_ value: String) -> [String] {
        let words = value.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return [] }
        let short = words.map { shortUnits[$0] ?? $0 }
        var forms = [words.joined(separator: " ")]
        for count in stride(from: short.count, through: 1, by: -1) {
            let form = short.prefix(count).joined(separator: " ")
            if !forms.contains(form) { forms.append(form) }
        }
        return forms
    }

    /// `text` broken into lines no wider than `width` (each measured by `measure`), at spaces only; nil
    /// when one word alone is wider.
    static func lines(_ text: String, width: Double, measure: (String) -> Double) -> [String]? {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ").map(String.init) {
            let trial = current.isEmpty ? word : current + " " + word
            if measure(trial) <= width {
                current = trial
                continue
            }
            guard !current.isEmpty, measure(word) <= width else { return nil }
            lines.append(current)
            current = word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
