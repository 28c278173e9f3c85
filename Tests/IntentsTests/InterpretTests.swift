import Body
import Testing
@testable import Intents

/// An utterance and what the matcher must understand.
struct UtteranceCase: Sendable, CustomTestStringConvertible {
    let said: String
    let intent: String
    let value: ParameterValue?
    var testDescription: String { "\"\(said)\"" }
    init(_ said: String, _ intent: String, _ value: ParameterValue? = nil) {
        self.said = said
        self.intent = intent
        self.value = value
    }
}

let understood: [UtteranceCase] = [
    .init("Take a picture", "TakePhoto"), .init("please take a photo", "TakePhoto"),
    .init("Um, could you take a photo please?", "TakePhoto"), .init("say cheese", "TakePhoto"),
    .init("start recording", "StartClip"), .init("Start filming!", "StartClip"), .init("record a video", "StartClip"),
    .init("stop recording", "PauseClip"), .init("pause", "PauseClip"), .init("cut", "PauseClip"),
    .init("press record", "ToggleRecord"),
    .init("go to the seventies", "SetDecade", .string("1970s")), .init("Set decade to 1975", "SetDecade", .string("1970s")),
    .init("take me to the '80s", "SetDecade", .string("1980s")), .init("switch to the 1990s", "SetDecade", .string("1990s")),
    .init("zoom to 2x", "SetZoom", .double(2)), .init("zoom in to two times", "SetZoom", .double(2)),
    .init("zoom 3", "SetZoom", .double(3)), .init("zoom out", "SetZoom", .double(1)),
    .init("set a ten second timer", "SetTimer", .int(10)), .init("set the timer to 3 seconds", "SetTimer", .int(3)),
    .init("turn off the self-timer", "SetTimer", .int(0)), .init("set a 3 second self timer", "SetTimer", .int(3)),
    .init("set the degree to seven", "SetDegree", .int(7)), .init("degree max", "SetDegree", .int(12)),
    .init("set exposure to minus one", "SetExposure", .double(-1)),
    .init("switch to still", "SetMode", .string("Still")), .init("cine mode", "SetMode", .string("Cine")),
    .init("use kodachrome", "SetStyle", .string("Kodachrome 64 slide")), .init("set the style to sx-70", "SetStyle", .string("Polaroid SX-70")),
    .init("set the format to widescreen", "SetFormat", .string("16:9")),
    .init("turn the light on", "SetLight", .bool(true)), .init("turn off the flash", "SetLight", .bool(false)),
    .init("toggle the light", "ToggleLight"), .init("mute", "SetAudio", .string("Off")),
    .init("set the sound to stereo", "SetAudio", .string("Stereo")),
    .init("flip the camera", "FlipCamera"), .init("switch cameras", "FlipCamera"),
    .init("undo", "Undo"), .init("scratch that", "Undo"), .init("show me the last take", "LastTake"),
]

@Suite struct InterpretTests {
    @Test(arguments: understood)
    func understands(_ example: UtteranceCase) async throws {
        let controller = await makeController()
        let interpretation = try await controller.interpret(example.said, perform: false)
        #expect(interpretation.intent == example.intent)
        #expect(interpretation.slots["value"] == example.value)
        #expect(interpretation.confidence == 1.0)
        #expect(interpretation.result == nil)
    }

    @Test(arguments: ["make me a sandwich", "", "   ", "what's the weather", "decade", String(repeating: "take a photo ", count: 100_000)])
    func refusesWhatItDoesNotUnderstand(_ said: String) async {
        let controller = await makeController()
        let error = await intentError { () async throws(IntentError) in try await controller.interpret(said, perform: false) }
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

    @Test func performsWhenAsked() async throws {
        let device = FakeDevice()
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
}
