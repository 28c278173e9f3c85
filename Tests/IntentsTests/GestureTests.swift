import Body
import RetrocamTesting
import Testing
@testable import Intents

/// Describe, ListControls, Adjust and Activate: the body as a screen reader works it.
@Suite struct GestureTests {
    @Test func describeAndControls() async throws {
        let controller = await makeController()
        #expect(try controller.describe("degree") == "Degree, 6 of 12")
        #expect(try controller.describe("zoom") == "Zoom, 1.0x")
        #expect(controller.controls().map(\.id) == ControlID.allCases)
        let error = await intentError { () async throws(IntentError) in try controller.describe("shutter") }
        guard case .notFound(let message)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message.hasPrefix("No control called shutter. Controls: decade, style, degree"))
    }

    @Test func adjustStepsAndReapplies() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        #expect(try await controller.adjust("degree", steps: 1) == "Degree, 7 of 12")
        #expect(await device.applied.last?.degree == 7)
        #expect(try await controller.adjust("exposure", steps: 10).hasPrefix("Exposure, +2"))
        let button = await intentError { () async throws(IntentError) in try await controller.adjust("rec", steps: 1) }
        guard case .notAllowed? = button else { Issue.record("got \(String(describing: button))"); return }
    }

    @Test func theRockersWrapExposureAndReapply() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        #expect(try await controller.adjust("exposure", steps: 4) == "Exposure, +2 EV")
        #expect(try await controller.rock("exposure", steps: 1) == "Exposure, -2 EV")
        #expect(await device.applied.last?.exposure == -2)
        #expect(try await controller.rock("zoom", steps: 3) == "Zoom, 2.5x")
        let dial = await intentError { () async throws(IntentError) in try await controller.rock("decade", steps: 1) }
        #expect(dial == .notAllowed("Decade is not a rocker. The rockers are zoom and exposure."))
        let unknown = await intentError { () async throws(IntentError) in try await controller.rock("lens", steps: 1) }
        guard case .notFound? = unknown else { Issue.record("got \(String(describing: unknown))"); return }
    }

    @Test func activateRecStartsARealTake() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        #expect(try await controller.activate("rec").hasPrefix("Recording."))
        #expect(await device.recording)
        #expect(try await controller.activate("rec").hasPrefix("Saved a 3-second clip."))
        #expect(await device.takes.count == 1)
        #expect(try await controller.activate("undo") == "Moved the last take to the Trash.")
    }

    @Test func activateSwitches() async throws {
        let device = FakeCamera(recovered: 3)
        let controller = await makeController(device: device)
        #expect(try await controller.activate("timer") == "Self-timer, 3 seconds")
        #expect(await controller.body.timer == 3)
        #expect(try await controller.activate("light") == "Light, On")
        #expect(try await controller.activate("audio").hasPrefix("Audio"))
        #expect(try await controller.activate("format").hasPrefix("Format"))
        _ = try await controller.activate("library")
        #expect(await device.libraryOpened)
        #expect(await controller.body.recoveredTakes == 0)
        #expect(try await controller.activate("flip") == "Switched to the front camera.")
        #expect(try await controller.activate("mode") == "Mode, Still")
        let format = await intentError { () async throws(IntentError) in try await controller.activate("format") }
        #expect(format == .notAllowed(CameraBody.formatCineOnlySentence))
        let dial = await intentError { () async throws(IntentError) in try await controller.activate("degree") }
        guard case .notAllowed? = dial else { Issue.record("got \(String(describing: dial))"); return }
    }
}
