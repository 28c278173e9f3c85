import Foundation
import Testing
@testable import Intents

/// One line of a corpus file: what is said, and what the matcher must make of it.
struct CorpusLine: Sendable, CustomTestStringConvertible {
    /// The utterance.
    let said: String
    /// The intents expected in order, or one refusal: NotFound, Ambiguous, Unsupported.
    let expected: [String]
    /// Each command's slots as text ("" for none): the value, or "control steps" ("zoom +1").
    let values: [String]
    /// The file and line number, for failures.
    let file: String
    let line: Int

    var testDescription: String { "\(file):\(line): \"\(said)\"" }

    /// True when the line expects a refusal rather than intents.
    var isRefusal: Bool { ["NotFound", "Ambiguous", "Unsupported"].contains(expected.first ?? "") }
}

/// The voice corpora next to this file: `corpus.tsv` (sentences written alongside the templates),
/// `people.tsv` (how people talk, written before the grammar was widened) and `people-heldout.tsv`
/// (written with it, never read while writing the grammar: only scored). The Python checks read them too.
enum VoiceCorpus {
    /// The folder of the corpus files.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The template-side corpus.
    static let lines = read("corpus.tsv")
    /// How people talk: the part the grammar was written against.
    static let people = read("people.tsv")
    /// How people talk: the held-out part.
    static let heldOut = read("people-heldout.tsv")

    /// The lines of `corpus.tsv` that must be understood.
    static var commands: [CorpusLine] { lines.filter { !$0.isRefusal } }
    /// The lines of `corpus.tsv` that must be refused.
    static var refusals: [CorpusLine] { lines.filter(\.isRefusal) }

    /// Every line of a corpus file: `utterance <TAB> intents <TAB> values`, intents and values joined by a
    /// lone "+" (a "+" inside a value, as in "zoom +1", belongs to the value).
    static func read(_ name: String) -> [CorpusLine] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { return [] }
        var lines: [CorpusLine] = []
        for (number, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !row.hasPrefix("#"), !row.isEmpty else { continue }
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 2 else { continue }
            let expected = split(columns[1])
            var values = columns.count > 2 ? split(columns[2]) : []
            if values.count < expected.count { values += Array(repeating: "", count: expected.count - values.count) }
            lines.append(CorpusLine(said: columns[0], expected: expected, values: values, file: name, line: number + 1))
        }
        return lines
    }

    /// "1980s + 7 +" → ["1980s", "7", ""]; "zoom +1 +" → ["zoom +1", ""].
    static func split(_ column: String) -> [String] {
        var parts: [[Substring]] = [[]]
        for token in column.split(separator: " ", omittingEmptySubsequences: true) {
            if token == "+" { parts.append([]) } else { parts[parts.count - 1].append(token) }
        }
        return parts.map { $0.joined(separator: " ") }
    }

    /// A command's slots as a corpus line writes them: the value, or the control and signed steps.
    static func rendered(_ slots: [String: ParameterValue]) -> String {
        if let value = slots["value"] { return value.description }
        guard let control = slots["control"] else { return "" }
        let steps = slots["steps"].map { value -> String in
            if case .int(let count) = value, count > 0 { return "+\(count)" }
            return value.description
        }
        return [control.description, steps].compactMap { $0 }.joined(separator: " ")
    }
}
