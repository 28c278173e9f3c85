import Body
import Foundation
import Testing
@testable import Intents

/// The exports say what the built-in matcher understands, and the real hassil agrees.
@Suite struct VoiceExportTests {
    @Test(arguments: SettingKind.allCases)
    func everyListedFormReadsAsItsValue(_ kind: SettingKind) throws {
        let entries = try #require(SlotVocabulary.entries[kind])
        #expect(!entries.isEmpty)
        for entry in entries {
            let words = Utterance(entry.spoken).texts
            #expect(SlotRecognizer.accepts(kind, words[...]), "\(kind) accepts '\(entry.spoken)'")
            guard kind != .style else { continue }
            let setting = try? SlotRecognizer.neutralResolver.resolve(kind, .string(entry.spoken))
            #expect(setting?.value.description == entry.value, "\(kind) '\(entry.spoken)' reads as \(entry.value)")
        }
    }

    @Test func sampledSentencesOfEveryTemplateMatchTheirIntent() throws {
        for sample in ExportSamples.all {
            let said = Utterance(sample.sentence)
            let command = try #require(VoiceMatcher.commands(in: said).first, "'\(sample.sentence)' matches")
            let choice = try VoiceChoice.choose(command, in: said, body: CameraBody())
            #expect(choice.intent.rawValue == sample.intent, "'\(sample.sentence)'")
            if sample.compareValue {
                #expect((choice.slots["value"]?.description ?? "") == sample.value, "'\(sample.sentence)'")
            }
        }
        #expect(ExportSamples.all.count > 150)
    }

    @Test func hassilFileHasEveryIntentListAndRule() {
        let yaml = PhraseExport.files(.hassil)[0].contents
        for intent in IntentName.allCases { #expect(yaml.contains("\n  \(intent.rawValue):\n    data:\n")) }
        #expect(yaml.contains("\"<go> [back in time] to [the] {decade:value}\""))
        #expect(yaml.contains("      - in: \"seventies\"\n        out: \"1970s\""))
        #expect(yaml.contains("  set: \"(set | change | turn | put | switch)\""))
        #expect(yaml.contains("        slots:\n          value: \"1.0\""))
    }

    @Test func rhasspyAndOVOSFilesSayTheSameTemplates() throws {
        let rhasspy = PhraseExport.files(.rhasspy)
        let ini = try #require(rhasspy.first { $0.path == "sentences.ini" }).contents
        #expect(ini.contains("[SetDecade]\n(go | go back | travel | take me | take me back | jump | switch | change | move) [back in time] to [the] ($decade){value}"))
        #expect(ini.contains("zoom [all the way] out (:1.0){value}"))
        #expect(rhasspy.first { $0.path == "slots/decade" }?.contents.contains("(seventies):1970s\n") == true)
        #expect(rhasspy.first { $0.path == "slots/format" }?.contents.contains("(widescreen):widescreen\n") == true)
        let ovos = PhraseExport.files(.ovos)
        #expect(ovos.first { $0.path == "locale/en-us/SetZoom.1.0.intent" }?.contents == "zoom all the way out\nzoom out\n")
        #expect(ovos.first { $0.path == "locale/en-us/decade.entity" }?.contents.contains("\nseventies\n") == true)
        #expect(ovos.contains { $0.path == "locale/en-us/TakePhoto.intent" })
    }

    @Test func writesFilesAndRefusesUnknownFormats() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try PhraseExport.write(.rhasspy, to: folder)
        #expect(written.count == PhraseExport.files(.rhasspy).count)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("slots/zoom").path))
        #expect(throws: PhraseExportError.unknownFormat("alexa")) { try PhraseExport.format(named: "alexa") }
        #expect(try PhraseExport.format(named: "HASSIL") == .hassil)
    }

    @Test func shippedExportsAreUpToDate() throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shortcuts/voice").standardizedFileURL
        for format in PhraseExportFormat.allCases {
            for file in PhraseExport.files(format) {
                let url = shipped.appendingPathComponent(format.rawValue).appendingPathComponent(file.path)
                let text = try? String(contentsOf: url, encoding: .utf8)
                #expect(text == file.contents, "shortcuts/voice/\(format.rawValue)/\(file.path) is out of date: run 'retrocam export-phrases --format \(format.rawValue) --output shortcuts/voice/\(format.rawValue)'")
            }
        }
    }

    /// Installs hassil from PyPI in a throwaway venv and checks it reads the export like the built-in matcher.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RETROCAM_SKIP_HASSIL"] == nil,
                   "RETROCAM_SKIP_HASSIL is set: the hassil check is SKIPPED"),
          .timeLimit(.minutes(5)))
    func realHassilMatchesTheSameSentencesToTheSameIntents() throws {
        let python = try #require(HassilVenv.python(), "could not make a venv with hassil from PyPI: \(HassilVenv.failure ?? "")")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-hassil-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try PhraseExport.write(.hassil, to: folder)
        let samples = ExportSamples.all + ExportSamples.handPicked
        let sentences = folder.appendingPathComponent("sentences.json")
        try JSONSerialization.data(withJSONObject: samples.map(\.sentence)).write(to: sentences)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("hassil_check.py")
        let output = try HassilVenv.run(python, [script.path, folder.appendingPathComponent("retrocam.yaml").path, sentences.path])
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any], "hassil printed \(output)")
        #expect(answers.count == samples.count)
        for (sample, answer) in zip(samples, answers) {
            let match = answer as? [String: Any]
            #expect(match?["intent"] as? String == sample.intent, "hassil: '\(sample.sentence)' → \(String(describing: match))")
            if sample.compareValue {
                #expect((match?["value"] as? String ?? "") == sample.value, "hassil: value of '\(sample.sentence)'")
            }
        }
    }

    /// Installs rhasspy-nlu in the same venv and checks the Rhasspy export reads like the built-in matcher.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RETROCAM_SKIP_HASSIL"] == nil,
                   "RETROCAM_SKIP_HASSIL is set: the Rhasspy check is SKIPPED"),
          .timeLimit(.minutes(5)))
    func rhasspyNLUMatchesTheSameSentencesToTheSameIntents() throws {
        let python = try #require(HassilVenv.pythonWithRhasspy(), "could not install rhasspy-nlu from PyPI: \(HassilVenv.failure ?? "")")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-rhasspy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try PhraseExport.write(.rhasspy, to: folder)
        // Rhasspy has no skip words (filler is left to speech-to-text), and ':' and '/' have meanings in its syntax.
        let samples = (ExportSamples.all + ExportSamples.handPicked).filter {
            !$0.sentence.contains(":") && !$0.sentence.contains("/") && !$0.sentence.hasPrefix("please")
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("rhasspy_check.py")
        let output = try HassilVenv.run(python, [script.path, folder.path], stdin: samples.map(\.sentence).joined(separator: "\n"))
        let answers = output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(answers.count == samples.count, "rhasspy printed \(output.prefix(500))")
        for (sample, answer) in zip(samples, answers) {
            #expect(answer["intent"] as? String == sample.intent, "rhasspy: '\(sample.sentence)' → \(answer)")
            if sample.compareValue {
                let expected = PhraseExport.plainValue(sample.value)
                #expect((answer["value"] as? String ?? "") == expected, "rhasspy: value of '\(sample.sentence)' → \(answer)")
            }
        }
    }

    /// Installs Padacioso in the same venv and checks the OVOS export reads like the built-in matcher.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RETROCAM_SKIP_HASSIL"] == nil,
                   "RETROCAM_SKIP_HASSIL is set: the OVOS check is SKIPPED"),
          .timeLimit(.minutes(5)))
    func padaciosoMatchesTheSameSentencesToTheSameIntents() throws {
        let python = try #require(HassilVenv.pythonWithPadacioso(), "could not install padacioso from PyPI: \(HassilVenv.failure ?? "")")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-ovos-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try PhraseExport.write(.ovos, to: folder)
        // OVOS has no skip words: filler is left to speech-to-text.
        let samples = (ExportSamples.all + ExportSamples.handPicked).filter { !$0.sentence.hasPrefix("please") }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ovos_check.py")
        let output = try HassilVenv.run(python, [script.path, folder.path], stdin: samples.map(\.sentence).joined(separator: "\n"))
        let answers = output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(answers.count == samples.count, "padacioso printed \(output.prefix(500))")
        for (sample, answer) in zip(samples, answers) {
            let name = (answer["intent"] as? String).map { String($0.prefix { $0 != "." }) }
            #expect(name == sample.intent, "padacioso: '\(sample.sentence)' → \(answer)")
        }
    }
}

/// The style recognizer's prefix set says what the resolver's tiers say.
@Suite struct VoiceSlotRecognizerTests {
    @Test(arguments: ["koda", "kodachrome", "slide", "sx 7", "polaroid", "3d", "dv", "super eight", "pack film", "portapak"])
    func stylesTheResolverFindsAreAccepted(_ said: String) {
        #expect(!Resolver.matches(said, in: SlotRecognizer.allDialEntries).isEmpty)
        #expect(SlotRecognizer.accepts(.style, Utterance(said).texts[...]))
    }

    @Test(arguments: ["force", "the moon", "ko", "weather", "xyz"])
    func wordsNoDialHasAreRefused(_ said: String) {
        #expect(!SlotRecognizer.accepts(.style, Utterance(said).texts[...]))
    }
}
