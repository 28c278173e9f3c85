import Testing
@testable import Intents

/// The UNDO window's length as the daemon reads it from `RETROCAM_UNDO_SECONDS`: 1 to 3600 seconds;
/// anything else (missing, empty, not a number, out of range, huge) keeps the standard 10 seconds.
@Suite struct UndoWindowSettingTests {
    @Test(arguments: [("2", 2), ("1", 1), ("3600", 3600), ("10", 10)])
    func aNumberInRangeIsTheWindow(_ text: String, _ seconds: Int) {
        #expect(CameraController.undoSeconds(environment: ["RETROCAM_UNDO_SECONDS": text]) == seconds)
    }

    @Test(arguments: ["", " ", "abc", "0", "-5", "3601", "2.5", "1e3", "99999999999999999999999", " 5", "5s"])
    func anythingElseKeepsTheStandardTenSeconds(_ text: String) {
        #expect(CameraController.undoSeconds(environment: ["RETROCAM_UNDO_SECONDS": text])
                == CameraController.standardUndoSeconds)
    }

    @Test func noSettingKeepsTheStandardTenSeconds() {
        #expect(CameraController.undoSeconds(environment: [:]) == 10)
    }

    @Test(arguments: [(0, 1), (-3, 1), (5, 5), (100_000, 3600)])
    func aWindowMadeInCodeStaysInRange(_ asked: Int, _ kept: Int) {
        #expect(UndoWindow(seconds: asked).seconds == kept)
    }
}
