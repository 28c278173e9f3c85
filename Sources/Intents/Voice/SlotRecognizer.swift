import Body

/// Decides whether some words can fill a typed slot, before the resolver reads them against the camera.
///
/// The check is about shape, not range: "the 2090s" is a decade (so "go to the 2090s" is SetDecade and the
/// resolver answers that the wheel stops at the 2020s), "13" is a degree, "polaroid" is a style even when
/// the current decade has none. The same `Resolver` reads every value, so nothing drifts.
enum SlotRecognizer {
    /// A body in its first state, enough to tell a value's shape by resolving it.
    static let neutralResolver = Resolver(body: CameraBody())

    /// Every dial entry of every decade, for telling a style's name from other words.
    static let allDialEntries: [DialEntry] = Catalog.standard.decades.flatMap { DialEntry.entries(of: $0) }

    /// Every whole name and synonym on any dial.
    static let allDialKeys: Set<String> = Set(allDialEntries.flatMap(\.keys))

    /// What `Resolver.matches` finds in some decade, as one set: every prefix (three letters or more) of
    /// every name or synonym, taken from the start of any of its words ("koda", "slide", "sx 7").
    static let dialKeyPrefixes: Set<String> = {
        var prefixes: Set<String> = []
        for key in allDialKeys {
            let words = key.split(separator: " ")
            for start in words.indices {
                let suffix = words[start...].joined(separator: " ")
                var prefix = ""
                for character in suffix {
                    prefix.append(character)
                    if prefix.count >= 3 { prefixes.insert(prefix) }
                }
            }
        }
        return prefixes
    }()

    /// Unit words after a number that the numeric resolvers accept ("two x", "ten seconds", "plus one ev").
    static let unitWords: [SettingKind: Set<String>] = [
        .degree: ["of", "12", "twelve"], .exposure: ["ev", "stop", "stops"], .zoom: ["x", "times", "zoom"],
        .timer: ["seconds", "second", "secs", "sec", "s"],
    ]

    /// True when `words` (lowercased, filler gone) can be a value of `kind`.
    static func accepts(_ kind: SettingKind, _ words: ArraySlice<String>) -> Bool {
        guard !words.isEmpty, words.count <= 6 else { return false }
        let text = words.joined(separator: " ")
        switch kind {
        case .decade:
            return DecadeParser.parse(text) != nil
        case .style:
            let said = Phrase.droppingArticles(Array(words)).joined(separator: " ")
            // A whole name of any length ("3d", "dv"); a prefix or a word of a name needs three letters.
            return allDialKeys.contains(said) || dialKeyPrefixes.contains(said)
        case .mode, .format, .audio, .light:
            return resolves(kind, text)
        case .degree, .exposure, .zoom, .timer:
            if resolves(kind, text) { return true }
            // Out of range is still a number of the right kind: the resolver will say what is allowed.
            var said = Phrase.droppingArticles(Array(words))
            while let last = said.last, said.count > 1, unitWords[kind]?.contains(last) == true { said.removeLast() }
            if let last = said.last, let digits = Resolver.droppingUnit(last, units: ["x", "s", "sec", "ev"]) {
                said[said.count - 1] = digits
            }
            return SpokenNumber.parse(words: said) != nil
        }
    }

    /// True when the neutral resolver reads `text` as a value of `kind`.
    private static func resolves(_ kind: SettingKind, _ text: String) -> Bool {
        do {
            _ = try neutralResolver.resolve(kind, .string(text))
            return true
        } catch {
            return false
        }
    }
}
