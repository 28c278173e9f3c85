import Testing
@testable import Body

/// One row of what VoiceOver says: a body state, a control, the exact name and value.
struct SpokenCase: Sendable, CustomTestStringConvertible {
    let label: String
    let id: ControlID
    let name: String
    let value: String
    let setup: Setup

    init(_ label: String, _ id: ControlID, _ name: String, _ value: String, setup: @escaping Setup = { _ in }) {
        self.label = label
        self.id = id
        self.name = name
        self.value = value
        self.setup = setup
    }

    var testDescription: String { "\(label): \(id.rawValue) says \"\(name)\" \"\(value)\"" }
}

@Suite struct SpokenControlTests {
    static let cases: [SpokenCase] = [
        // DECADE wheel
        SpokenCase("factory", .decade, "Decade", "1970s, Faded Polaroids"),
        SpokenCase("1980s", .decade, "Decade", "1980s, The camcorder era") { try $0.setDecade(year: 1980) },
        SpokenCase("still mode", .decade, "Decade", "1900s, The Brownie years") {
            $0.setMode(.still); try $0.setDecade(year: 1907)
        },
        // TECHNOLOGY / STYLE dial
        SpokenCase("cine", .style, "Technology", "Super 8"),
        SpokenCase("still", .style, "Style", "Polaroid SX-70") { $0.setMode(.still) },
        SpokenCase("cine, other entry", .style, "Technology", "Super 8 sound") {
            try $0.setTechnology(id: "super-8-sound")
        },
        SpokenCase("still, other entry", .style, "Style", "Kodachrome 64 slide") {
            $0.setMode(.still); try $0.setStyle(id: "kodachrome-64-slide")
        },
        // DEGREE dial
        SpokenCase("factory", .degree, "Degree", "6 of 12"),
        SpokenCase("seven", .degree, "Degree", "7 of 12") { try $0.setDegree(7) },
        SpokenCase("still", .degree, "Degree", "12 of 12") { $0.setMode(.still); try $0.setDegree(12) },
        // REC
        SpokenCase("cine", .rec, "Record", ""),
        SpokenCase("recording", .rec, "Stop", "") { $0.setRecording(true) },
        SpokenCase("still", .rec, "Shutter", "") { $0.setMode(.still) },
        SpokenCase("stopped again", .rec, "Record", "") { $0.setRecording(true); $0.setRecording(false) },
        // Mode lever
        SpokenCase("cine", .mode, "Mode", "Cine"),
        SpokenCase("still", .mode, "Mode", "Still") { $0.setMode(.still) },
        // EXPOSURE rocker
        SpokenCase("zero", .exposure, "Exposure", "0 EV"),
        SpokenCase("plus one", .exposure, "Exposure", "+1 EV") { try $0.setExposure(1) },
        SpokenCase("minus half", .exposure, "Exposure", "-0.5 EV") { try $0.setExposure(-0.5) },
        SpokenCase("plus two", .exposure, "Exposure", "+2 EV") { try $0.setExposure(2) },
        SpokenCase("minus two, still", .exposure, "Exposure", "-2 EV") { $0.setMode(.still); try $0.setExposure(-2) },
        SpokenCase("minus zero", .exposure, "Exposure", "0 EV") { try $0.setExposure(-0.0) },
        // ZOOM rocker
        SpokenCase("factory", .zoom, "Zoom", "1.0x"),
        SpokenCase("two", .zoom, "Zoom", "2.0x") { try $0.setZoom(2) },
        SpokenCase("two and a half", .zoom, "Zoom", "2.5x") { try $0.setZoom(2.5) },
        SpokenCase("four, still", .zoom, "Zoom", "4.0x") { $0.setMode(.still); try $0.setZoom(4) },
        // FORMAT
        SpokenCase("cine", .format, "Format", "16:9"),
        SpokenCase("academy", .format, "Format", "4:3") { try $0.setFormat(.academy) },
        SpokenCase("scope", .format, "Format", "2.39:1") { try $0.setFormat(.scope) },
        SpokenCase("still", .format, "Format", "CINE ONLY") { $0.setMode(.still) },
        // TIMER
        SpokenCase("off", .timer, "Self-timer", "Off"),
        SpokenCase("three", .timer, "Self-timer", "3 seconds") { try $0.setTimer(seconds: 3) },
        SpokenCase("ten, still", .timer, "Self-timer", "10 seconds") {
            $0.setMode(.still); try $0.setTimer(seconds: 10)
        },
        // LIGHT / FLASH
        SpokenCase("cine off", .light, "Light", "Off"),
        SpokenCase("cine on", .light, "Light", "On") { $0.setLight(true) },
        SpokenCase("still off", .light, "Flash", "Off") { $0.setMode(.still) },
        SpokenCase("still on", .light, "Flash", "On") { $0.setMode(.still); $0.setLight(true) },
        // SOUND
        SpokenCase("factory", .audio, "Audio", "Mono"),
        SpokenCase("off", .audio, "Audio", "Off") { $0.setAudio(.off) },
        SpokenCase("stereo", .audio, "Audio", "Stereo") { $0.setAudio(.stereo) },
        // LIBRARY
        SpokenCase("nothing recovered", .library, "Library", ""),
        SpokenCase("recovered takes", .library, "Library", "Recovered takes available") { $0.recoveredTakes = 2 },
        SpokenCase("one recovered, still", .library, "Library", "Recovered takes available") {
            $0.setMode(.still); $0.recoveredTakes = 1
        },
        // LAST TAKE
        SpokenCase("none", .lastTake, "Last take", ""),
        SpokenCase("with a take", .lastTake, "Last take", "") { $0.lastTakePath = "/tmp/take.webm" },
        // MENU
        SpokenCase("factory", .menu, "Menu", ""),
        SpokenCase("open", .menu, "Menu", "Open") { $0.setMenuOpen(true) },
        SpokenCase("adjusted degree", .menu, "Menu", "Adjusted") { try $0.setDegree(7) },
        SpokenCase("adjusted timer", .menu, "Menu", "Adjusted") { try $0.setTimer(seconds: 3) },
        SpokenCase("adjusted mode", .menu, "Menu", "Adjusted") { $0.setMode(.still) },
        SpokenCase("only the date imprint on", .menu, "Menu", "Adjusted") { $0.setDateImprint(true) },
        SpokenCase("date imprint off again", .menu, "Menu", "") { $0.setDateImprint(true); $0.setDateImprint(false) },
        SpokenCase("open and adjusted", .menu, "Menu", "Open") { try $0.setZoom(2); $0.setMenuOpen(true) },
        SpokenCase("set back to factory", .menu, "Menu", "") { try $0.setZoom(2); try $0.setZoom(1) },
        SpokenCase("recording is no setting", .menu, "Menu", "") { $0.setRecording(true); $0.recoveredTakes = 3 },
        // FLIP
        SpokenCase("back", .flip, "Flip camera", ""),
        SpokenCase("front", .flip, "Flip camera", "") { $0.setFacing(.front) },
        // UNDO
        SpokenCase("nothing to undo", .undo, "Undo", ""),
        SpokenCase("eight seconds", .undo, "Undo", "8 seconds left") { $0.undoSecondsLeft = 8 },
        SpokenCase("one second", .undo, "Undo", "1 second left") { $0.undoSecondsLeft = 1 },
        // Tape counter
        SpokenCase("fresh Super 8 cartridge", .counter, "Tape counter", "3 minutes of tape left"),
        SpokenCase("rounds down", .counter, "Tape counter", "12 minutes of tape left") { $0.tapeMinutesLeft = 12.9 },
        SpokenCase("one minute", .counter, "Tape counter", "1 minute of tape left") { $0.tapeMinutesLeft = 1.5 },
        SpokenCase("exactly one", .counter, "Tape counter", "1 minute of tape left") { $0.tapeMinutesLeft = 1 },
        SpokenCase("under a minute", .counter, "Tape counter", "less than a minute of tape left") {
            $0.tapeMinutesLeft = 0.4
        },
        SpokenCase("run out", .counter, "Tape counter", "No tape left") { $0.tapeMinutesLeft = 0 },
        SpokenCase("VHS tape", .counter, "Tape counter", "120 minutes of tape left") { $0.tapeMinutesLeft = 120 },
    ]

    @Test(arguments: cases)
    func speaksNameAndValue(_ row: SpokenCase) throws {
        let spoken = try body(row.setup).spoken(row.id)
        #expect(spoken.id == row.id)
        #expect(spoken.name == row.name)
        #expect(spoken.value == row.value)
    }

    static let hints: [(ControlID, String)] = [
        (.decade, "Swipe up or down"),
        (.style, "Swipe up or down"),
        (.degree, "Swipe up or down"),
        (.rec, "Double tap to start, double tap again to pause; in STILL, double tap to take a photo. "
            + "There is no press-and-hold."),
        (.mode, "Double tap to change"),
        (.exposure, "Swipe up or down"),
        (.zoom, "Swipe up or down, 0.5× at a time"),
        (.format, "Double tap"),
        (.timer, "Double tap"),
        (.light, "Double tap"),
        (.audio, "Double tap"),
        (.library, "Double tap"),
        (.lastTake, "Double tap"),
        (.menu, "Double tap"),
        (.flip, "Double tap"),
        (.undo, "Double tap"),
        (.counter, "Reads out the minutes of tape left"),
    ]

    @Test(arguments: hints, [Mode.cine, .still])
    func hintIsTheSeedsHowToUseIt(_ row: (ControlID, String), mode: Mode) throws {
        let spoken = try body { $0.setMode(mode) }.spoken(row.0)
        #expect(spoken.hint == row.1)
    }

    @Test func everyControlHasAHint() {
        #expect(Self.hints.map(\.0) == ControlID.allCases)
    }

    @Test func controlsFollowTheSeedsTableThenTheCounter() throws {
        let ids = try body().controls.map(\.id.rawValue)
        #expect(ids == ["decade", "style", "degree", "rec", "mode", "exposure", "zoom", "format", "timer", "light",
                        "audio", "library", "last-take", "menu", "flip", "undo", "counter"])
    }

    static let descriptions: [(ControlID, String, Setup)] = [
        (.degree, "Degree, 7 of 12", { try $0.setDegree(7) }),
        (.zoom, "Zoom, 2.0x", { try $0.setZoom(2) }),
        (.mode, "Mode, Still", { $0.setMode(.still) }),
        (.timer, "Self-timer, Off", { _ in }),
        (.lastTake, "Last take", { _ in }),
        (.rec, "Record", { _ in }),
        (.flip, "Flip camera", { _ in }),
        (.undo, "Undo, 5 seconds left", { $0.undoSecondsLeft = 5 }),
        (.decade, "Decade, 1970s, Faded Polaroids", { _ in }),
        (.format, "Format, CINE ONLY", { $0.setMode(.still) }),
    ]

    @Test(arguments: descriptions)
    func descriptionJoinsNameAndValue(_ row: (ControlID, String, Setup)) throws {
        let body = try body(row.2)
        #expect(body.spoken(row.0).description == row.1)
        #expect(body.describe(row.0) == row.1)
    }

    @Test func dialNamesFollowTheMode() throws {
        var body = try body()
        #expect(body.dialName == "Technology")
        #expect(body.dialEntryName == "Super 8")
        body.setMode(.still)
        #expect(body.dialName == "Style")
        #expect(body.dialEntryName == "Polaroid SX-70")
    }
}
