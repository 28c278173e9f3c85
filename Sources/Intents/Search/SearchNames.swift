import Body

/// The names a desktop search is matched against besides what the voice matcher reads: the intents
/// without parameters (`TakePhoto` as "take photo"), the controls of the control table by every name
/// they answer to by voice (with their Set* intent's name), and the user's shortcuts.
enum SearchNames {
    /// What a name stands for.
    enum Target: Sendable {
        case intent(IntentName)
        case control(ControlRow)
        case shortcut(name: String, description: String)
    }

    /// One thing with the names it is found by.
    struct Candidate: Sendable {
        let target: Target
        /// Each name as its words, lowercased.
        let names: [[String]]

        /// How well `words` fit the best of the names; nil when one of the words fits none of its words.
        func fit(_ words: [String]) -> Int? {
            let forms: ([String]) -> [[String]] = {
                if case .intent = target { return { $0.map(SearchNames.saidAs) } }
                return { $0.map { [$0] } }
            }()
            return names.compactMap { Fit.score(words, against: forms($0)) }.max().map { $0 + Fit.bonus(target) }
        }
    }

    /// The scores: the voice matcher's reading first, then names typed whole, then names begun.
    enum Fit {
        /// A reading of a search of several words by the voice matcher: a sentence beats any name.
        static let interpreted = 1000

        /// The voice matcher's reading of the words: first for a sentence; for one word (which the matcher
        /// may read as a slot's value, "video" as a style), level with a name that word is a whole word of,
        /// so the name of the intent the word says wins over a guessed value.
        static func reading(words: Int, _ confidence: Double) -> Int {
            words > 1 ? interpreted + Int(confidence * 100) : whole + Int(confidence * 10)
        }
        /// Every word of the search is a word of the name.
        static let whole = 800
        /// Every word of the search begins a word of the name.
        static let begun = 500

        /// Whole words count more than begun ones; a name with fewer words left over fits better. Each
        /// word of the name is given with the words that say the same (`saidAs`).
        static func score(_ words: [String], against name: [[String]]) -> Int? {
            var left = name
            var wholeWords = 0
            for word in words {
                if let index = left.firstIndex(where: { $0.contains(word) }) {
                    wholeWords += 1
                    left.remove(at: index)
                } else if let index = left.firstIndex(where: { $0.contains { $0.hasPrefix(word) } }) {
                    left.remove(at: index)
                } else {
                    return nil
                }
            }
            let base = wholeWords == words.count ? whole : begun
            return base + 20 * wholeWords - 5 * left.count
        }

        /// A shortcut is the user's own name for something: typed whole, it is what they meant.
        static func bonus(_ target: Target) -> Int {
            if case .shortcut = target { return 250 }
            return 0
        }
    }

    /// The intents and the controls, which never change.
    static let fixed: [Candidate] = {
        let controlIntents = Set(ControlTable.rows.flatMap { [$0.intents.set, $0.intents.press].compactMap { $0 } })
        let intents = IntentName.allCases.filter { $0.parameterNames.isEmpty && !controlIntents.contains($0.rawValue) }
            .map { Candidate(target: .intent($0), names: [words(ofMethod: $0.rawValue)]) }
        let controls = ControlTable.rows.map { row in
            let intentNames = [row.intents.set, row.intents.press].compactMap { $0 }.map(words(ofMethod:))
            return Candidate(target: .control(row), names: row.voiceNames.map(words(of:)) + intentNames)
        }
        return intents + controls
    }()

    /// Every candidate, the shortcuts `shortcuts` included.
    static func all(shortcuts: [ShortcutLibrary.Entry]) -> [Candidate] {
        fixed + shortcuts.filter(\.isValid).map { Candidate(target: .shortcut(name: $0.name, description: $0.description),
                                          names: [words(of: $0.name)]) }
    }

    /// A word of an intent's name with the words that say the same in the voice grammar's word classes for
    /// takes (`<picture>`, `<video>`): "photo" is also "picture", "selfie", "snapshot"; "clip" also "video".
    /// Only the intents' names: a control's "film" (the style dial's film stock) is not a clip.
    static func saidAs(_ word: String) -> [String] {
        [word] + (VoiceRules.sameAs[word] ?? [])
    }

    /// "super8-birthday" → ["super8", "birthday"].
    static func words(of name: String) -> [String] {
        name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// "TakePhoto" → ["take", "photo"].
    static func words(ofMethod name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(Character(character.lowercased()))
        }
        return words
    }
}
