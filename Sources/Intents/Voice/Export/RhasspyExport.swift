/// Rhasspy (2.5) `sentences.ini` with one section per intent, and `slots/<kind>` files of `(words):value`
/// substitutions (a style's name stands for itself). Rules are written out in place; a fixed value is an
/// empty substitution `(:1.0){value}`; a sentence that starts with optional words is wrapped in `( )`.
enum RhasspyExport {
    /// `sentences.ini` and the slot files.
    static func files() -> [ExportedFile] {
        var lines = ["; Retrocam voice commands for Rhasspy, written by 'retrocam export-phrases --format rhasspy'.",
                     "; Each section is a method of org.retrocam.Intents1; the tag {value} is its parameter.", ""]
        for (intent, groups) in PhraseExport.groups() {
            lines.append("[\(intent.rawValue)]")
            for group in groups {
                for sentence in group.sentences {
                    var text = sentence.expression.rendered(slot: { "($\($0.rawValue)){value}" }, rule: PhraseExport.expandedRule)
                    if let value = group.value { text += " (:\(PhraseExport.plainValue(value))){value}" }
                    // A line that starts with '[' would read as a section header.
                    lines.append(text.hasPrefix("[") ? "(\(text))" : text)
                }
            }
            lines.append("")
        }
        let slots = PhraseExport.usedSlots.map { kind in
            let rows = (SlotVocabulary.entries[kind] ?? []).filter { !$0.spoken.contains(":") && !$0.spoken.contains("/") }.map {
                // A value said as it is (a style's name) needs no substitution, and one with spaces cannot have one.
                $0.spoken == $0.value ? $0.spoken : "(\($0.spoken)):\(PhraseExport.plainValue($0.value))"
            }
            return ExportedFile(path: "slots/\(kind.rawValue)", contents: rows.joined(separator: "\n") + "\n")
        }
        return [ExportedFile(path: "sentences.ini", contents: lines.joined(separator: "\n"))] + slots
    }
}
