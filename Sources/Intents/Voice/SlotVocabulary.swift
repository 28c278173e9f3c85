import Body

/// The spoken forms of each slot, written out for assistants whose templates need value lists
/// (hassil `lists`, Rhasspy slot files, OVOS lines). The built-in matcher reads slots with typed parsers
/// instead; a test proves every form listed here reads as its value through the same resolver.
enum SlotVocabulary {
    /// One spoken form and the value it stands for, as the method takes it ("2.0", "1970s", "Super 8").
    struct Entry: Sendable, Equatable {
        let spoken: String
        let value: String
    }

    /// The forms of every slot kind, in a stable order.
    static let entries: [SettingKind: [Entry]] = Dictionary(uniqueKeysWithValues: SettingKind.allCases.map { ($0, build($0)) })

    /// The forms a sentence that is only the slot takes (`SlotRecognizer.acceptsBare`): no "film", no "70".
    static let bareEntries: [SettingKind: [Entry]] = Dictionary(uniqueKeysWithValues: entries.map { kind, forms in
        (kind, forms.filter { SlotRecognizer.acceptsBare(kind, Utterance($0.spoken).texts[...]) })
    })

    /// The forms of one kind.
    private static func build(_ kind: SettingKind) -> [Entry] {
        var seen: Set<String> = []
        return forms(kind).filter { seen.insert($0.spoken).inserted }
    }

    private static func forms(_ kind: SettingKind) -> [Entry] {
        switch kind {
        case .decade: return decades()
        case .style: return styles()
        case .degree:
            return CameraBody.degreeRange.flatMap { [Entry(spoken: String($0), value: String($0)),
                                                     Entry(spoken: SpokenNumber.units[$0], value: String($0))] }
                + ["max", "maximum", "full", "highest"].map { Entry(spoken: $0, value: "12") }
                + ["min", "minimum", "lowest"].map { Entry(spoken: $0, value: "1") }
        case .exposure: return exposures()
        case .zoom: return zooms()
        case .timer: return timers()
        case .mode:
            return ["cine", "movie", "video", "film", "cinema"].map { Entry(spoken: $0, value: "Cine") }
                + ["still", "photo", "picture", "photography"].map { Entry(spoken: $0, value: "Still") }
        case .format:
            return FrameFormat.allCases.flatMap { format in
                (Resolver.formatWords[format] ?? []).sorted().map { Entry(spoken: $0, value: format.rawValue) }
            }
        case .audio:
            return ["off", "mute", "silent"].map { Entry(spoken: $0, value: "Off") }
                + ["mono", "monophonic"].map { Entry(spoken: $0, value: "Mono") }
                + ["stereo", "stereophonic"].map { Entry(spoken: $0, value: "Stereo") }
        case .light, .dateImprint:
            return ["on", "yes"].map { Entry(spoken: $0, value: "true") } + ["off", "no"].map { Entry(spoken: $0, value: "false") }
        case .facing:
            return Facing.allCases.flatMap { facing in
                (Resolver.facingWords[facing] ?? []).sorted().map { Entry(spoken: $0, value: facing.rawValue) }
            }
        }
    }

    /// "1970s", "1970's", "70s", "'70s", "70's", "seventies", "nineteen seventies", every year, named eras.
    private static func decades() -> [Entry] {
        let tensWords = [20: "twenties", 30: "thirties", 40: "forties", 50: "fifties", 60: "sixties", 70: "seventies",
                         80: "eighties", 90: "nineties"]
        var entries: [Entry] = []
        for decade in Catalog.standard.decades {
            let year = decade.year, name = decade.name, tens = year % 100
            var forms = [name, "\(year)'s"]
            if year < 2000, let word = tensWords[tens] {
                forms += ["\(tens)s", "'\(tens)s", "\(tens)'s", word, "nineteen \(word)"]
            }
            switch year {
            case 1900: forms += ["nineteen hundreds"]
            case 1910: forms += ["nineteen tens"]
            case 2000: forms += ["two thousands", "noughties", "aughts"]
            case 2010: forms += ["twenty tens", "teens"]
            case 2020: forms += ["twenty twenties"]
            default: break
            }
            forms += (year..<(year + 10)).map(String.init)
            forms += DecadeParser.eraNames.filter { $0.value == year }.keys.sorted()
            entries += forms.map { Entry(spoken: $0, value: name) }
        }
        return entries
    }

    /// Every name, id and synonym on any decade's dial, as written and as said; the value is the entry's
    /// name when only entries of that name answer to it ("super eight" → "Super 8"), else the word itself
    /// ("polaroid", which the camera resolves against the decade on the wheel). And "black and white".
    private static func styles() -> [Entry] {
        var namesByKey: [String: Set<String>] = [:]
        var order: [String] = []
        for decade in Catalog.standard.decades {
            let raw = decade.technologies.map { ($0.name, [$0.name, $0.id] + $0.synonyms) }
                + decade.styles.map { ($0.name, [$0.name, $0.id] + $0.synonyms) }
            for (name, spellings) in raw {
                for spelling in spellings {
                    let written = spelling.lowercased()
                    for key in [written, Phrase.normalize(written.replacingOccurrences(of: "-", with: " "))]
                    where key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "." }) {
                        if namesByKey[key] == nil { order.append(key) }
                        namesByKey[key, default: []].insert(name)
                    }
                }
            }
        }
        let entries = order.map { key in
            let names = namesByKey[key] ?? []
            return Entry(spoken: key, value: names.count == 1 ? names.first! : key)
        }
        return entries + Resolver.monochromeWords.sorted().map { Entry(spoken: $0, value: "black and white") }
    }

    /// -2 … +2 EV in half stops: "minus one point five", "minus one and a half", "plus one", "zero", "-1.5",
    /// "+1", "minus 1", "1".
    private static func exposures() -> [Entry] {
        stride(from: -2.0, through: 2.0, by: 0.5).flatMap { ev -> [Entry] in
            let value = String(ev == 0 ? 0 : ev)
            let sign = ev < 0 ? "minus " : ev > 0 ? "plus " : ""
            let magnitudes = [spoken(abs(ev)), Wording.number(abs(ev))] + (abs(ev) > 1 && ev != ev.rounded() ? ["\(SpokenNumber.units[Int(abs(ev))]) and a half"] : [])
            var entries = magnitudes.map { Entry(spoken: sign + $0, value: value) } + [Entry(spoken: Wording.exposure(ev), value: value)]
            if ev > 0 { entries += magnitudes.map { Entry(spoken: $0, value: value) } }
            return entries
        }
    }

    /// 1x … 4x in half steps: "two x", "two times", "2x", "2.0x", "2", "one point five x", "double".
    private static func zooms() -> [Entry] {
        stride(from: 1.0, through: 4.0, by: 0.5).flatMap { zoom -> [Entry] in
            let value = String(zoom), words = spoken(zoom), digits = Wording.number(zoom)
            return [Entry(spoken: "\(words) x", value: value), Entry(spoken: "\(words) times", value: value),
                    Entry(spoken: words, value: value), Entry(spoken: "\(digits)x", value: value),
                    Entry(spoken: "\(value)x", value: value), Entry(spoken: digits, value: value)]
        } + [Entry(spoken: "double", value: "2.0"), Entry(spoken: "triple", value: "3.0"),
             Entry(spoken: "quadruple", value: "4.0"), Entry(spoken: "max", value: "4.0"),
             Entry(spoken: "maximum", value: "4.0"), Entry(spoken: "full", value: "4.0"), Entry(spoken: "no", value: "1.0")]
    }

    /// "off", "3 seconds", "three seconds", "3-second", "ten", "10".
    private static func timers() -> [Entry] {
        var entries = [Entry(spoken: "off", value: "0"), Entry(spoken: "no", value: "0")]
        for seconds in CameraBody.timerChoices where seconds > 0 {
            let value = String(seconds)
            for said in [value, SpokenNumber.units[seconds]] {
                entries += [said + " seconds", said + " second", said + "-second", said + " sec", said].map {
                    Entry(spoken: $0, value: value)
                }
            }
        }
        return entries
    }

    /// 1.5 → "one point five", 2 → "two".
    private static func spoken(_ number: Double) -> String {
        let whole = Int(number)
        let text = SpokenNumber.units[whole]
        return number == Double(whole) ? text : "\(text) point five"
    }
}
