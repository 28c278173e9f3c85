import Testing
@testable import Body

/// A double tap: a body state, a control and what the tap asks for.
struct PressCase: Sendable, CustomTestStringConvertible {
    let label: String
    let id: ControlID
    let press: ButtonPress
    let setup: Setup

    init(_ label: String, _ id: ControlID, _ press: ButtonPress, setup: @escaping Setup = { _ in }) {
        self.label = label
        self.id = id
        self.press = press
        self.setup = setup
    }

    var testDescription: String { "\(label): \(id.rawValue) → \(press)" }
}

@Suite struct PressTests {
    static let cases: [PressCase] = [
        PressCase("cine", .rec, .startRecording),
        PressCase("recording", .rec, .pauseRecording) { $0.setRecording(true) },
        PressCase("still", .rec, .shutter) { $0.setMode(.still) },
        PressCase("still while a take runs", .rec, .pauseRecording) { $0.setRecording(true); $0.setMode(.still) },
        PressCase("cine", .mode, .toggleMode),
        PressCase("still", .mode, .toggleMode) { $0.setMode(.still) },
        PressCase("cine", .format, .cycleFormat),
        PressCase("cine", .timer, .cycleTimer),
        PressCase("still", .timer, .cycleTimer) { $0.setMode(.still) },
        PressCase("cine", .light, .toggleLight),
        PressCase("still flash", .light, .toggleLight) { $0.setMode(.still) },
        PressCase("cine", .audio, .cycleAudio),
        PressCase("cine", .library, .openLibrary),
        PressCase("recovered takes", .library, .openLibrary) { $0.recoveredTakes = 2 },
        PressCase("cine", .lastTake, .showLastTake),
        PressCase("cine", .menu, .toggleMenu),
        PressCase("open", .menu, .toggleMenu) { $0.setMenuOpen(true) },
        PressCase("cine", .flip, .flip),
        PressCase("cine", .undo, .undo),
        PressCase("window open", .undo, .undo) { $0.undoSecondsLeft = 4 },
    ]

    @Test(arguments: cases)
    func doubleTapAsksForItsAction(_ row: PressCase) throws {
        let body = try body(row.setup)
        #expect(try body.press(row.id) == row.press)
    }

    @Test func everyButtonIsCovered() {
        let buttons = ControlID.allCases.filter { $0.kind == .button }
        #expect(Set(Self.cases.map(\.id.rawValue)) == Set(buttons.map(\.rawValue)))
    }

    @Test func formatInStillIsCineOnly() throws {
        let body = try body { $0.setMode(.still) }
        let error = bodyError { () throws(IntentError) in _ = try body.press(.format) }
        guard case .notAllowed(let sentence) = error else {
            Issue.record("expected notAllowed, got \(String(describing: error))")
            return
        }
        #expect(sentence.hasPrefix("CINE ONLY"))
        #expect(error?.message == sentence)
    }

    @Test(arguments: [ControlID.decade, .style, .degree, .exposure, .zoom, .counter])
    func dialsAndTheCounterTakeNoDoubleTap(_ id: ControlID) throws {
        let body = try body()
        let error = bodyError { () throws(IntentError) in _ = try body.press(id) }
        #expect(error == .notActivatable(id))
    }

    static let gestureSentences: [(IntentError, String)] = [
        (.notAdjustable(.rec), "Record is a button: double tap it instead of swiping."),
        (.notAdjustable(.light), "Light or Flash is a button: double tap it instead of swiping."),
        (.notAdjustable(.lastTake), "Last take is a button: double tap it instead of swiping."),
        (.notActivatable(.degree), "Degree is a dial: swipe up or down to turn it a step."),
        (.notActivatable(.style), "Technology or Style is a dial: swipe up or down to turn it a step."),
        (.notActivatable(.counter), "The tape counter only reads out the minutes of tape left."),
        (.notAdjustable(.counter), "The tape counter only reads out the minutes of tape left."),
        (.outOfRange("Degree goes from 1 to 12."), "Degree goes from 1 to 12."),
    ]

    @Test(arguments: gestureSentences)
    func errorsSpeakASentence(_ row: (IntentError, String)) {
        #expect(row.0.message == row.1)
        #expect(row.0.description == row.1)
    }
}
