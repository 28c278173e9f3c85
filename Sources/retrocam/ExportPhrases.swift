import Foundation
import Intents

/// The voice commands of the client. `export-phrases` reads the catalog compiled into the client
/// (the `Intents` module), so it works without a daemon.
let voiceCommands: [Command] = [
    Command(name: "export-phrases", operands: "[hassil|rhasspy|ovos] [DIR]",
            summary: "Write the voice templates for Home Assistant, Rhasspy or OVOS (to DIR, or print them)",
            arity: 0...2, run: exportPhrases),
]

/// `export-phrases [FORMAT] [DIR]` (or `--format FORMAT`): writes the files under DIR, or prints them.
@Sendable private func exportPhrases(_ invocation: Invocation) async throws -> Output {
    var operands = invocation.operands
    let formatName = invocation.arguments.format ?? (operands.isEmpty ? nil : operands.removeFirst())
    guard let formatName else {
        throw UsageError("export-phrases needs a format: \(PhraseExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    let format: PhraseExportFormat
    do { format = try PhraseExport.format(named: formatName) } catch { throw UsageError(error.description) }
    guard operands.count <= 1 else { throw UsageError("Usage: retrocam export-phrases [hassil|rhasspy|ovos] [DIR]") }
    guard let directory = operands.first else {
        let files = PhraseExport.files(format)
        if files.count == 1 { return .text(files[0].contents.trimmingCharacters(in: .newlines)) }
        return .text(files.map { "==> \($0.path) <==\n\($0.contents)" }.joined(separator: "\n").trimmingCharacters(in: .newlines))
    }
    let written = try PhraseExport.write(format, to: URL(fileURLWithPath: directory))
    return .text(written.map(\.path).joined(separator: "\n"))
}
