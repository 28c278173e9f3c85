/// Home Assistant custom sentences: one hassil YAML file with the intents, the slot lists, the expansion
/// rules and the filler as skip words. Drop it in `config/custom_sentences/en/` and map each intent with
/// `intent_script` (see docs/voice.md).
enum HassilExport {
    /// `retrocam.yaml`.
    static func file() -> ExportedFile {
        var lines = ["# Retrocam voice commands for Home Assistant (hassil), written by 'retrocam export-phrases --format hassil'.",
                     "# Each intent is a method of org.retrocam.Intents1; the slot 'value' is its parameter.",
                     "language: \"en\"", "intents:"]
        for (intent, groups) in PhraseExport.groups() {
            lines.append("  \(intent.rawValue):")
            lines.append("    data:")
            for group in groups {
                lines.append("      - sentences:")
                for sentence in group.sentences {
                    lines.append("          - \(quoted(sentence.expression.rendered(slot: { "{\($0.rawValue):value}" }, rule: { "<\($0)>" })))")
                }
                if let value = group.value {
                    lines.append("        slots:")
                    lines.append("          value: \(quoted(value))")
                }
            }
        }
        lines.append("lists:")
        for kind in PhraseExport.usedSlots {
            lines.append("  \(kind.rawValue):")
            lines.append("    values:")
            for entry in SlotVocabulary.entries[kind] ?? [] {
                lines.append("      - in: \(quoted(entry.spoken))")
                lines.append("        out: \(quoted(entry.value))")
            }
        }
        lines.append("expansion_rules:")
        for rule in VoiceRules.templates {
            lines.append("  \(rule.name): \(quoted(rule.template))")
        }
        lines.append("skip_words:")
        for word in Utterance.fillerWords.sorted() { lines.append("  - \(quoted(word))") }
        for phrase in Utterance.fillerPhrases { lines.append("  - \(quoted(phrase.joined(separator: " ")))") }
        return ExportedFile(path: "retrocam.yaml", contents: lines.joined(separator: "\n") + "\n")
    }

    /// A YAML double-quoted string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
