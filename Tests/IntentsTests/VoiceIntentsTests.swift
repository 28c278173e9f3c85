import Body
import RetrocamTesting
import Testing
@testable import Intents

/// The intents voice added: SetFacing, SetDateImprint, InsertTape and FactOfTheDay by name, and SetStyle
/// that turns the wheel (and the lever, and the degree) when the style is another decade's.
@Suite struct VoiceIntentsTests {
    @Test func setFacingUsesTheCameraAskedFor() async throws {
        let controller = await makeController()
        #expect(try await controller.perform("SetFacing", ["value": .string("selfie")]).dialog == "Using the front camera.")
        #expect(await controller.body.facing == .front)
        #expect(try await controller.perform("SetFacing", ["value": .string("front")]).dialog == "Using the front camera.")
        #expect(try await controller.resolve("SetFacing", ["value": .string("rear")]).dialog == "Switch to the back camera?")
        let oneCamera = await makeController(device: FakeCamera(facings: [.back]))
        let error = await intentError { () async throws(IntentError) in try await oneCamera.perform("SetFacing", ["value": .string("front")]) }
        #expect(error == .notAllowed("There is only one camera."))
        let sideways = await intentError { () async throws(IntentError) in try await controller.perform("SetFacing", ["value": .string("sideways")]) }
        #expect(sideways == .unsupported("The camera can be the front or the back one."))
    }

    @Test func dateImprintInsertTapeAndTheFactArePerformedByName() async throws {
        let controller = await makeController()
        #expect(try await controller.perform("SetDateImprint", ["value": .string("on")]).dialog.hasPrefix("Date imprint on. The stamp reads"))
        #expect(await controller.body.dateImprint)
        #expect(try await controller.resolve("SetDateImprint", ["value": .bool(false)]).dialog == "Turn the date imprint off?")
        #expect(try await controller.perform("InsertTape", [:]).dialog.hasPrefix("New 50 ft Super 8 cartridge at 18 fps in."))
        #expect(try await controller.resolve("FactOfTheDay", [:]).dialog == "Tell the fact of the day about the 1970s?")
        #expect(try await controller.perform("FactOfTheDay", [:]).dialog.hasPrefix("Fact of the day: "))
        let extra = await intentError { () async throws(IntentError) in try await controller.perform("InsertTape", ["value": .string("x")]) }
        #expect(extra == .invalidArguments("InsertTape takes no parameters; it does not take value."))
    }

    @Test func aStyleOfAnotherDecadeTurnsTheWheelAndSaysSo() async throws {
        let controller = await makeController()
        let noir = try await controller.perform("SetStyle", ["value": .string("film noir")])
        #expect(noir.dialog == "Turned the wheel to the 1940s. Switched to STILL. Style set to Film noir.")
        #expect(await controller.body.decade.year == 1940)
        #expect(await controller.body.mode == .still)
        let vhs = try await controller.resolve("SetStyle", ["value": .string("VHS")])
        #expect(vhs.dialog == "Turn the wheel to the 1980s and set the technology to VHS camcorder?")
    }

    @Test func blackAndWhiteIsTheNearestGreyEntryAtAGreyDegree() async throws {
        let controller = await makeController()
        let grey = try await controller.perform("SetStyle", ["value": .string("black & white")])
        #expect(grey.dialog == "Degree raised to 9, where the picture turns black and white. Technology set to Video Portapak.")
        #expect(await controller.body.degree == 9)
        #expect(await controller.body.look.monochrome)
        _ = try await controller.perform("SetMode", ["value": .string("still")])
        let still = try await controller.perform("SetStyle", ["value": .string("monochrome")])
        #expect(still.dialog.hasPrefix("Turned the wheel to the 1960s."), "\(still.dialog)")
        #expect(await controller.body.look.monochrome)
    }

    @Test func everyIntentIsInTheCatalogWithPhrases() {
        for intent in IntentName.allCases {
            let description = CameraController.intents.first { $0.name == intent.rawValue }
            #expect(description?.phrases.isEmpty == false, "\(intent.rawValue) has phrases")
            #expect(description?.parameters.map(\.name) == intent.parameterNames)
        }
    }
}
