import Body
import Foundation

/// The voice-assistant formats `retrocam export-phrases` writes.
public enum PhraseExportFormat: String, CaseIterable, Sendable {
    /// Home Assistant custom sentences (hassil YAML: intents, data, sentences, lists, expansion rules).
    case hassil
    /// Rhasspy `sentences.ini` and its `slots/` files.
    case rhasspy
    /// OpenVoiceOS Padatious/Padacioso `.intent` files.
    case ovos
}

/// Why the phrases could not be exported.
public enum PhraseExportError: Error, Equatable, CustomStringConvertible {
    /// The format is not one of hassil, rhasspy or ovos.
    case unknownFormat(String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)

    /// The sentence to print.
    public var description: String {
        switch self {
        case .unknownFormat(let name):
            let shown = Spoken.shortened(name)
            return "There is no export format called '\(shown)'. Formats: \(PhraseExportFormat.allCases.map(\.rawValue).joined(separator: ", "))."
        case .cannotWrite(let path, let reason): return "Cannot write \(path): \(reason)."
        }
    }
}

/// One exported file: its path relative to the output folder, and its text.
public struct ExportedFile: Sendable, Equatable {
    /// Path inside the output folder ("retrocam.yaml", "slots/decade", "locale/en-us/SetDecade.1970s.intent").
    public let path: String
    /// The file's text.
    public let contents: String
}

/// Writes the grammar's sentence templates for other voice assistants, from the same rows the built-in
/// matcher compiles, so the assistants and `Interpret` understand the same sentences. Words keep their
/// apostrophes ("that's a wrap", "'80s"), and every slot is a closed list of values: no format gets a
/// free-text slot that would take "set a timer for the pasta".
public enum PhraseExport {
    /// The files of one format.
    public static func files(_ format: PhraseExportFormat) -> [ExportedFile] {
        switch format {
        case .hassil: return [HassilExport.file()]
        case .rhasspy: return RhasspyExport.files()
        case .ovos: return OVOSExport.files()
        }
    }

    /// Reads a format's name ("hassil", "Home-Assistant" is not one): unknown names throw with the list.
    public static func format(named name: String) throws(PhraseExportError) -> PhraseExportFormat {
        guard let format = PhraseExportFormat(rawValue: name.lowercased()) else { throw .unknownFormat(name) }
        return format
    }

    /// Writes one format's files under `directory` (created when missing); answers the paths written.
    @discardableResult
    public static func write(_ format: PhraseExportFormat, to directory: URL) throws(PhraseExportError) -> [URL] {
        var written: [URL] = []
        for file in files(format) {
            let url = directory.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                throw .cannotWrite(path: url.path, reason: (error as NSError).localizedDescription)
            }
            written.append(url)
        }
        return written
    }

    /// Sentences of one intent that fix the same parameters.
    struct Group {
        let values: [String: String]
        var sentences: [VoiceSentence]
    }

    /// The sentences of each intent in catalog order, grouped by the parameters they fix.
    static func groups() -> [(intent: IntentName, groups: [Group])] {
        IntentName.allCases.map { intent in
            var groups: [Group] = []
            for sentence in IntentCatalog.sentences where sentence.intent == intent {
                if let index = groups.firstIndex(where: { $0.values == sentence.values }) {
                    groups[index].sentences.append(sentence)
                } else {
                    groups.append(Group(values: sentence.values, sentences: [sentence]))
                }
            }
            return (intent, groups)
        }
    }

    /// The fixed parameters in the intent's order, as (name, value) pairs.
    static func orderedValues(_ values: [String: String], of intent: IntentName) -> [(String, String)] {
        intent.parameterNames.compactMap { name in values[name].map { (name, $0) } }
    }

    /// A slot list: the forms of a kind, or (for a sentence that is only its slot) the bare forms.
    struct SlotList: Hashable {
        let kind: SettingKind
        let bare: Bool
        /// "decade", "style_bare".
        var name: String { bare ? "\(kind.rawValue)_bare" : kind.rawValue }
        var entries: [SlotVocabulary.Entry] { (bare ? SlotVocabulary.bareEntries : SlotVocabulary.entries)[kind] ?? [] }
    }

    /// The list a sentence's slot reads.
    static func list(_ kind: SettingKind, of sentence: VoiceSentence) -> SlotList {
        SlotList(kind: kind, bare: sentence.isBare)
    }

    /// The slot lists the sentences use, in a stable order.
    static var usedLists: [SlotList] {
        var lists: [SlotList] = []
        for sentence in IntentCatalog.sentences {
            for kind in sentence.expression.slots where !lists.contains(list(kind, of: sentence)) {
                lists.append(list(kind, of: sentence))
            }
        }
        return lists.sorted { ($0.kind.rawValue, $0.bare ? 1 : 0) < ($1.kind.rawValue, $1.bare ? 1 : 0) }
    }

    /// What formats without wildcards write for `{*}`: a few words people say after "take a picture of".
    static let wildcardWords = ["this", "that", "me", "us", "it", "everyone", "them", "him", "her"]

    /// A rule's text with its own rules expanded (for formats without rules).
    static func expandedRule(_ name: String) -> String {
        guard let rule = VoiceRules.expressions[name] else { preconditionFailure("unknown voice rule <\(name)>") }
        return rule.rendered(slot: { "{\($0.rawValue)}" }, rule: expandedRule)
    }

    /// A value for formats whose syntax gives ':' a meaning: "16:9" → "widescreen" (the resolver reads both).
    static func plainValue(_ value: String) -> String {
        ["4:3": "academy", "16:9": "widescreen", "2.39:1": "scope"][value] ?? value
    }
}
