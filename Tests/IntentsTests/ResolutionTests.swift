import Body
import RetrocamTesting
import Testing
@testable import Intents

/// One resolution example: an intent, what was said, and what it must resolve to.
struct ResolutionCase: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable {
        case value(ParameterValue)
        case error(IntentError)
    }

    let intent: String
    let said: ParameterValue?
    let outcome: Outcome
    var testDescription: String { "\(intent) \(said.map { TestText.shown($0.description) } ?? "(nothing)")" }

    init(_ intent: String, _ said: String, _ outcome: Outcome) {
        self.intent = intent
        self.said = .string(said)
        self.outcome = outcome
    }

    init(_ intent: String, typed: ParameterValue?, _ outcome: Outcome) {
        self.intent = intent
        self.said = typed
        self.outcome = outcome
    }
}

private let decadeRange = IntentError.unsupported("The DECADE wheel goes from the 1900s to the 2020s.")
private let degreeRange = IntentError.unsupported("Degree goes from 1 to 12.")
private let zoomRange = IntentError.unsupported("Zoom goes from 1.0x to 4.0x, in steps of 0.5x.")
private let exposureRange = IntentError.unsupported("Exposure goes from -2 EV to +2 EV in 0.5 EV steps.")
private let timerChoices = IntentError.unsupported("The self-timer can be Off, 3 or 10 seconds.")

private func decade(_ name: String) -> ResolutionCase.Outcome { .value(.string(name)) }

let decadeCases: [ResolutionCase] = [
    .init("SetDecade", "1970s", decade("1970s")), .init("SetDecade", "70s", decade("1970s")),
    .init("SetDecade", "'70s", decade("1970s")), .init("SetDecade", "\u{2019}70s", decade("1970s")),
    .init("SetDecade", "seventies", decade("1970s")), .init("SetDecade", "the seventies", decade("1970s")),
    .init("SetDecade", "nineteen seventies", decade("1970s")), .init("SetDecade", "1975", decade("1970s")),
    .init("SetDecade", "the 1970s", decade("1970s")), .init("SetDecade", "1970", decade("1970s")),
    .init("SetDecade", "1970's", decade("1970s")), .init("SetDecade", "The Seventies.", decade("1970s")),
    .init("SetDecade", "nineteen seventy five", decade("1970s")), .init("SetDecade", "nineteen-seventies", decade("1970s")),
    .init("SetDecade", "2090s", .error(decadeRange)), .init("SetDecade", "1850s", .error(decadeRange)),
    .init("SetDecade", "banana", .error(decadeRange)),
    .init("SetDecade", "twenty twenties", decade("2020s")), .init("SetDecade", "2020s", decade("2020s")),
    .init("SetDecade", "twenty twenty", decade("2020s")),
    .init("SetDecade", "noughties", decade("2000s")), .init("SetDecade", "two thousands", decade("2000s")),
    .init("SetDecade", "two thousand and five", decade("2000s")), .init("SetDecade", "'00s", decade("2000s")),
    .init("SetDecade", "nineteen hundreds", decade("1900s")), .init("SetDecade", "nineteen hundred", decade("1900s")),
    .init("SetDecade", "teens", decade("2010s")), .init("SetDecade", "twenty tens", decade("2010s")),
    .init("SetDecade", "twenties", decade("1920s")), .init("SetDecade", "the roaring 20s", decade("1920s")),
    .init("SetDecade", "the roaring 90s", .error(decadeRange)), .init("SetDecade", "Y2K", decade("2000s")),
    .init("SetDecade", "present day", decade("2020s")),
    .init("SetDecade", "tens", .error(.ambiguous("Did you mean the 1910s or the 2010s?", choices: ["1910s", "2010s"]))),
    .init("SetDecade", "'10s", .error(.ambiguous("Did you mean the 1910s or the 2010s?", choices: ["1910s", "2010s"]))),
    .init("SetDecade", typed: .int(1975), decade("1970s")), .init("SetDecade", typed: .double(1984), decade("1980s")),
    .init("SetDecade", typed: .int(2090), .error(decadeRange)),
    .init("SetDecade", typed: .int(Int64.min), .error(decadeRange)),
]

let degreeCases: [ResolutionCase] = [
    .init("SetDegree", "7", .value(.int(7))), .init("SetDegree", "seven", .value(.int(7))),
    .init("SetDegree", "7 of 12", .value(.int(7))), .init("SetDegree", "seven of twelve", .value(.int(7))),
    .init("SetDegree", "max", .value(.int(12))), .init("SetDegree", "maximum", .value(.int(12))),
    .init("SetDegree", "full", .value(.int(12))), .init("SetDegree", "min", .value(.int(1))),
    .init("SetDegree", "twelve", .value(.int(12))), .init("SetDegree", "degree 3", .value(.int(3))),
    .init("SetDegree", "13", .error(degreeRange)), .init("SetDegree", "0", .error(degreeRange)),
    .init("SetDegree", "7.5", .error(degreeRange)), .init("SetDegree", "lots", .error(degreeRange)),
    .init("SetDegree", "7 of 10", .error(degreeRange)),
    .init("SetDegree", typed: .int(5), .value(.int(5))), .init("SetDegree", typed: .double(5), .value(.int(5))),
    .init("SetDegree", typed: .int(99), .error(degreeRange)),
]

let zoomCases: [ResolutionCase] = [
    .init("SetZoom", "2", .value(.double(2))), .init("SetZoom", "2x", .value(.double(2))),
    .init("SetZoom", "2.0x", .value(.double(2))), .init("SetZoom", "two times", .value(.double(2))),
    .init("SetZoom", "two x", .value(.double(2))), .init("SetZoom", "double", .value(.double(2))),
    .init("SetZoom", "2 x", .value(.double(2))), .init("SetZoom", "2\u{00D7}", .value(.double(2))),
    .init("SetZoom", "x2", .value(.double(2))), .init("SetZoom", "one point five x", .value(.double(1.5))),
    .init("SetZoom", "2.3", .value(.double(2.5))), .init("SetZoom", "2.2", .value(.double(2))),
    .init("SetZoom", "4", .value(.double(4))), .init("SetZoom", "max", .value(.double(4))),
    .init("SetZoom", "10x", .error(zoomRange)), .init("SetZoom", "0.5", .error(zoomRange)),
    .init("SetZoom", "4.2", .error(zoomRange)), .init("SetZoom", "nan", .error(zoomRange)),
    .init("SetZoom", typed: .int(3), .value(.double(3))), .init("SetZoom", typed: .double(.infinity), .error(zoomRange)),
]

let exposureCases: [ResolutionCase] = [
    .init("SetExposure", "+1", .value(.double(1))), .init("SetExposure", "plus one", .value(.double(1))),
    .init("SetExposure", "-0.5", .value(.double(-0.5))), .init("SetExposure", "minus two", .value(.double(-2))),
    .init("SetExposure", "minus one point five", .value(.double(-1.5))), .init("SetExposure", "0", .value(.double(0))),
    .init("SetExposure", "zero", .value(.double(0))), .init("SetExposure", "\u{2212}1", .value(.double(-1))),
    .init("SetExposure", "- 1", .value(.double(-1))), .init("SetExposure", "+1 EV", .value(.double(1))),
    .init("SetExposure", "+1ev", .value(.double(1))), .init("SetExposure", "0.3", .value(.double(0.5))),
    .init("SetExposure", "minus a half", .value(.double(-0.5))),
    .init("SetExposure", "+3", .error(exposureRange)), .init("SetExposure", "minus three", .error(exposureRange)),
    .init("SetExposure", "bright", .error(exposureRange)),
    .init("SetExposure", typed: .int(-1), .value(.double(-1))), .init("SetExposure", typed: .double(1.5), .value(.double(1.5))),
]

let timerCases: [ResolutionCase] = [
    .init("SetTimer", "off", .value(.int(0))), .init("SetTimer", "0", .value(.int(0))),
    .init("SetTimer", "3", .value(.int(3))), .init("SetTimer", "three", .value(.int(3))),
    .init("SetTimer", "ten seconds", .value(.int(10))), .init("SetTimer", "10s", .value(.int(10))),
    .init("SetTimer", "10 sec", .value(.int(10))), .init("SetTimer", "3 seconds", .value(.int(3))),
    .init("SetTimer", "5", .error(timerChoices)), .init("SetTimer", "three and a half", .error(timerChoices)),
    .init("SetTimer", typed: .int(10), .value(.int(10))), .init("SetTimer", typed: .int(7), .error(timerChoices)),
]

let choiceCases: [ResolutionCase] = [
    .init("SetMode", "cine", .value(.string("Cine"))), .init("SetMode", "movie", .value(.string("Cine"))),
    .init("SetMode", "video", .value(.string("Cine"))), .init("SetMode", "film", .value(.string("Cine"))),
    .init("SetMode", "still", .value(.string("Still"))), .init("SetMode", "photo", .value(.string("Still"))),
    .init("SetMode", "Picture mode", .value(.string("Still"))),
    .init("SetMode", "radio", .error(.unsupported("Mode can be Cine or Still."))),
    .init("SetFormat", "4:3", .value(.string("4:3"))), .init("SetFormat", "16:9", .value(.string("16:9"))),
    .init("SetFormat", "2.39:1", .value(.string("2.39:1"))), .init("SetFormat", "standard", .value(.string("4:3"))),
    .init("SetFormat", "academy", .value(.string("4:3"))), .init("SetFormat", "wide", .value(.string("16:9"))),
    .init("SetFormat", "widescreen", .value(.string("16:9"))), .init("SetFormat", "scope", .value(.string("2.39:1"))),
    .init("SetFormat", "CinemaScope", .value(.string("2.39:1"))), .init("SetFormat", "anamorphic", .value(.string("2.39:1"))),
    .init("SetFormat", "square", .error(.unsupported("Format can be 4:3, 16:9 or 2.39:1."))),
    .init("SetAudio", "off", .value(.string("Off"))), .init("SetAudio", "mono", .value(.string("Mono"))),
    .init("SetAudio", "Stereo", .value(.string("Stereo"))), .init("SetAudio", "mute", .value(.string("Off"))),
    .init("SetAudio", "surround", .error(.unsupported("Audio can be Off, Mono or Stereo."))),
    .init("SetLight", "on", .value(.bool(true))), .init("SetLight", "off", .value(.bool(false))),
    .init("SetLight", "true", .value(.bool(true))), .init("SetLight", "false", .value(.bool(false))),
    .init("SetLight", "yes", .value(.bool(true))), .init("SetLight", "no", .value(.bool(false))),
    .init("SetLight", typed: .bool(true), .value(.bool(true))), .init("SetLight", typed: .bool(false), .value(.bool(false))),
    .init("SetLight", "dim", .error(.unsupported("The light can be On or Off."))),
]

let styleCases: [ResolutionCase] = [
    .init("SetStyle", "Super 8", .value(.string("Super 8"))), .init("SetStyle", "super eight", .value(.string("Super 8"))),
    .init("SetStyle", "sound", .value(.string("Super 8 sound"))), .init("SetStyle", "koda", .value(.string("Kodachrome 64 slide"))),
    .init("SetStyle", "kodachrome", .value(.string("Kodachrome 64 slide"))), .init("SetStyle", "slide", .value(.string("Kodachrome 64 slide"))),
    .init("SetStyle", "SX-70", .value(.string("Polaroid SX-70"))), .init("SetStyle", "the portapak", .value(.string("Video Portapak"))),
    .init("SetStyle", "instamatic", .value(.string("Pocket Instamatic 110"))),
    .init("SetStyle", "polaroid", .error(.ambiguous("Did you mean Polaroid SX-70 or Polaroid pack film?",
                                                     choices: ["Polaroid SX-70", "Polaroid pack film"]))),
    .init("SetStyle", "super", .error(.ambiguous("Did you mean Super 8 or Super 8 sound?", choices: ["Super 8", "Super 8 sound"]))),
    .init("SetStyle", "daguerreotype", .error(.unsupported(
        "In the 1970s the dial has Super 8, Super 8 sound, Single 8, Video Portapak, Polaroid SX-70, Pocket Instamatic 110, "
            + "Polaroid pack film and Kodachrome 64 slide."))),
]

let shapeCases: [ResolutionCase] = [
    .init("SetDecade", typed: nil, .error(.needsValue("Which decade? The wheel goes from the 1900s to the 2020s."))),
    .init("SetDecade", "", .error(.needsValue("Which decade? The wheel goes from the 1900s to the 2020s."))),
    .init("SetDecade", "   ", .error(.needsValue("Which decade? The wheel goes from the 1900s to the 2020s."))),
    .init("SetDegree", typed: nil, .error(.needsValue("Which degree? From 1 to 12."))),
    .init("SetDecade", typed: .bool(true),
          .error(.invalidArguments("The decade takes a decade such as 1970s or a year, not a boolean."))),
    .init("SetStyle", typed: .int(3),
          .error(.invalidArguments("The style takes the name of a technology or style, not a whole number."))),
    .init("SetMode", typed: .bool(false), .error(.invalidArguments("The mode takes Cine or Still, not a boolean."))),
    .init("SetLight", typed: .double(0.5), .error(.invalidArguments("The light takes on or off, not a number."))),
    .init("SetDecade", String(repeating: "seventies ", count: 100_000), .error(decadeRange)),
    .init("SetZoom", String(repeating: "2", count: 1_000_000), .error(zoomRange)),
]

@Suite struct ResolutionTests {
    @Test(arguments: decadeCases + degreeCases + zoomCases + exposureCases + timerCases + choiceCases + styleCases + shapeCases)
    func resolves(_ example: ResolutionCase) async {
        let controller = await makeController()
        let params = example.said.map { ["value": $0] } ?? [:]
        switch example.outcome {
        case .value(let expected):
            do {
                let result = try await controller.resolve(example.intent, params)
                #expect(result.value == expected)
                #expect(!result.dialog.isEmpty)
            } catch {
                Issue.record("\(example.testDescription) threw \(error)")
            }
        case .error(let expected):
            let error = await intentError { () async throws(IntentError) in try await controller.resolve(example.intent, params) }
            #expect(error == expected)
        }
    }

    @Test func resolvingChangesNothing() async {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let before = await controller.body
        let result = try? await controller.resolve("SetDecade", ["value": .string("seventies")])
        #expect(result?.dialog == "Set the decade to the 1970s?")
        _ = try? await controller.resolve("SetStyle", ["value": .string("kodachrome")])
        #expect(await controller.body == before)
        #expect(await device.applied.count == 1)   // the start only
    }

    @Test func formatInStillIsRefusedBeforePerforming() async {
        var body = CameraBody()
        body.setMode(.still)
        let controller = await makeController(body: body)
        let error = await intentError { () async throws(IntentError) in
            try await controller.resolve("SetFormat", ["value": .string("16:9")])
        }
        guard case .notAllowed(let message)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message.hasPrefix("CINE ONLY"))
    }

    /// The megabyte costs less than a second more than a word does. Each is timed three times, interleaved,
    /// and the fastest of each is compared, so a machine busy with other tests slows both sides alike.
    @Test func aMegabyteValueIsRefusedQuickly() async {
        let controller = await makeController()
        let huge = String(repeating: "x", count: 1 << 20)
        func refusalTime(_ value: String) async -> Duration {
            let start = ContinuousClock.now
            let error = await intentError { () async throws(IntentError) in
                try await controller.perform("SetStyle", ["value": .string(value)])
            }
            #expect(error != nil)
            return ContinuousClock.now - start
        }
        var word = Duration.seconds(3600), megabyte = Duration.seconds(3600)
        for _ in 0..<3 {
            word = min(word, await refusalTime("xyzzy"))
            megabyte = min(megabyte, await refusalTime(huge))
        }
        #expect(megabyte - word < .seconds(1), "a word is refused in \(word), a megabyte in \(megabyte)")
    }

    @Test func unknownIntentAndKeysAreNamed() async {
        let controller = await makeController()
        let unknown = await intentError { () async throws(IntentError) in try await controller.perform("MakeCoffee", [:]) }
        guard case .notFound(let message)? = unknown else { Issue.record("got \(String(describing: unknown))"); return }
        #expect(message.hasPrefix("There is no intent called MakeCoffee. Intents: StartClip, PauseClip"))
        let badKey = await intentError { () async throws(IntentError) in
            try await controller.perform("SetDecade", ["value": .string("1970s"), "colour": .string("red")])
        }
        #expect(badKey == .invalidArguments("SetDecade takes one parameter, value; it does not take colour."))
        let keyOnAction = await intentError { () async throws(IntentError) in
            try await controller.resolve("TakePhoto", ["value": .string("now")])
        }
        #expect(keyOnAction == .invalidArguments("TakePhoto takes no parameters; it does not take value."))
    }
}
