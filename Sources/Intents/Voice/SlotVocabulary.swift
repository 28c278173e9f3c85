import Body

/// The spoken forms of each slot, written out for assistants whose templates need value lists
/// (hassil `lists`, Rhasspy slot files, OVOS `.entity` files). The built-in matcher reads slots with
/// typed parsers instead; a test proves every form listed here reads as its value through the same resolver.
enum SlotVocabulary {
    /// One spoken form and the value it stands for, as `Interpretation.slots` prints it ("2.0", "1970s").
    struct Entry: Sendable, Equatable {
        let spoken: String
        let value: String
    }

    /// The forms of every slot kind, in a stable order.
    static let entries: [SettingKind: [Entry]] = Dictionary(uniqueKeysWithValues: SettingKind.allCases.map { ($0, build($0)) })

    /// The forms of one kind.
    private static func build(_ kind: SettingKind) -> [Entry] {
        switch kind {
        case .decade: return decades()
        case .style: return styles()
        case .degree:
            return CameraBody.degreeRange.flatMap { [Entry(spoken: String($0), value: String($0)),
                                                     Entry(spoken: SpokenNumber.units[$0], value: String($0))] }
        case .exposure: return exposures()
        case .zoom: return zooms()
        case .timer:
            return timers()
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
        case .light:
            return ["on", "yes"].map { Entry(spoken: $0, value: "true") } + ["off", "no"].map { Entry(spoken: $0, value: "false") }
        }
    }

    /// "1970s", "70s", "seventies", "nineteen seventies", "1975" for each decade of the wheel.
    private static func decades() -> [Entry] {
        let tensWords = [20: "twenties", 30: "thirties", 40: "forties", 50: "fifties", 60: "sixties", 70: "seventies",
                         80: "eighties", 90: "nineties"]
        var entries: [Entry] = []
        for decade in Catalog.standard.decades {
            let year = decade.year, name = decade.name, tens = year % 100
            var forms = [name, String(year + 5)]
            if year < 2000, let word = tensWords[tens] {
                forms += ["\(tens)s", word, "nineteen \(word)"]
            }
            switch year {
            case 1900: forms += ["nineteen hundreds"]
            case 1910: forms += ["nineteen tens"]
            case 2000: forms += ["two thousands", "noughties", "aughts"]
            case 2010: forms += ["twenty tens", "teens"]
            case 2020: forms += ["twenty twenties"]
            default: break
            }
            entries += forms.map { Entry(spoken: $0, value: name) }
        }
        return entries
    }

    /// Every name and synonym on any decade's dial; the value is the name as said (resolved per decade).
    private static func styles() -> [Entry] {
        var seen: Set<String> = []
        var entries: [Entry] = []
        for entry in SlotRecognizer.allDialEntries {
            for key in entry.keys where seen.insert(key).inserted && key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " }) {
                entries.append(Entry(spoken: key, value: key))
            }
        }
        return entries
    }

    /// -2 … +2 EV in half stops: "minus one point five", "plus one", "zero", "-1.5", "1".
    private static func exposures() -> [Entry] {
        stride(from: -2.0, through: 2.0, by: 0.5).flatMap { ev -> [Entry] in
            let value = String(ev == 0 ? 0 : ev)
            let magnitude = spoken(abs(ev))
            let sign = ev < 0 ? "minus " : ev > 0 ? "plus " : ""
            var entries = [Entry(spoken: sign + magnitude, value: value)]
            if ev > 0 { entries.append(Entry(spoken: magnitude, value: value)) }
            entries.append(Entry(spoken: Wording.exposure(ev).replacingOccurrences(of: "+", with: ""), value: value))
            return entries
        }
    }

    /// 1x … 4x in half steps: "two x", "two times", "2x", "2", "one point five x", "double".
    private static func zooms() -> [Entry] {
        stride(from: 1.0, through: 4.0, by: 0.5).flatMap { zoom -> [Entry] in
            let value = String(zoom), words = spoken(zoom), digits = Wording.number(zoom)
            return [Entry(spoken: "\(words) x", value: value), Entry(spoken: "\(words) times", value: value),
                    Entry(spoken: words, value: value), Entry(spoken: "\(digits)x", value: value),
                    Entry(spoken: digits, value: value)]
        } + [Entry(spoken: "double", value: "2.0"), Entry(spoken: "triple", value: "3.0"),
             Entry(spoken: "quadruple", value: "4.0"), Entry(spoken: "max", value: "4.0")]
    }

    /// "off", "3 seconds", "three seconds", "ten", "10".
    private static func timers() -> [Entry] {
        var entries = [Entry(spoken: "off", value: "0")]
        for seconds in [3, 10] {
            let value = String(seconds)
            for said in [value, SpokenNumber.units[seconds]] {
                entries.append(Entry(spoken: said + " seconds", value: value))
                entries.append(Entry(spoken: said + " second", value: value))
                entries.append(Entry(spoken: said, value: value))
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
