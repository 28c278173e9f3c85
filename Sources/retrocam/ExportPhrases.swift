import CommandLineOptions
import Foundation
import Intents

/// The voice commands of the client. `export-phrases` reads the catalog compiled into the client
/// (the `Intents` module), so it needs no daemon and never connects to the bus.
let voiceCommands: [Command] = [
    Command(name: "export-phrases", operands: "[hassil|rhasspy|ovos] [DIR]",
            summary: "Write the voice templates for Home Assistant, Rhasspy or OVOS (to DIR, or print them)",
            arity: 0...2) { try exportPhrases($0.operands, $0.arguments) },
]

/// `export-phrases [FORMAT] [DIR]` (or `--format FORMAT`): writes the files under DIR, or prints them.
@Sendable func exportPhrases(_ operands: [String], _ arguments: Arguments) throws -> Output {
    var operands = operands
    let formatName = arguments.format ?? (operands.isEmpty ? nil : operands.removeFirst())
    guard let formatName else {
        throw UsageError("export-phrases needs a format: \(PhraseExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    }
    let format: PhraseExportFormat
    do { format = try PhraseExport.format(named: formatName) } catch { throw UsageError(error.description) }
    guard operands.count <= 1 else { throw UsageError("Usage: retrocam export-phrases [hassil|rhasspy|ovos] [DIR]") }
    guard let directory = arguments.output ?? operands.first else {
        let files = PhraseExport.files(format)
        if files.count == 1 { return .text(files[0].contents.trimmingCharacters(in: .newlines)) }
        return .text(files.map { "==> \($0.path) <==\n\($0.contents)" }.joined(separator: "\n").trimmingCharacters(in: .newlines))
    }
    let written = try PhraseExport.write(format, to: URL(fileURLWithPath: directory))
    return .text(written.map(\.path).joined(separator: "\n"))
}
