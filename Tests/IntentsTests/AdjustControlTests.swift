import Body
import RetrocamTesting
import Testing
@testable import Intents

/// AdjustControl: relative changes through the same body path as Camera1.Adjust.
@Suite struct AdjustControlTests {
    /// One adjustment and where it leaves the control.
    struct Case: Sendable, CustomTestStringConvertible {
        let control: String
        let steps: String
        var testDescription: String { "\(control) \(steps)" }
    }

    static let cases: [Case] = [
        Case(control: "zoom", steps: "+1"), Case(control: "zoom", steps: "-1"), Case(control: "zoom", steps: "+20"),
        Case(control: "exposure", steps: "+3"), Case(control: "exposure", steps: "-9"), Case(control: "exposure", steps: "+1"),
        Case(control: "degree", steps: "+2"), Case(control: "degree", steps: "-100"), Case(control: "decade", steps: "+1"),
        Case(control: "decade", steps: "-20"), Case(control: "style", steps: "+1"), Case(control: "style", steps: "-1"),
    ]

    @Test(arguments: cases)
    func leavesTheBodyWhereTheSameSwipesLeaveIt(_ adjustment: Case) async throws {
        let byIntent = await makeController(), bySwipes = await makeController()
        let result = try await byIntent.perform("AdjustControl", ["control": .string(adjustment.control), "steps": .string(adjustment.steps)])
        _ = try await bySwipes.adjust(adjustment.control, steps: Int(adjustment.steps)!)
        #expect(await byIntent.body == bySwipes.body)
        #expect(!result.dialog.isEmpty && result.value != nil)
    }

    @Test func exposureStopsAtPlusTwoAndSaysSo() async throws {
        let controller = await makeController()
        _ = try await controller.perform("SetExposure", ["value": .string("+2")])
        let result = try await controller.perform("AdjustControl", ["control": .string("brightness"), "steps": .string("up")])
        #expect(await controller.body.exposure == 2)
        #expect(result.dialog == "Exposure is already at +2 EV, as far as it goes.")
        let down = try await controller.perform("AdjustControl", ["control": .string("exposure"), "steps": .int(-9)])
        #expect(await controller.body.exposure == -2, "stops at -2 rather than wrapping")
        #expect(down.dialog == "Exposure lowered four stops, to -2 EV.")
    }

    @Test func sayWhatMovedAndWhereTo() async throws {
        let controller = await makeController()
        #expect(try await controller.perform("AdjustControl", ["control": .string("zoom"), "steps": .string("+1")]).dialog
            == "Zoomed in to 1.5x.")
        #expect(try await controller.perform("AdjustControl", ["control": .string("effect"), "steps": .string("-1")]).dialog
            == "Effect weaker: degree 5 of 12.")
        #expect(try await controller.perform("AdjustControl", ["control": .string("technology"), "steps": .string("1")]).dialog
            == "Technology set to Super 8 sound.")
        #expect(try await controller.perform("AdjustControl", ["control": .string("era"), "steps": .string("next")]).dialog
            == "Decade set to the 1980s: The camcorder era.")
    }

    @Test func resolveAsksAndChangesNothing() async throws {
        let controller = await makeController()
        let before = await controller.body
        let question = try await controller.resolve("AdjustControl", ["control": .string("zoom"), "steps": .string("+2")])
        #expect(question.dialog == "Zoom in to 2.0x?")
        #expect(question.value == .double(2))
        #expect(await controller.body == before)
    }

    /// Bad parameters, each with the error it gets.
    struct Bad: Sendable, CustomTestStringConvertible {
        let params: [String: ParameterValue]
        let error: String
        var testDescription: String {
            params.sorted { $0.key < $1.key }.map { "\($0.key): \(TestText.shown($0.value.description))" }.joined(separator: ", ") + " → \(error)"
        }
    }

    static let bad: [Bad] = [
        Bad(params: [:], error: "needsValue"),
        Bad(params: ["control": .string("zoom")], error: "needsValue"),
        Bad(params: ["control": .string(""), "steps": .string("1")], error: "needsValue"),
        Bad(params: ["control": .string("zoom"), "steps": .string("  ")], error: "needsValue"),
        Bad(params: ["control": .string("format"), "steps": .string("1")], error: "unsupported"),
        Bad(params: ["control": .string("volume"), "steps": .string("1")], error: "unsupported"),
        Bad(params: ["control": .string("zoom"), "steps": .string("0")], error: "unsupported"),
        Bad(params: ["control": .string("zoom"), "steps": .string("101")], error: "unsupported"),
        Bad(params: ["control": .string("zoom"), "steps": .string("1.5")], error: "unsupported"),
        Bad(params: ["control": .string("zoom"), "steps": .string("lots")], error: "unsupported"),
        Bad(params: ["control": .string("zoom"), "steps": .double(.nan)], error: "unsupported"),
        Bad(params: ["control": .string("zoom"), "steps": .int(Int64.max)], error: "unsupported"),
        Bad(params: ["control": .string("zoom"), "steps": .bool(true)], error: "invalidArguments"),
        Bad(params: ["control": .int(3), "steps": .string("1")], error: "invalidArguments"),
        Bad(params: ["control": .string("zoom"), "steps": .string("1"), "value": .string("2")], error: "invalidArguments"),
        Bad(params: ["control": .string(String(repeating: "zoom ", count: 200_000)), "steps": .string("1")], error: "unsupported"),
        Bad(params: ["control": .string("zoom"), "steps": .string(String(repeating: "9", count: 1_000_000))], error: "unsupported"),
    ]

    @Test(arguments: bad)
    func badParametersGetANamedErrorAndChangeNothing(_ bad: Bad) async {
        let controller = await makeController()
        let before = await controller.body
        let error = await intentError { () async throws(IntentError) in try await controller.perform("AdjustControl", bad.params) }
        #expect(error.flatMap { Mirror(reflecting: $0).children.first?.label } == bad.error, "got \(String(describing: error))")
        #expect(await controller.body == before)
    }
}
