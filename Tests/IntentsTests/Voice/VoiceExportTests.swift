import Body
import Foundation
import Testing
@testable import Intents

/// The exports say what the built-in matcher understands.
@Suite struct VoiceExportTests {
    @Test(arguments: SettingKind.allCases)
    func everyListedFormReadsAsItsValue(_ kind: SettingKind) throws {
        let entries = try #require(SlotVocabulary.entries[kind])
        #expect(!entries.isEmpty)
        for entry in entries {
            let words = Utterance(entry.spoken).texts
            #expect(SlotRecognizer.accepts(kind, words[...]), "\(kind) accepts '\(entry.spoken)'")
            let setting = try? SlotRecognizer.neutralResolver.resolve(kind, .string(entry.spoken))
            if kind == .style {
                // A style's value is the entry's name, or the word itself when several entries answer to it.
                let named = try? SlotRecognizer.neutralResolver.resolve(kind, .string(entry.value))
                #expect(named != nil || entry.value == entry.spoken, "style '\(entry.spoken)' → '\(entry.value)' resolves")
            } else {
                #expect(setting?.value.description == entry.value, "\(kind) '\(entry.spoken)' reads as \(entry.value)")
            }
        }
    }

    @Test func bareListsHoldOnlyDistinctiveValues() throws {
        let styles = Set(PhraseExport.SlotList(kind: .style, bare: true).entries.map(\.spoken))
        for said in ["instamatic", "film noir", "black and white"] { #expect(styles.contains(said), "\(said)") }
        for said in ["film", "stereo", "video"] { #expect(!styles.contains(said), "\(said)") }
        let decades = Set(PhraseExport.SlotList(kind: .decade, bare: true).entries.map(\.spoken))
        for said in ["'80s", "y2k", "1985"] { #expect(decades.contains(said), "\(said)") }
        #expect(!decades.contains("seventy"))
        let formats = Set(PhraseExport.SlotList(kind: .format, bare: true).entries.map(\.spoken))
        for said in ["widescreen", "16:9"] { #expect(formats.contains(said), "\(said)") }
        for said in ["normal", "tv"] { #expect(!formats.contains(said), "\(said)") }
    }

    @Test func sampledSentencesOfEveryTemplateMatchTheirIntent() throws {
        for sample in ExportSamples.all {
            let said = Utterance(sample.sentence)
            let command = try #require(VoiceMatcher.commands(in: said).first, "'\(sample.sentence)' matches")
            let choice: VoiceChoice
            do { choice = try VoiceChoice.choose(command, in: said, body: CameraBody()) } catch {
                Issue.record("'\(sample.sentence)': \(error)")
                continue
            }
            #expect(choice.intent.rawValue == sample.intent, "'\(sample.sentence)'")
            if sample.compareValue {
                #expect(VoiceCorpus.rendered(choice.slots) == sample.value, "'\(sample.sentence)'")
            }
        }
        #expect(ExportSamples.all.count > 500)
    }

    @Test func hassilFileKeepsApostrophesAndFixesParameters() {
        let yaml = PhraseExport.files(.hassil)[0].contents
        for intent in IntentName.allCases { #expect(yaml.contains("\n  \(intent.rawValue):\n    data:\n"), "\(intent)") }
        #expect(yaml.contains("\"(that's | that is | it's) (a wrap | enough)\""))
        #expect(yaml.contains("      - in: \"'80s\"\n        out: \"1980s\""))
        #expect(yaml.contains("\"<go> [all the way] [back] [in time] (to | in | into) [the] {decade:value}\""))
        #expect(yaml.contains("\"[the] {decade_bare:value}\""))
        #expect(yaml.contains("        slots:\n          control: \"zoom\"\n          steps: \"+1\""))
        #expect(yaml.contains("  subject:\n    wildcard: true"))
        #expect(yaml.contains("  set: \"(set | change | turn | put | switch | move | spin | rotate | dial | bring | make | rack | push | pull | slide | crank | take | dial in)\""))
    }

    @Test func rhasspyAndOVOSFilesEnumerateEveryValue() throws {
        let rhasspy = PhraseExport.files(.rhasspy)
        let ini = try #require(rhasspy.first { $0.path == "sentences.ini" }).contents
        #expect(ini.contains("[AdjustControl]\n"))
        #expect(ini.contains("(:zoom){control} (:+1){steps}"))
        #expect(ini.contains("(that's | that is | it's) (a wrap | enough)"))
        #expect(rhasspy.first { $0.path == "slots/decade" }?.contents.contains("(seventies):1970s\n") == true)
        #expect(rhasspy.first { $0.path == "slots/style" }?.contents.contains("(super eight):(Super 8)\n") == true)
        let ovos = PhraseExport.files(.ovos)
        #expect(!ovos.contains { $0.contents.contains("{") }, "no OVOS line has a free-text slot")
        let seventies = try #require(ovos.first { $0.path == "locale/en-us/SetDecade.1970s.intent" }).contents
        #expect(seventies.contains("decade (1970s|seventies|1970's)\n"))
        #expect(ovos.first { $0.path == "locale/en-us/AdjustControl.zoom.+1.intent" }?.contents.contains("zoom in\n") == true)
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
        let shipped = VoiceCorpus.folder.appendingPathComponent("../../../shortcuts/voice").standardizedFileURL
        for format in PhraseExportFormat.allCases {
            let files = PhraseExport.files(format)
            for file in files {
                let url = shipped.appendingPathComponent(format.rawValue).appendingPathComponent(file.path)
                let text = try? String(contentsOf: url, encoding: .utf8)
                #expect(text == file.contents, "shortcuts/voice/\(format.rawValue)/\(file.path) is out of date: run 'retrocam export-phrases --format \(format.rawValue) --output shortcuts/voice/\(format.rawValue)'")
            }
            let listed = try FileManager.default.subpathsOfDirectory(atPath: shipped.appendingPathComponent(format.rawValue).path)
                .filter { !$0.hasSuffix("/") && !["locale", "locale/en-us", "slots"].contains($0) }
            #expect(Set(listed) == Set(files.map(\.path)), "shortcuts/voice/\(format.rawValue) holds files the export no longer writes")
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
