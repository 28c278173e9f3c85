import Body
import Foundation
import Testing

/// MENU rows, SET CLOCK's fields and ADJUST jog, and the date imprint in each era's style.
@Suite struct MenuClockTests {
    /// 1986-11-29 18:40 in the local time zone.
    static let now: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar.date(from: DateComponents(year: 1986, month: 11, day: 29, hour: 18, minute: 40))!
    }()

    @Test func theJogAsksForAFieldUntilOneIsSelected() throws {
        var body = CameraBody()
        #expect(body.menuRow(.adjust, at: Self.now).description == "Adjust, Select a clock field first")
        #expect(throws: IntentError.notAllowed("Select a clock field first.")) {
            try body.adjustMenu(.adjust, steps: 1, at: Self.now)
        }
        body.selectClockField(.year)
        let row = try body.adjustMenu(.adjust, steps: 2, at: Self.now)
        #expect(row.description == "Adjust, Clock year, 1988, selected")
        #expect(body.clock.value(of: .year, at: Self.now) == 1988)
        #expect(body.clock.value(of: .month, at: Self.now) == 11, "other fields keep their values")
    }

    @Test func swipingAClockRowSelectsAndTurnsIt() throws {
        var body = CameraBody()
        let row = try body.adjustMenu(.clockMinute, steps: -45, at: Self.now)
        #expect(row.value == "55, selected")
        #expect(body.selectedClockField == .minute)
        #expect(body.clock.value(of: .hour, at: Self.now) == 17)
        #expect(body.menuRow(.clockMonth, at: Self.now).value == "November")
    }

    @Test func theClockStaysWithinItsYears() {
        var body = CameraBody()
        #expect(throws: IntentError.self) { try body.adjustMenu(.clockYear, steps: 500, at: Self.now) }
        #expect(body.clock.value(of: .year, at: Self.now) == 1986)
    }

    @Test func theDateImprintIsAListRowOfOffAndOn() throws {
        var body = CameraBody()
        let imprint = body.menuRow(.dateImprint, at: Self.now)
        #expect(imprint.description == "Date imprint, Off")
        #expect(imprint.hint.contains("Double tap to show the choices"))
        #expect(try body.adjustMenu(.dateImprint, steps: 1, at: Self.now).value == "On")
        #expect(body.dateImprint)
        #expect(throws: IntentError.self) { try body.adjustMenu(.insertTape, steps: 1, at: Self.now) }
        #expect(body.menuRows(at: Self.now).map(\.id) == MenuRowID.allCases)
    }

    @Test func theVirtualCameraIsAListRowOfOffAndOnAsTheDateImprintIs() throws {
        var body = CameraBody()
        let row = body.menuRow(.virtualCamera, at: Self.now)
        #expect(row.description == "Virtual camera, Off")
        #expect(row.hint == body.menuRow(.dateImprint, at: Self.now).hint, "list rows share the seed's hint")
        #expect(MenuRowID.allCases.filter { $0.choices != nil } == [.dateImprint, .virtualCamera])
        body.setVirtualCamera(true)
        #expect(body.menuRow(.virtualCamera, at: Self.now).value == "Off", "the setting alone publishes nothing")
        body.virtualCameraState = .starting
        #expect(body.menuRow(.virtualCamera, at: Self.now).value == "Turning on")
        body.virtualCameraState = .failed("PipeWire is not running.")
        #expect(body.menuRow(.virtualCamera, at: Self.now).value == "Off")
        #expect(body.menuReason(.virtualCamera) == "PipeWire is not running." && body.menuReason(.dateImprint) == nil)
        body.virtualCameraState = .on
        #expect(body.menuRow(.virtualCamera, at: Self.now).value == "On")
        #expect(body.menuChoice(.virtualCamera, steppedBy: 1) == 0)
        #expect(body.menuChoice(.virtualCamera, steppedBy: Int(Int32.min)) == 1)
        #expect(body.menuChoice(.insertTape, steppedBy: 1) == nil)
        #expect(try CameraBody.menuChoice(named: " on ", of: .virtualCamera) == 1)
        #expect(throws: IntentError.unsupported("Virtual camera has no choice called “maybe”. Choices: Off, On.")) {
            try CameraBody.menuChoice(named: "maybe", of: .virtualCamera)
        }
        #expect(throws: IntentError.self) { try CameraBody.menuChoice(named: "On", of: .clockYear) }
        // The body only remembers the virtual camera: the daemon switches it.
        #expect(throws: IntentError.self) { try body.adjustMenu(.virtualCamera, steps: 1, at: Self.now) }
        #expect(body.virtualCamera)
    }

    struct StampCase: Sendable, CustomStringConvertible {
        let year: Int
        let stamp: String?
        var description: String { "\(year)s" }
    }

    @Test(arguments: [
        StampCase(year: 1920, stamp: "'86 11 29"),
        StampCase(year: 1970, stamp: "'86 11 29"),
        StampCase(year: 1980, stamp: "6:40 PM\nNOV.29 1986"),
        StampCase(year: 1990, stamp: "6:40 PM\nNOV.29 1986"),
        StampCase(year: 2020, stamp: "1986/11/29 18:40"),
    ])
    func theStampTakesTheEraStyle(_ example: StampCase) throws {
        var body = CameraBody()
        try body.setDecade(year: example.year)
        #expect(body.dateStamp(at: Self.now) == nil, "no stamp with the imprint off")
        body.setDateImprint(true)
        #expect(body.dateStamp(at: Self.now) == example.stamp)
    }
}
