import BusNames

/// Rhasspy (2.5) `sentences.ini` with one section per intent, and `slots/<list>` files of `(words):value`
/// substitutions (`(super eight):(Super 8)`). Rules are written out in place; fixed parameters are empty substitutions
/// (`(:1.0){value}`, `(:zoom){control} (:+1){steps}`); `{*}` becomes a few common words. Rhasspy has no
/// skip words, so each section defines the rule `filler` (the matcher's filler words and phrases, optional),
/// one rule per sentence (`s1 = …`), and one line that takes any of them with two fillers before and two
/// after ("hey siri, take a picture please"): fillers once per section rather than once per sentence keep
/// rhasspy-nlu's search fast.
enum RhasspyExport {
    /// `sentences.ini` and the slot files.
    static func files() -> [ExportedFile] {
        var lines = ["; Retrocam voice commands for Rhasspy, written by 'retrocam export-phrases --format rhasspy'.",
                     "; Each section is a method of \(BusContract.intentsInterface); the tags {value}, {control} and {steps} are its parameters.", ""]
        let wildcard = "(" + PhraseExport.wildcardWords.joined(separator: " | ") + ")"
        let filler = "filler = [(" + Utterance.fillerTexts.joined(separator: " | ") + ")]"
        for (intent, groups) in PhraseExport.groups() where !groups.isEmpty {
            lines.append("[\(intent.rawValue)]")
            lines.append(filler)
            var rules: [String] = []
            for group in groups {
                let fixed = PhraseExport.orderedValues(group.values, of: intent)
                    .map { "(:\(PhraseExport.plainValue($0.1))){\($0.0)}" }.joined(separator: " ")
                for sentence in group.sentences {
                    var text = sentence.expression.rendered(slot: { "($\(PhraseExport.list($0, of: sentence).name)){value}" },
                                                            rule: PhraseExport.expandedRule, wildcard: wildcard)
                    if !fixed.isEmpty { text += " " + fixed }
                    rules.append("s\(rules.count + 1)")
                    lines.append("\(rules.last!) = \(text)")
                }
            }
            lines.append("<filler> <filler> (" + rules.map { "<\($0)>" }.joined(separator: " | ") + ") <filler> <filler>")
            lines.append("")
        }
        let slots = PhraseExport.usedLists.map { list in
            var seen: Set<String> = []
            let rows = list.entries.filter { !$0.spoken.contains(":") && !$0.spoken.contains("/") }.compactMap { entry -> String? in
                // A value said as it is needs no substitution; one of several words is written in brackets.
                let value = PhraseExport.plainValue(entry.value)
                let row = entry.spoken == value ? entry.spoken : "(\(entry.spoken)):" + (value.contains(" ") ? "(\(value))" : value)
                return seen.insert(row).inserted ? row : nil
            }
            return ExportedFile(path: "slots/\(list.name)", contents: rows.joined(separator: "\n") + "\n")
        }
        return [ExportedFile(path: "sentences.ini", contents: lines.joined(separator: "\n"))] + slots
    }
}
