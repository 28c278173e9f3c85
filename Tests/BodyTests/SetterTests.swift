import Testing
@testable import Body

/// A bad value for a setter and the exact sentence it must answer with.
struct SetterErrorCase: Sendable, CustomTestStringConvertible {
    let label: String
    let error: IntentError
    let action: Setup

    init(_ label: String, _ error: IntentError, _ action: @escaping Setup) {
        self.label = label
        self.error = error
        self.action = action
    }

    var testDescription: String { label }
}

@Suite struct SetterTests {
    static let decadeRange = IntentError.outOfRange("Decade goes from the 1900s to the 2020s.")
    static let degreeRange = IntentError.outOfRange("Degree goes from 1 to 12.")
    static let exposureRange = IntentError.outOfRange("Exposure goes from -2 EV to +2 EV in 0.5 EV steps.")
    static let zoomRange = IntentError.outOfRange("Zoom goes from 1.0x to 4.0x in 0.5x steps.")
    static let timerChoices = IntentError.outOfRange("Self-timer is Off, 3 seconds or 10 seconds.")
    static let cineOnly = IntentError.notAllowed(
        "CINE ONLY. The frame format can be changed in CINE only; switch the mode lever to Cine first.")

    static let errors: [SetterErrorCase] = [
        SetterErrorCase("decade 1890", decadeRange) { try $0.setDecade(year: 1890) },
        SetterErrorCase("decade 1899", decadeRange) { try $0.setDecade(year: 1899) },
        SetterErrorCase("decade 2030", decadeRange) { try $0.setDecade(year: 2030) },
        SetterErrorCase("decade 2090", decadeRange) { try $0.setDecade(year: 2090) },
        SetterErrorCase("decade negative", decadeRange) { try $0.setDecade(year: -1970) },
        SetterErrorCase("degree 0", degreeRange) { try $0.setDegree(0) },
        SetterErrorCase("degree 13", degreeRange) { try $0.setDegree(13) },
        SetterErrorCase("degree -5", degreeRange) { try $0.setDegree(-5) },
        SetterErrorCase("exposure +3", exposureRange) { try $0.setExposure(3) },
        SetterErrorCase("exposure +2.5", exposureRange) { try $0.setExposure(2.5) },
        SetterErrorCase("exposure -2.5", exposureRange) { try $0.setExposure(-2.5) },
        SetterErrorCase("exposure between steps", exposureRange) { try $0.setExposure(0.3) },
        SetterErrorCase("exposure not a number", exposureRange) { try $0.setExposure(.nan) },
        SetterErrorCase("exposure infinite", exposureRange) { try $0.setExposure(.infinity) },
        SetterErrorCase("zoom 0.5", zoomRange) { try $0.setZoom(0.5) },
        SetterErrorCase("zoom 4.5", zoomRange) { try $0.setZoom(4.5) },
        SetterErrorCase("zoom between steps", zoomRange) { try $0.setZoom(2.3) },
        SetterErrorCase("zoom not a number", zoomRange) { try $0.setZoom(.nan) },
        SetterErrorCase("timer 5", timerChoices) { try $0.setTimer(seconds: 5) },
        SetterErrorCase("timer -3", timerChoices) { try $0.setTimer(seconds: -3) },
        SetterErrorCase("timer 30", timerChoices) { try $0.setTimer(seconds: 30) },
        SetterErrorCase("format in STILL", cineOnly) { $0.setMode(.still); try $0.setFormat(.academy) },
        SetterErrorCase("format cycle in STILL", cineOnly) { $0.setMode(.still); try $0.cycleFormat() },
        SetterErrorCase("technology of another decade",
                        .outOfRange("The 1970s technologies are Super 8, Super 8 sound, Single 8 "
                                    + "and Video Portapak.")) {
            try $0.setTechnology(id: "vhs")
        },
        SetterErrorCase("style of another decade",
                        .outOfRange("The 1970s styles are Polaroid SX-70, Pocket Instamatic 110, "
                                    + "Polaroid pack film and Kodachrome 64 slide.")) {
            try $0.setStyle(id: "instagram-filter")
        },
        SetterErrorCase("a technology's id as a style names the styles",
                        .outOfRange("The 2020s styles are Clean, Night mode and Film revival.")) {
            try $0.setDecade(year: 2020); $0.setMode(.still); try $0.setStyle(id: "super-8")
        },
    ]

    @Test(arguments: errors)
    func badValuesThrowASentenceListingWhatIsAllowed(_ row: SetterErrorCase) throws {
        var body = CameraBody()
        let error = bodyError { () throws(IntentError) in
            do { try row.action(&body) } catch let error as IntentError { throw error } catch {
                Issue.record("not an IntentError: \(error)")
            }
        }
        #expect(error == row.error)
        #expect(error?.message == row.error.message)
    }

    @Test func aRefusedValueLeavesTheBodyAsItWas() throws {
        var body = try body { try $0.setDegree(9); try $0.setZoom(3) }
        let before = body
        #expect(throws: IntentError.self) { try body.setDegree(13) }
        #expect(throws: IntentError.self) { try body.setZoom(9) }
        #expect(throws: IntentError.self) { try body.setDecade(year: 3000) }
        #expect(body == before)
    }

    @Test(arguments: [(1970, 1970), (1975, 1970), (1979, 1970), (1900, 1900), (2029, 2020), (1901, 1900)])
    func anyYearOfADecadeTurnsTheWheelToIt(_ row: (year: Int, decade: Int)) throws {
        let body = try body { try $0.setDecade(year: row.year) }
        #expect(body.decade.year == row.decade)
    }

    static let decadeMoves: [(from: Setup, toYear: Int, technology: String, style: String)] = [
        ({ _ in }, 1980, "super-8", "disposable-camera"),  // Super 8 by id; the style at the same place
        ({ try $0.setTechnology(id: "super-8-sound") }, 1980, "vhs-c", "disposable-camera"),
        ({ try $0.setTechnology(id: "portapak") }, 2020, "phone-8k", "clean"),
        ({ try $0.setStyle(id: "kodachrome-64-slide") }, 2020, "phone-4k", "film-revival"),
        ({ try $0.setStyle(id: "polaroid-sx-70") }, 1960, "super-8", "kodak-instamatic"),
    ]

    @Test(arguments: decadeMoves)
    func newDecadeKeepsTheClosestEntry(_ row: (from: Setup, toYear: Int, technology: String, style: String)) throws {
        var body = try body(row.from)
        try body.setDecade(year: row.toYear)
        #expect(body.technology.id == row.technology)
        #expect(body.style.id == row.style)
    }

    @Test func settersSetEveryControl() throws {
        var body = CameraBody()
        try body.setDecade(year: 1985)
        try body.setTechnology(id: "hi8")
        try body.setStyle(id: "kodak-disc")
        try body.setDegree(12)
        try body.setExposure(-1.5)
        try body.setZoom(3.5)
        try body.setFormat(.scope)
        try body.setTimer(seconds: 10)
        body.setLight(true)
        body.setAudio(.stereo)
        body.setFacing(.front)
        body.setRecording(true)
        body.setMenuOpen(true)
        body.setMode(.still)
        #expect(body.decade.name == "1980s")
        #expect(body.technology.name == "Hi8")
        #expect(body.style.name == "Kodak Disc")
        #expect(body.degree == 12)
        #expect(body.exposure == -1.5)
        #expect(body.zoom == 3.5)
        #expect(body.format == .scope)
        #expect(body.timer == 10)
        #expect(body.light)
        #expect(body.audio == .stereo)
        #expect(body.facing == .front)
        #expect(body.recording)
        #expect(body.menuOpen)
        #expect(body.mode == .still)
        #expect(body.look == body.style.look.scaled(degree: 12))
    }

    @Test func identifiersAreMatchedWithoutRegardToCase() throws {
        var body = CameraBody()
        try body.setTechnology(id: "SUPER-8-Sound")
        try body.setStyle(id: "Polaroid-Pack-Film")
        #expect(body.technology.id == "super-8-sound")
        #expect(body.style.id == "polaroid-pack-film")
    }

    @Test func buttonHelpersCycleThroughTheirChoices() throws {
        var body = CameraBody()
        var timers: [Int] = []
        var formats: [FrameFormat] = []
        var audio: [AudioMode] = []
        for _ in 0..<3 {
            body.cycleTimer(); timers.append(body.timer)
            try body.cycleFormat(); formats.append(body.format)
            body.cycleAudio(); audio.append(body.audio)
        }
        #expect(timers == [3, 10, 0])
        #expect(formats == [.scope, .academy, .widescreen])
        #expect(audio == [.stereo, .off, .mono])
        body.toggleLight(); #expect(body.light)
        body.toggleMenu(); #expect(body.menuOpen)
        body.flip(); #expect(body.facing == .front)
        body.toggleMode(); #expect(body.mode == .still)
    }

    @Test func factoryBody() {
        let body = CameraBody()
        #expect(body.decade.year == 1970)
        #expect(body.technology.id == "super-8")
        #expect(body.style.id == "polaroid-sx-70")
        #expect(body.degree == 6)
        #expect(body.mode == .cine)
        #expect(body.exposure == 0)
        #expect(body.zoom == 1)
        #expect(body.format == .widescreen)
        #expect(body.timer == 0)
        #expect(!body.light)
        #expect(body.audio == .mono)
        #expect(body.facing == .back)
        #expect(!body.recording && !body.menuOpen && !body.isAdjusted)
        #expect(body.tapeMinutesLeft == body.technology.medium.runningMinutes)
        #expect(body.undoSecondsLeft == 0 && body.recoveredTakes == 0 && body.lastTakePath == nil)
        #expect(CameraBody.timerChoices == [0, 3, 10])
        #expect(CameraBody.zoomRange == 1.0...4.0)
        #expect(CameraBody.exposureRange == -2.0...2.0)
        #expect(CameraBody.degreeRange == 1...12)
    }
}
