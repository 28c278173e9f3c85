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

    /// How well some words fill a slot.
    enum Match: Sendable, Equatable {
        /// Not a value of the kind.
        case none
        /// Only the beginning of a name, or a word inside it ("super" of "Super 8", "slide").
        case partial
        /// A whole value.
        case exact
    }

    /// True when `words` (lowercased, filler gone) can be a value of `kind`.
    static func accepts(_ kind: SettingKind, _ words: ArraySlice<String>) -> Bool {
        match(kind, words) != .none
    }

    /// How well `words` (lowercased, filler gone) fill a slot of `kind`.
    static func match(_ kind: SettingKind, _ words: ArraySlice<String>) -> Match {
        guard !words.isEmpty, words.count <= 6 else { return .none }
        let text = words.joined(separator: " ")
        switch kind {
        case .decade:
            return DecadeParser.parse(text) != nil ? .exact : .none
        case .style:
            // A whole name of any length ("3d", "dv"); a prefix or a word of a name needs three letters. A name
            // that is also an everyday word ("film", "video") is only a partial match: a sentence that reads it
            // as a mode or a sound is more likely.
            let variants = Resolver.stylePhrases(text)
            if variants.contains(where: bareStyleStopWords.contains) { return .partial }
            if variants.contains(where: { allDialKeys.contains($0) || Resolver.monochromeWords.contains($0) }) { return .exact }
            if variants.contains(where: dialKeyPrefixes.contains) { return .partial }
            // A style after its decade ("2000s digicam"): never said alone (`acceptsBare`).
            guard let qualified = variants.lazy.compactMap(Resolver.decadeQualified).first,
                  !bareStyleStopWords.contains(qualified.rest) else { return .none }
            if allDialKeys.contains(qualified.rest) { return .exact }
            return dialKeyPrefixes.contains(qualified.rest) ? .partial : .none
        case .mode, .format, .audio, .light, .facing, .dateImprint:
            return resolves(kind, text) ? .exact : .none
        case .degree, .exposure, .zoom, .timer:
            if resolves(kind, text) { return .exact }
            // Out of range is still a number of the right kind: the resolver will say what is allowed.
            var said = Phrase.droppingArticles(Array(words))
            while let last = said.last, said.count > 1, unitWords[kind]?.contains(last) == true { said.removeLast() }
            if let last = said.last, let digits = Resolver.droppingUnit(last, units: ["x", "s", "sec", "ev"]) {
                said[said.count - 1] = digits
            }
            return SpokenNumber.parse(words: said) != nil ? .exact : .none
        }
    }

    /// Words that name a dial entry but mean something else too ("film", "stereo"): a style slot reads them
    /// as a partial match only, so a sentence that is only a style slot does not take them, and another
    /// intent's sentence that reads them exactly wins.
    static let bareStyleStopWords: Set<String> = [
        "film", "movie", "movies", "films", "video", "instant", "portrait", "night", "clean", "natural", "compact", "slide", "square", "stereo",
        "filter", "digital", "snapshot", "plate", "disc", "beta", "sound", "super", "realist", "pocket", "single use",
        "dv", "3d", "600", "110", "126", "hdr", "4k", "8k", "phone video", "camera phone", "digital camera",
        "low light", "analog", "analogue", "vga", "slr", "disposable", "throwaway", "newspaper", "point and shoot",
    ]

    /// Format words that mean a frame format even said alone ("widescreen"); "normal" or "tv" do not.
    static let bareFormatWords: Set<String> = [
        "widescreen", "wide screen", "cinemascope", "cinema scope", "letterbox", "letterboxed", "letter box",
        "anamorphic", "panavision", "ultrawide", "ultra wide", "scope", "fullscreen", "full screen",
        "sixteen by nine", "sixteen nine", "sixteen to nine", "four by three", "four to three", "two point three nine",
        "two point three five",
    ]

    /// True when `words` said alone, with nothing around them, mean a value of `kind`: a decade said as one
    /// (not a bare number such as "seventy"), a style's whole name that is not a common word, a distinctive
    /// format word or ratio.
    static func acceptsBare(_ kind: SettingKind, _ words: ArraySlice<String>) -> Bool {
        guard match(kind, words) == .exact else { return false }
        let said = Phrase.droppingArticles(Array(words))
        let text = said.joined(separator: " ")
        switch kind {
        case .decade:
            if said.count == 1, let word = said.first {
                return !(SpokenNumber.wholeNumber([word]).map { $0 < 1000 } ?? false)
            }
            return true
        case .format:
            return text.contains(where: \.isASCIIDigit) || bareFormatWords.contains(text)
        case .style:
            return allDialKeys.contains(text) || Resolver.decadeQualified(text) == nil
        default:
            return true
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
