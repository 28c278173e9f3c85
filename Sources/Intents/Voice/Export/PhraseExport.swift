import Foundation

/// The voice-assistant formats `retrocam export-phrases` writes.
public enum PhraseExportFormat: String, CaseIterable, Sendable {
    /// Home Assistant custom sentences (hassil YAML: intents, data, sentences, lists, expansion rules).
    case hassil
    /// Rhasspy `sentences.ini` and its `slots/` files.
    case rhasspy
    /// OpenVoiceOS Padatious `.intent` and `.entity` files.
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
            let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
            return "There is no export format called '\(shown)'. Formats: \(PhraseExportFormat.allCases.map(\.rawValue).joined(separator: ", "))."
        case .cannotWrite(let path, let reason): return "Cannot write \(path): \(reason)."
        }
    }
}

/// One exported file: its path relative to the output folder, and its text.
public struct ExportedFile: Sendable, Equatable {
    /// Path inside the output folder ("retrocam.yaml", "slots/decade", "locale/en-us/SetDecade.intent").
    public let path: String
    /// The file's text.
    public let contents: String
}

/// Writes the catalog's sentence templates for other voice assistants, from the same rows the
/// built-in matcher compiles, so the assistants and `Interpret` understand the same sentences.
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

    /// The sentences of each intent in catalog order, grouped by the value they fix (nil: none fixed).
    static func groups() -> [(intent: IntentName, groups: [(value: String?, sentences: [VoiceSentence])])] {
        IntentName.allCases.map { intent in
            var groups: [(value: String?, sentences: [VoiceSentence])] = []
            for sentence in IntentCatalog.sentences where sentence.intent == intent {
                if let index = groups.firstIndex(where: { $0.value == sentence.value }) {
                    groups[index].sentences.append(sentence)
                } else {
                    groups.append((sentence.value, [sentence]))
                }
            }
            return (intent, groups)
        }
    }

    /// The slot kinds the catalog's sentences use, in a stable order.
    static var usedSlots: [SettingKind] {
        let used = Set(IntentCatalog.sentences.flatMap(\.expression.slots))
        return SettingKind.allCases.filter(used.contains)
    }

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
