import Body
import RetrocamTesting
import Testing
@testable import Intents

/// What `interpret` answers beyond the corpus: spans, performing, several commands, refusals' sentences.
@Suite struct InterpretTests {
    @Test(arguments: ["make me a sandwich", "", "   ", "what's the weather",
                      TextCase(String(repeating: "take a photo ", count: 100_000))] as [TextCase])
    func refusesWhatItDoesNotUnderstand(_ said: TextCase) async {
        let controller = await makeController()
        let error = await intentError { () async throws(IntentError) in try await controller.interpret(said.text, perform: false) }
        #expect(error == .notFound("Sorry, I can't do that with the camera."))
    }

    @Test func aSlotThatDoesNotResolveSaysWhy() async {
        let controller = await makeController()
        let decade = await intentError { () async throws(IntentError) in try await controller.interpret("go to the 2090s", perform: false) }
        #expect(decade == .unsupported("The DECADE wheel goes from the 1900s to the 2020s."))
        let switched = await intentError { () async throws(IntentError) in try await controller.interpret("switch to the 2090s", perform: false) }
        #expect(switched == .unsupported("The DECADE wheel goes from the 1900s to the 2020s."))
        let style = await intentError { () async throws(IntentError) in try await controller.interpret("use polaroid", perform: false) }
        guard case .ambiguous(_, let choices)? = style else { Issue.record("got \(String(describing: style))"); return }
        #expect(choices == ["Polaroid SX-70", "Polaroid pack film"])
    }

    @Test func answersWhereEachSlotWasSaid() async throws {
        let controller = await makeController()
        let decade = try await controller.interpret("Um, go to the Seventies please", perform: false)
        #expect(decade.spans["value"] == TextSpan(text: "Seventies", start: 14, end: 23))
        let zoom = try await controller.interpret("zoom to 2×", perform: false)
        #expect(zoom.spans["value"] == TextSpan(text: "2×", start: 8, end: 10))
        #expect(zoom.slots["value"] == .double(2))
        let photo = try await controller.interpret("take a picture", perform: false)
        #expect(photo.spans.isEmpty && photo.slots.isEmpty && photo.confidence == 1.0)
    }

    @Test func performsWhenAsked() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let photo = try await controller.interpret("take a picture", perform: true)
        #expect(photo.result?.dialog == "Switched to STILL. Photo taken.")
        #expect(photo.result?.path == "/fake/Pictures/photo-1.jpg")
        let decade = try await controller.interpret("go to the seventies", perform: true)
        #expect(decade.result?.value == .string("1970s"))
        let zoom = try await controller.interpret("zoom to 2.3", perform: true)
        #expect(zoom.result?.dialog == "Zoom set to 2.5x.")
        #expect(await controller.body.zoom == 2.5)
    }

    @Test func performsCommandsJoinedByAndInOrder() async throws {
        let controller = await makeController()
        let both = try await controller.interpret("go to the seventies and use kodachrome", perform: true)
        #expect(both.commands.map(\.intent) == ["SetDecade", "SetStyle"])
        #expect(both.andThen.first?.result?.value == .string("Kodachrome 64 slide"))
        #expect(await controller.body.decade.year == 1970)
        #expect(await controller.body.style.name == "Kodachrome 64 slide")
    }

    @Test func aLaterCommandThatCannotBeDoneStopsTheWholeUtterance() async {
        let controller = await makeController()
        let before = await controller.body
        let error = await intentError { () async throws(IntentError) in
            try await controller.interpret("go to the seventies and zoom to ten x", perform: true)
        }
        guard case .unsupported? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(await controller.body == before)
    }

    @Test func twoIntentsThatSayTheWordsEquallyWellAreRefused() throws {
        let grammar = VoiceGrammar([VoiceSentence(.setLight, "switch {light}"), VoiceSentence(.setTimer, "switch {timer}")])
        let said = Utterance("switch off")
        let command = try #require(VoiceMatcher.commands(in: said, grammar: grammar).first)
        #expect(command.candidates.count == 2)
        #expect(throws: IntentError.ambiguous("That could mean SetLight or SetTimer. Please say it another way.",
                                              choices: ["SetLight", "SetTimer"])) {
            try VoiceChoice.choose(command, in: said, body: CameraBody())
        }
        let on = Utterance("switch on")
        let light = try #require(VoiceMatcher.commands(in: on, grammar: grammar).first)
        #expect(light.candidates.count == 1, "on is only the light's")
    }

    @Test func aLessSpecificSentenceOfAnotherIntentLowersTheConfidence() throws {
        let grammar = VoiceGrammar([VoiceSentence(.setLight, "turn off the light", value: "off"),
                                    VoiceSentence(.setAudio, "turn {audio} the light")])
        let said = Utterance("turn off the light")
        let command = try #require(VoiceMatcher.commands(in: said, grammar: grammar).first)
        let choice = try VoiceChoice.choose(command, in: said, body: CameraBody())
        #expect(choice.intent == .setLight)
        // Scores are 2 per fixed word plus 1 for an exact slot: 4 words (9) against 3 words and a slot (7).
        let expected: Double = 1 - 0.5 * 7 / 9
        #expect(choice.confidence == expected)
    }
}
