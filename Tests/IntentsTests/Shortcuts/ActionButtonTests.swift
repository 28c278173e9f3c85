import Body
import RetrocamTesting
import Testing
@testable import Intents

@Suite struct ActionButtonTests {
    @Test func assignmentsParseAndPrintBack() throws {
        #expect(try ActionAssignment(parsing: "shutter") == .shutter)
        #expect(try ActionAssignment(parsing: "shortcut noir-portrait") == .shortcut("noir-portrait"))
        let step = try ActionAssignment(parsing: "  set decade 1970s ")
        #expect(step.description == "set decade 1970s")
        #expect(try ActionAssignment(parsing: "shutter press").description == "shutter press")
    }

    @Test(arguments: ["wait 2s", "shortcut ../../etc/passwd", "teleport", "repeat 2", "set decade 2090s", "", "shortcut"])
    func badAssignmentsAreRefused(text: String) {
        #expect(throws: ShortcutError.self) { try ActionAssignment(parsing: text) }
    }

    @Test func theShutterShootsOnReleaseInStill() async throws {
        var body = CameraBody()
        body.setMode(.still)
        let device = FakeCamera()
        let controller = await makeController(device: device, body: body)
        let button = ActionButton(controller: controller) { _ throws(IntentError) in throw .notFound("unused") }
        #expect(try await button.press().dialog == "")
        #expect(await device.takes.isEmpty)
        let released = try await button.release()
        #expect(released.dialog == "Photo taken.")
        #expect(released.paths == ["/fake/Pictures/photo-1.jpg"])
    }

    @Test func theShutterTogglesOnPressInCine() async throws {
        let controller = await makeController()
        let button = ActionButton(controller: controller) { _ throws(IntentError) in throw .notFound("unused") }
        #expect(try await button.press().dialog.hasPrefix("Recording."))
        #expect(try await button.release().dialog == "")
        let paused = try await button.press()
        #expect(paused.dialog.hasPrefix("Saved"))
        #expect(paused.paths.count == 1)
    }

    @Test func aStepRunsOnPressOnly() async throws {
        let controller = await makeController()
        let button = ActionButton(controller: controller, assignment: try ActionAssignment(parsing: "set decade 1970s"))
            { _ throws(IntentError) in throw .notFound("unused") }
        #expect(try await button.press().dialog.hasPrefix("Decade set to the 1970s"))
        #expect(try await button.release().dialog == "")
        #expect(await controller.body.decade.name == "1970s")
    }

    @Test func aShortcutRunsThroughTheGivenRunner() async throws {
        let controller = await makeController()
        let button = ActionButton(controller: controller, assignment: .shortcut("timelapse")) { name throws(IntentError) in
            ShortcutRunResult(name: name, outcomes: [StepOutcome(line: 1, text: "photo", dialog: "Photo taken.", path: "/p.jpg")])
        }
        let result = try await button.press()
        #expect(result.dialog == "Ran timelapse: 1 step, 1 take saved.")
        #expect(result.paths == ["/p.jpg"])
    }
}
