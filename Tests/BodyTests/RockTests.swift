import Testing
@testable import Body

/// The physical ZOOM and EXPOSURE rockers (`rock`), as opposed to the VoiceOver swipe (`adjust`).
@Suite struct RockTests {
    static let cases: [AdjustCase] = [
        // EXPOSURE wraps past the ends on the body itself (the swipe stops there).
        AdjustCase("up half a stop", .exposure, 1, "Exposure", "+0.5 EV"),
        AdjustCase("past +2 to -2", .exposure, 1, "Exposure", "-2 EV") { try $0.setExposure(2) },
        AdjustCase("past -2 to +2", .exposure, -1, "Exposure", "+2 EV") { try $0.setExposure(-2) },
        AdjustCase("a whole turn", .exposure, 9, "Exposure", "0 EV"),
        AdjustCase("huge press", .exposure, Int.max, "Exposure", "-1 EV"),  // Int.max % 9 == 7 half stops
        // ZOOM stops at its ends, as a zoom lens does.
        AdjustCase("zoom in", .zoom, 2, "Zoom", "2.0x"),
        AdjustCase("zoom stops at 4x", .zoom, 100, "Zoom", "4.0x"),
        AdjustCase("zoom stops at 1x", .zoom, Int.min, "Zoom", "1.0x"),
    ]

    @Test(arguments: cases)
    func rockersMoveAndExposureWraps(_ row: AdjustCase) throws {
        var body = try body(row.setup)
        let spoken = try body.rock(row.id, steps: row.steps)
        #expect(spoken.name == row.name)
        #expect(spoken.value == row.value)
        #expect(spoken == body.spoken(row.id))
    }

    @Test func theSwipeStillStopsWhereTheRockerWraps() throws {
        var swiped = try body { try $0.setExposure(2) }
        var rocked = swiped
        _ = try swiped.adjust(.exposure, steps: 1)
        _ = try rocked.rock(.exposure, steps: 1)
        #expect(swiped.exposure == 2)
        #expect(rocked.exposure == -2)
    }

    @Test(arguments: ControlID.allCases.filter { $0 != .zoom && $0 != .exposure })
    func onlyZoomAndExposureAreRockers(_ id: ControlID) throws {
        var body = try body()
        let before = body
        let error = bodyError { () throws(IntentError) in _ = try body.rock(id, steps: 1) }
        #expect(error == .notARocker(id))
        #expect(error?.message.hasSuffix("is not a rocker. The rockers are zoom and exposure.") == true)
        #expect(body == before)
    }
}
