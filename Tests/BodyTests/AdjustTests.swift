import Testing
@testable import Body

/// A swipe: a body state, a control, a number of steps, and what the control says after.
struct AdjustCase: Sendable, CustomTestStringConvertible {
    let label: String
    let id: ControlID
    let steps: Int
    let name: String
    let value: String
    let setup: Setup

    init(_ label: String, _ id: ControlID, _ steps: Int, _ name: String, _ value: String,
         setup: @escaping Setup = { _ in }) {
        self.label = label
        self.id = id
        self.steps = steps
        self.name = name
        self.value = value
        self.setup = setup
    }

    var testDescription: String { "\(label): \(id.rawValue) \(steps) → \"\(value)\"" }
}

@Suite struct AdjustTests {
    static let cases: [AdjustCase] = [
        // DECADE: one decade per swipe, stopping at the ends.
        AdjustCase("up one", .decade, 1, "Decade", "1980s, The camcorder era"),
        AdjustCase("down one", .decade, -1, "Decade", "1960s, Super 8 summers"),
        AdjustCase("stops at the 2020s", .decade, 100, "Decade", "2020s, Clean and sharp"),
        AdjustCase("stops at the 1900s", .decade, -100, "Decade", "1900s, The Brownie years"),
        AdjustCase("huge swipe", .decade, Int.max, "Decade", "2020s, Clean and sharp"),
        AdjustCase("huge swipe down", .decade, Int.min, "Decade", "1900s, The Brownie years"),
        AdjustCase("no step", .decade, 0, "Decade", "1970s, Faded Polaroids"),
        // TECHNOLOGY / STYLE
        AdjustCase("cine up", .style, 1, "Technology", "Super 8 sound"),
        AdjustCase("cine to the end", .style, 100, "Technology", "Video Portapak"),
        AdjustCase("cine below the start", .style, -1, "Technology", "Super 8"),
        AdjustCase("still up", .style, 1, "Style", "Pocket Instamatic 110") { $0.setMode(.still) },
        AdjustCase("still to the end", .style, 9, "Style", "Kodachrome 64 slide") { $0.setMode(.still) },
        // DEGREE
        AdjustCase("up", .degree, 1, "Degree", "7 of 12"),
        AdjustCase("down two", .degree, -2, "Degree", "4 of 12"),
        AdjustCase("stops at 12", .degree, 100, "Degree", "12 of 12"),
        AdjustCase("stops at 1", .degree, -100, "Degree", "1 of 12"),
        // EXPOSURE stops at -2 and +2 on this path.
        AdjustCase("up half a stop", .exposure, 1, "Exposure", "+0.5 EV"),
        AdjustCase("down a stop", .exposure, -2, "Exposure", "-1 EV"),
        AdjustCase("to +2", .exposure, 4, "Exposure", "+2 EV"),
        AdjustCase("stops at +2", .exposure, 5, "Exposure", "+2 EV"),
        AdjustCase("stays at +2", .exposure, 1, "Exposure", "+2 EV") { try $0.setExposure(2) },
        AdjustCase("stays at -2", .exposure, -1, "Exposure", "-2 EV") { try $0.setExposure(-2) },
        AdjustCase("back to zero", .exposure, 1, "Exposure", "0 EV") { try $0.setExposure(-0.5) },
        // ZOOM, 0.5x a step, 1.0x to 4.0x.
        AdjustCase("up", .zoom, 1, "Zoom", "1.5x"),
        AdjustCase("to 2x", .zoom, 2, "Zoom", "2.0x"),
        AdjustCase("stops at 1x", .zoom, -1, "Zoom", "1.0x"),
        AdjustCase("stops at 4x", .zoom, 10, "Zoom", "4.0x"),
        AdjustCase("down from 3x", .zoom, -1, "Zoom", "2.5x") { try $0.setZoom(3) },
    ]

    @Test(arguments: cases)
    func swipeStepsAndStopsAtTheEnds(_ row: AdjustCase) throws {
        var body = try body(row.setup)
        let spoken = try body.adjust(row.id, steps: row.steps)
        #expect(spoken.name == row.name)
        #expect(spoken.value == row.value)
        #expect(spoken == body.spoken(row.id))
    }

    static let notAdjustable: [ControlID] = ControlID.allCases.filter { $0.kind != .adjustable }

    @Test(arguments: notAdjustable)
    func buttonsAndTheCounterCannotBeSwiped(_ id: ControlID) throws {
        var body = try body()
        let before = body
        let error = bodyError { () throws(IntentError) in _ = try body.adjust(id, steps: 1) }
        #expect(error == .notAdjustable(id))
        #expect(body == before)
    }

    @Test func adjustableControlsAreTheDialsAndRockers() {
        #expect(ControlID.allCases.filter { $0.kind == .adjustable } == [.decade, .style, .degree, .exposure, .zoom])
    }

    @Test func swipingTheDecadeKeepsTheSameTechnologyWhenTheNewDecadeHasIt() throws {
        var body = try body()
        _ = try body.adjust(.decade, steps: 1)
        #expect(body.technology.id == "super-8")
        #expect(body.decade.year == 1980)
    }

    static let rocker: [(start: Double, steps: Int, end: Double)] = [
        (0, 1, 0.5), (0, -1, -0.5), (2, 1, -2), (-2, -1, 2), (1.5, 2, -2), (0, 9, 0), (0, -9, 0),
        (0, 4, 2), (0, 5, -2), (-2, 18, -2), (0, 13, 2), (0, -13, -2), (0, -14, 2),
    ]

    @Test(arguments: rocker)
    func plainRockerWrapsRound(_ row: (start: Double, steps: Int, end: Double)) throws {
        var body = try body { try $0.setExposure(row.start) }
        body.rockExposure(steps: row.steps)
        #expect(body.exposure == row.end)
        #expect(CameraBody.exposureRange.contains(body.exposure))
    }

    @Test(arguments: [Int.max, Int.min, Int.max - 1, Int.min + 1])
    func hugeRockerMovesStayOnTheRocker(_ steps: Int) throws {
        var body = try body()
        body.rockExposure(steps: steps)
        #expect(CameraBody.exposureRange.contains(body.exposure))
        #expect(CameraBody.isWholeStep(body.exposure, step: CameraBody.exposureStep))
    }

    @Test func rockerAtZeroNeverSaysMinusZero() throws {
        var body = try body { try $0.setExposure(-0.5) }
        body.rockExposure(steps: 1)
        #expect(body.spoken(.exposure).value == "0 EV")
    }
}
