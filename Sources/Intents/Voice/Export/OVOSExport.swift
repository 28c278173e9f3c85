/// OpenVoiceOS files under `locale/en-us/` for Padatious or Padacioso: `<Intent>.intent` with every sentence
/// a template allows written out, one a line, the slot as `{kind}` (Padacioso, OVOS's pure-Python engine,
/// mis-spaces `(a|)` optionals, so nothing is left for the engine to expand), and `<kind>.entity` files.
/// A sentence that fixes its value goes to `<Intent>.<value>.intent` ("SetZoom.1.0.intent"): the skill
/// passes that value as the parameter. Adapt `.voc` keyword files are not needed: Padatious matches whole sentences.
enum OVOSExport {
    /// The `.intent` and `.entity` files.
    static func files() -> [ExportedFile] {
        var files: [ExportedFile] = []
        for (intent, groups) in PhraseExport.groups() {
            for group in groups {
                let name = group.value.map { "\(intent.rawValue).\(PhraseExport.plainValue($0))" } ?? intent.rawValue
                var seen: Set<String> = []
                let lines = group.sentences.flatMap { VoiceGrammar.expand($0.expression).map(line) }.filter { seen.insert($0).inserted }
                files.append(ExportedFile(path: "locale/en-us/\(name).intent", contents: lines.joined(separator: "\n") + "\n"))
            }
        }
        for kind in PhraseExport.usedSlots {
            var seen: Set<String> = []
            let rows = (SlotVocabulary.entries[kind] ?? []).map(\.spoken).filter { seen.insert($0).inserted }
            files.append(ExportedFile(path: "locale/en-us/\(kind.rawValue).entity", contents: rows.joined(separator: "\n") + "\n"))
        }
        return files
    }

    /// One written-out sentence: its words, and its slot as `{kind}`.
    static func line(_ pieces: [VoiceGrammar.Piece]) -> String {
        pieces.map { piece in
            switch piece {
            case .word(let word): return word
            case .slot(let kind): return "{\(kind.rawValue)}"
            }
        }.joined(separator: " ")
    }
}
