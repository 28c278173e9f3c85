/// The first, simple voice matcher: normalises an utterance, skips filler, and finds the phrase
/// templates of the catalog that say it in full.
enum Matcher {
    /// The answer to everything it does not understand: a named refusal, never a guess.
    static let refusal = "Sorry, I can't do that with the camera."
    /// Longest utterance read; longer ones are refused without being scanned.
    static let maximumLength = 500

    /// Words that carry no meaning for the camera.
    static let fillerWords: Set<String> = ["please", "um", "umm", "uh", "uhh", "er", "erm", "hey", "ok", "okay",
                                           "kindly", "just", "now", "retrocam", "thanks"]
    /// Word sequences that carry no meaning for the camera.
    static let fillerPhrases: [[String]] = [
        ["could", "you"], ["can", "you"], ["would", "you"], ["will", "you"], ["i", "want", "to"],
        ["id", "like", "to"], ["i", "would", "like", "to"], ["lets"], ["for", "me"], ["thank", "you"],
    ]

    /// A template that says the utterance, with its slot's words.
    struct Candidate: Sendable {
        /// The matching template.
        let template: PhraseTemplate
        /// The slot's text ("the seventies"), the template's fixed value, or nil when there is no slot.
        let slot: String?
    }

    /// The utterance as matchable words: normalised, apostrophes dropped ("'70s" → "70s"), filler skipped.
    static func words(_ utterance: String) -> [String] {
        let plain = Phrase.normalize(utterance).replacingApostrophes()
        var words = Phrase.words(plain)
        if words.first == "camera", words.count > 1 { words.removeFirst() }
        var kept: [String] = []
        var index = 0
        scan: while index < words.count {
            for phrase in fillerPhrases where words[index...].starts(with: phrase) {
                index += phrase.count
                continue scan
            }
            if !fillerWords.contains(words[index]) { kept.append(words[index]) }
            index += 1
        }
        return kept
    }

    /// Every template that says the utterance in full, in catalog order.
    static func candidates(_ utterance: String) -> [Candidate] {
        guard utterance.utf8.count <= maximumLength else { return [] }
        let said = words(utterance)
        guard !said.isEmpty else { return [] }
        return IntentCatalog.templates.compactMap { template in
            guard let slots = template.match(said) else { return nil }
            return Candidate(template: template, slot: template.fixedValue ?? slots["value"]?.joined(separator: " "))
        }
    }
}

extension String {
    /// The string without apostrophes: "it's" → "its", "'70s" → "70s".
    func replacingApostrophes() -> String {
        String(filter { $0 != "'" })
    }
}
