import BusNames

/// Home Assistant custom sentences: one hassil YAML file with the intents, the slot lists, the expansion
/// rules and the filler as skip words. Drop it in `config/custom_sentences/en/` and map each intent with
/// `intent_script` (see docs/voice.md). A sentence's fixed parameters are its `slots:`; `{*}` is the
/// wildcard list `subject`, which carries nothing the camera uses.
enum HassilExport {
    /// `retrocam.yaml`.
    static func file() -> ExportedFile {
        var lines = ["# Retrocam voice commands for Home Assistant (hassil), written by 'retrocam export-phrases --format hassil'.",
                     "# Each intent is a method of \(BusContract.intentsInterface); the slots 'value', 'control' and 'steps' are its parameters.",
                     "language: \"en\"", "intents:"]
        for (intent, groups) in PhraseExport.groups() where !groups.isEmpty {
            lines.append("  \(intent.rawValue):")
            lines.append("    data:")
            for group in groups {
                lines.append("      - sentences:")
                for sentence in group.sentences {
                    let text = sentence.expression.rendered(slot: { "{\(PhraseExport.list($0, of: sentence).name):value}" },
                                                            rule: { "<\($0)>" }, wildcard: "{subject}")
                    lines.append("          - \(quoted(text))")
                }
                let fixed = PhraseExport.orderedValues(group.values, of: intent)
                if !fixed.isEmpty {
                    lines.append("        slots:")
                    for (name, value) in fixed { lines.append("          \(name): \(quoted(value))") }
                }
            }
        }
        lines.append("lists:")
        for list in PhraseExport.usedLists {
            lines.append("  \(list.name):")
            lines.append("    values:")
            for entry in list.entries {
                lines.append("      - in: \(quoted(entry.spoken))")
                lines.append("        out: \(quoted(entry.value))")
            }
        }
        lines += ["  subject:", "    wildcard: true"]
        lines.append("expansion_rules:")
        for rule in VoiceRules.templates {
            lines.append("  \(rule.name): \(quoted(rule.template))")
        }
        lines.append("skip_words:")
        for filler in Utterance.fillerTexts { lines.append("  - \(quoted(filler))") }
        return ExportedFile(path: "retrocam.yaml", contents: lines.joined(separator: "\n") + "\n")
    }

    /// A YAML double-quoted string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
