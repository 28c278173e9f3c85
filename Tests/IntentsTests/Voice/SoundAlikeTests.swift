import Body
import Foundation
import Pronunciation
import RetrocamTesting
import Testing
@testable import Intents

/// Words outside the vocabulary read by how they sound, through the CMU dictionary of Debian's
/// `pocketsphinx-en-us`: homophones land on the camera's words, a take or an undo heard only so is asked,
/// an unrelated word stays unknown, and without the dictionary the matcher reads as before.
@Suite struct SoundAlikeTests {
    /// The installed dictionary's sound-alikes (the package is a build dependency of `retrocam listen`).
    static func soundAlikes() throws -> SoundAlikes { try #require(SoundAlikes.standard, "the CMU dictionary is installed") }

    @Test(arguments: [("lite", "light"), ("mowed", "mode"), ("undue", "undo"), ("stile", "style"), ("klipp", "clip"),
                      ("chute", "shoot")])
    func aHomophoneSoundsLikeItsCameraWord(_ heard: String, _ meant: String) throws {
        let alikes = try Self.soundAlikes()
        let phones = try #require(alikes.index.pronunciations(heard).first)
        #expect(alikes.target(PronouncingDictionary.phones(phones)) == meant)
    }

    @Test(arguments: ["table", "gorgeous", "weather", "banana"])
    func anUnrelatedWordSoundsLikeNoCameraWord(_ heard: String) throws {
        let alikes = try Self.soundAlikes()
        let phones = try #require(alikes.index.pronunciations(heard).first)
        #expect(alikes.target(PronouncingDictionary.phones(phones)) == nil)
    }

    @Test func aHarmlessSettingHeardThroughASoundAlikeIsPerformedAndSaysWhatWasHeard() async throws {
        _ = try Self.soundAlikes()
        let controller = await makeController()
        let done = try await controller.interpret("turn on the lite", perform: true)
        #expect(done.intent == IntentName.setLight.rawValue)
        #expect(done.dialog.hasPrefix("Heard 'lite' as 'light'. "), "\(done.dialog)")
        #expect(done.result != nil)
        #expect(await controller.body.light)
    }

    @Test(arguments: ["snapp a photo", "undue"])
    func aTakeOrAnUndoHeardOnlyThroughASoundAlikeIsAsked(_ said: String) async throws {
        _ = try Self.soundAlikes()
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let asked = try await controller.interpret(said, perform: true)
        #expect(asked.result == nil, "nothing performed")
        #expect(asked.question?.hasPrefix("Heard '") == true, "\(asked.question ?? "no question")")
        #expect(await device.photoBodies.isEmpty)
    }

    @Test func aSentenceUnderstoodAsWrittenIsNotReadBySound() throws {
        let alikes = try Self.soundAlikes()
        let said = Utterance("turn on the light")
        let (read, commands) = VoiceMatcher.reading(said, soundAlikes: alikes)
        #expect(!commands.isEmpty)
        #expect(!read.words.contains { $0.soundAlike })
    }

    @Test func theIndexFindsEveryPronunciationOfAWord() throws {
        let index = try #require(try PronouncingDictionary.installed().map { try PronouncingIndex($0) })
        #expect(index.pronunciations("pause") == ["P AO Z"])
        #expect(index.pronunciations("the").count >= 2)
        #expect(index.pronunciations("'bout") == ["B AW T"], "the file's first line")
        #expect(index.pronunciations("notaword").isEmpty)
    }

    @Test func withoutTheDictionaryUnknownWordsStayUnknown() throws {
        #expect(throws: PronunciationError.self) {
            try SoundAlikes(dictionary: URL(fileURLWithPath: "/nonexistent/cmudict-en-us.dict"))
        }
        #expect(PronouncingDictionary.installed(environment: ["RETROCAM_SPEECH_MODEL": "/nonexistent"]) == nil)
        #expect(VoiceMatcher.reading(Utterance("turn on the lite"), soundAlikes: nil).commands.isEmpty)
        #expect(!VoiceMatcher.reading(Utterance("turn on the light"), soundAlikes: nil).commands.isEmpty)
    }

    /// Recognizer-style sentences with sound-alikes, written for this (`soundalikes.tsv`): every command
    /// understood as labelled, every refusal refused.
    @Test func scoresOnTheSoundAlikeSentences() async throws {
        _ = try Self.soundAlikes()
        let lines = VoiceCorpus.read("soundalikes.tsv")
        #expect(lines.count >= 10)
        let score = await CorpusScore.interpret(lines)
        print("Interpret on soundalikes.tsv: \(score)")
        for failure in score.failures { print("  \(failure.line.said) → \(failure.got)") }
        #expect(score.commandsWrong + score.refusalsWrong == 0, "\(score)")
        #expect(score.commandsRight == score.commands, "\(score)")
    }
}
