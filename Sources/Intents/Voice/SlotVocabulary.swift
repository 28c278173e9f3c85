import Body

/// The spoken forms of each slot, written out for assistants whose templates need value lists
/// (hassil `lists`, Rhasspy slot files, OVOS lines): the value words of `ControlTable`'s rows, and the
/// names on the catalog's dials. The built-in matcher reads slots with typed parsers instead; a test
/// proves every form listed here reads as its value through the same resolver.
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
        kind == .style ? styles() : entries(kind.voice.values)
    }

    /// A row's value words as entries.
    private static func entries(_ words: [ValueWord]) -> [Entry] {
        words.map { Entry(spoken: $0.spoken, value: $0.value) }
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
        let entries = order.filter { !readByAnotherKind($0) }.map { key in
            let names = namesByKey[key] ?? []
            return Entry(spoken: key, value: names.count == 1 ? names.first! : key)
        }
        return entries + Self.entries(ControlID.style.row.voice.values)
    }

    /// A dial word that another slot reads exactly ("film" is CINE's): Interpret reads it in a style slot
    /// only as a partial match (`SlotRecognizer.bareStyleStopWords`), so the other intent's sentence wins
    /// ("switch to film" is SetMode). An export cannot say "partial", so the style lists leave it out.
    private static func readByAnotherKind(_ spoken: String) -> Bool {
        SlotRecognizer.bareStyleStopWords.contains(spoken)
            && SettingKind.allCases.contains { $0 != .style && $0.voice.values.contains { $0.spoken == spoken } }
    }
}
