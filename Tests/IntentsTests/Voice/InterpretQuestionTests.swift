import Body
import Testing
@testable import Intents

/// Interpret without performing says what it would do, as Resolve asks it, and reads speech-to-text's way
/// of writing numbers and apostrophes.
@Suite struct InterpretQuestionTests {
    @Test(arguments: [
        ("go to the eighties", "Set the decade to the 1980s?"),
        ("zoom in", "Zoom in to 1.5x?"),
        ("a bit darker", "Lower the exposure half a stop, to -0.5 EV?"),
        ("it's way too dark in here", "Raise the exposure half a stop, to +0.5 EV?"),
        ("make it look like film noir", "Turn the wheel to the 1940s and set the style to Film noir?"),
        ("take a picture", "Switch to STILL and take a photo?"),
        ("selfie mode", "Switch to the front camera?"),
        ("that's a wrap", "Pause and save the clip?"),
        ("put in a new tape", "Put in a new 50 ft Super 8 cartridge at 18 fps?"),
    ])
    func asksWhatItWouldDo(_ said: String, _ question: String) async throws {
        let controller = await makeController()
        let interpretation = try await controller.interpret(said, perform: false)
        #expect(interpretation.question == question)
        #expect(interpretation.dialog == question)
        #expect(interpretation.result == nil)
    }

    @Test func severalCommandsAskOneQuestionInOrder() async throws {
        let controller = await makeController()
        let interpretation = try await controller.interpret("go to the eighties and take a photo", perform: false)
        #expect(interpretation.utteranceDialog == "Set the decade to the 1980s, then switch to STILL and take a photo?")
        let performed = try await controller.interpret("zoom in and zoom in", perform: true)
        #expect(performed.utteranceDialog == "Zoomed in to 1.5x. Zoomed in to 2.0x.")
        #expect(await controller.body.zoom == 2.0)
    }

    @Test func aDelayAtTheEndSetsTheSelfTimerFirst() async throws {
        let controller = await makeController()
        let delayed = try await controller.interpret("take a picture in 10 seconds", perform: false)
        #expect(delayed.commands.map(\.intent) == ["SetTimer", "TakePhoto"])
        #expect(delayed.utteranceDialog == "Set the self-timer to 10 seconds, then switch to STILL and take a photo?")
        let unsupported = await intentError { () async throws(IntentError) in
            try await controller.interpret("take a picture in 5 seconds", perform: false)
        }
        #expect(unsupported == .unsupported("The self-timer can be Off, 3 or 10 seconds."))
        let notADelay = try await controller.interpret("record in off", perform: false)
        #expect(notADelay.commands.map(\.intent) == ["SetAudio"])
    }

    @Test(arguments: [
        ("10-second timer", "SetTimer", "10"), ("3x zoom", "SetZoom", "3.0"), ("zoom 2.5", "SetZoom", "2.5"),
        ("exposure +1", "SetExposure", "1.0"), ("'80s", "SetDecade", "1980s"), ("80's style", "SetDecade", "1980s"),
        ("that’s a wrap", "PauseClip", ""), ("black & white", "SetStyle", "Video Portapak"),
        ("the roaring twenties", "SetDecade", "1920s"), ("Y2K", "SetDecade", "2000s"), ("use the flash", "SetLight", "true"),
    ])
    func readsNumbersAndApostrophesAsSpeechToTextWritesThem(_ said: String, _ intent: String, _ value: String) async throws {
        let controller = await makeController()
        let interpretation = try await controller.interpret(said, perform: false)
        #expect(interpretation.intent == intent)
        #expect(VoiceCorpus.rendered(interpretation.slots) == value)
    }

    @Test func theTypedSettersTakeTheControlsNameAndItsEnds() async throws {
        let controller = await makeController()
        _ = try await controller.perform("SetMode", ["value": .string("Still")])
        _ = try await controller.perform("SetLight", ["value": .string("flash")])
        #expect(await controller.body.light, "in STILL the light button is the flash: its name alone turns it on")
        _ = try await controller.perform("SetLight", ["value": .string("flash off")])
        #expect(await !controller.body.light)
        _ = try await controller.perform("SetLight", ["value": .string("flash on")])
        #expect(await controller.body.light)
        _ = try await controller.perform("SetExposure", ["value": .string("max")])
        #expect(await controller.body.exposure == 2)
        _ = try await controller.perform("SetTimer", ["value": .string("next")])
        #expect(await controller.body.timer == 3, "what a double tap of TIMER gives")
    }

    @Test func aPressOfAButtonThatStepsIsItsNextValue() async throws {
        let controller = await makeController()
        let timer = try await controller.interpret("press the timer button", perform: false)
        #expect(timer.intent == "SetTimer" && VoiceCorpus.rendered(timer.slots) == "3")
        let shutter = try await controller.interpret("Shutter, double tap", perform: false)
        #expect(shutter.intent == "TakePhoto", "Shutter is REC's name in STILL")
        let negated = await intentError { () async throws(IntentError) in try await controller.interpret("don't double tap Record yet", perform: false) }
        #expect(negated == .notFound(VoiceMatcher.refusal))
    }

    @Test(arguments: [
        ("the flash thing with the banana", "I heard 'flash', but not what to do with it."),
        ("decade", "I heard 'decade', but not what to do with it."),
        ("the Degree dial over there", "I heard 'Degree dial', but not what to do with it."),
        ("is the flash on", VoiceMatcher.refusal),
        ("don't touch the zoom", VoiceMatcher.refusal),
        ("what's the weather", VoiceMatcher.refusal),
    ])
    func aHalfParsedSentenceIsRefusedWithWhatWasHeard(_ said: String, _ refusal: String) async {
        let controller = await makeController()
        let error = await intentError { () async throws(IntentError) in try await controller.interpret(said, perform: false) }
        #expect(error == .notFound(refusal))
    }

    @Test func wordsThatAlsoNameAStyleGoToTheIntentThatSaysThemWhole() async throws {
        let controller = await makeController()
        #expect(try await controller.interpret("switch to film", perform: false).intent == "SetMode")
        #expect(try await controller.interpret("use the flash", perform: false).intent == "SetLight")
        #expect(try await controller.interpret("stereo", perform: false).intent == "SetAudio")
        let bare = await intentError { () async throws(IntentError) in try await controller.interpret("portrait", perform: false) }
        #expect(bare == .notFound(VoiceMatcher.refusal), "a common word alone is not a style")
    }
}
