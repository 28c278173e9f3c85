/// OpenVoiceOS files under `locale/en-us/` for Padatious or Padacioso: one `.intent` file per intent and
/// value, `<Intent>.<value>.intent` ("SetDecade.1970s.intent", "AdjustControl.zoom.+1.intent"), so the
/// skill reads the value from the intent's name. Padacioso's `{entity}` takes any words at all, so no line
/// has one: each value's spoken forms are written in, as `(seventies|1970s|'70s)`. Padacioso turns every
/// line into regular expressions, one per sentence it allows, and tries them all on each utterance, so the
/// export is a budget: the plainest sentences of each template (`TemplateExpansion.plainest`), taken from
/// the templates in turn, and the first `formsPerValue` forms of a value, up to `sentencesPerFile`
/// sentences a file of an intent without a value (`sentencesPerValueFile` with one, `sentencesPerStyleFile`
/// for the many style names). Lines are written out in full
/// (Padacioso mis-spaces `[optional]` words); `{*}` becomes a few common words.
enum OVOSExport {
    /// Most sentences one `.intent` file of an intent without a value allows.
    static let sentencesPerFile = 200
    /// Most sentences (lines times forms) one `.intent` file of a value allows.
    static let sentencesPerValueFile = 60
    /// The same for an intent with many values (SetStyle has a file for each style name).
    static let sentencesPerStyleFile = 24
    /// Most spoken forms of one value.
    static let formsPerValue = 3
    /// Most lines a template contributes to any file.
    static let linesPerTemplate = 200

    /// The `.intent` files.
    static func files() -> [ExportedFile] {
        var names: [String] = []
        var lines: [String: [String]] = [:]
        func add(_ name: String, _ more: [String]) {
            if lines[name] == nil { names.append(name) }
            lines[name, default: []] += more.filter { !(lines[name] ?? []).contains($0) }
        }
        var plainest: [String: [[TemplateExpansion.Piece]]] = [:]
        func cheapestFirst(_ sentence: VoiceSentence) -> [[TemplateExpansion.Piece]] {
            if let known = plainest[sentence.template] { return known }
            let found = TemplateExpansion.plainest(sentence.expression, linesPerTemplate)
            plainest[sentence.template] = found
            return found
        }
        // Sentences written last, in what the budget leaves: those composed from the control table and those few say.
        let writtenLast = Set(ControlSentences.all.map(\.template) + IntentCatalog.sentences.filter(\.isRare).map(\.template))
        for (intent, groups) in PhraseExport.groups() {
            for group in groups {
                let fixed = PhraseExport.orderedValues(group.values, of: intent).map { PhraseExport.plainValue($0.1) }
                let plain = group.sentences.filter { $0.expression.slots.isEmpty }
                if !plain.isEmpty {
                    // The sentences written for how people talk first; those composed from the control table or few say
                    // fill what the budget leaves.
                    let written = plain.filter { !writtenLast.contains($0.template) }, rest = plain.filter { writtenLast.contains($0.template) }
                    let first = picked(written.map(cheapestFirst), slot: "", limit: sentencesPerFile)
                    add(([intent.rawValue] + fixed).joined(separator: "."),
                        first + picked(rest.map(cheapestFirst), slot: "", limit: sentencesPerFile - first.count))
                }
                let slotted = group.sentences.filter { !$0.expression.slots.isEmpty }
                var values: [String] = []
                var forms: [String: [String]] = [:]
                var sequences: [String: [[[TemplateExpansion.Piece]]]] = [:]
                var lastSequences: [String: [[[TemplateExpansion.Piece]]]] = [:]
                for sentence in slotted {
                    guard let kind = sentence.expression.slots.first else { continue }
                    for (value, spoken) in valueForms(PhraseExport.list(kind, of: sentence)) {
                        if forms[value] == nil { values.append(value) }
                        forms[value, default: []] += spoken.filter { !(forms[value] ?? []).contains($0) }
                        if writtenLast.contains(sentence.template) {
                            lastSequences[value, default: []].append(cheapestFirst(sentence))
                        } else {
                            sequences[value, default: []].append(cheapestFirst(sentence))
                        }
                    }
                }
                let budget = values.count > 20 ? sentencesPerStyleFile : sentencesPerValueFile
                for value in values {
                    let said = mixed(forms[value] ?? []).prefix(formsPerValue)
                    // Padacioso leaves "(one)" as it is: brackets only around a choice.
                    let slot = said.count == 1 ? said[said.startIndex] : "(" + said.joined(separator: "|") + ")"
                    let first = picked(sequences[value] ?? [], slot: slot, limit: budget / said.count)
                    add("\(intent.rawValue).\(value)",
                        first + picked(lastSequences[value] ?? [], slot: slot, limit: budget / said.count - first.count))
                }
            }
        }
        return names.map { ExportedFile(path: "locale/en-us/\($0).intent", contents: (lines[$0] ?? []).joined(separator: "\n") + "\n") }
    }

    /// A value's forms with digits and without taken in turn ("1970s", "seventies", "70s", …), as
    /// speech-to-text writes either.
    static func mixed(_ forms: [String]) -> [String] {
        let digits = forms.filter { $0.contains(where: \.isNumber) }
        let words = forms.filter { !$0.contains(where: \.isNumber) }
        var mixed: [String] = []
        for index in 0..<max(digits.count, words.count) {
            if index < digits.count { mixed.append(digits[index]) }
            if index < words.count { mixed.append(words[index]) }
        }
        return mixed
    }

    /// Up to `limit` lines, taken from each template's list in turn, the templates with the plainest
    /// sentence first (a value said alone before "set the decade to …").
    static func picked(_ lists: [[[TemplateExpansion.Piece]]], slot: String, limit: Int) -> [String] {
        let lists = lists.enumerated().sorted { ($0.element.first?.count ?? 0, $0.offset) < ($1.element.first?.count ?? 0, $1.offset) }
            .map(\.element)
        var picked: [String] = []
        var seen: Set<String> = []
        var round = 0
        while picked.count < limit, lists.contains(where: { round < $0.count }) {
            for list in lists where round < list.count && picked.count < limit {
                let text = line(list[round], slot: slot)
                if seen.insert(text).inserted { picked.append(text) }
            }
            round += 1
        }
        return picked
    }

    /// A list's values in order, each with its spoken forms.
    static func valueForms(_ list: PhraseExport.SlotList) -> [(value: String, forms: [String])] {
        var order: [String] = []
        var forms: [String: [String]] = [:]
        for entry in list.entries {
            let value = PhraseExport.plainValue(entry.value)
            if forms[value] == nil { order.append(value) }
            forms[value, default: []].append(entry.spoken)
        }
        return order.map { ($0, forms[$0] ?? []) }
    }

    /// One written-out sentence: its words, its slot as `slot`, the wildcard as a choice of common words.
    static func line(_ pieces: [TemplateExpansion.Piece], slot: String) -> String {
        pieces.map { piece in
            switch piece {
            case .word(let word): return word
            case .slot: return slot
            case .wildcard: return "(" + PhraseExport.wildcardWords.joined(separator: "|") + ")"
            }
        }.joined(separator: " ")
    }
}
