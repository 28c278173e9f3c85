import Foundation
import Testing
@testable import Intents

/// One line of `corpus.tsv`: what is said, and what the matcher must make of it.
struct CorpusLine: Sendable, CustomTestStringConvertible {
    /// The utterance.
    let said: String
    /// The intents expected in order, or one refusal: NotFound, Ambiguous, Unsupported.
    let expected: [String]
    /// The resolved value of each command as text ("" for none).
    let values: [String]
    /// The line number in the file, for failures.
    let line: Int

    var testDescription: String { "line \(line): \"\(said)\"" }

    /// True when the line expects a refusal rather than intents.
    var isRefusal: Bool { ["NotFound", "Ambiguous", "Unsupported"].contains(expected.first ?? "") }
}

/// The voice corpus, read from `corpus.tsv` next to this file (the Python hassil check reads it too).
enum VoiceCorpus {
    /// The corpus file.
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("corpus.tsv")

    /// Every line of the corpus.
    static let lines: [CorpusLine] = {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var lines: [CorpusLine] = []
        for (number, row) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !row.hasPrefix("#"), !row.isEmpty else { continue }
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 2 else { continue }
            let split = { (column: String) in
                column.components(separatedBy: "+").map { $0.trimmingCharacters(in: .whitespaces) }
            }
            let expected = split(columns[1])
            var values = columns.count > 2 ? split(columns[2]) : []
            if values.count < expected.count { values += Array(repeating: "", count: expected.count - values.count) }
            lines.append(CorpusLine(said: columns[0], expected: expected, values: values, line: number + 1))
        }
        return lines
    }()

    /// The lines that must be understood.
    static var commands: [CorpusLine] { lines.filter { !$0.isRefusal } }
    /// The lines that must be refused.
    static var refusals: [CorpusLine] { lines.filter(\.isRefusal) }
}
