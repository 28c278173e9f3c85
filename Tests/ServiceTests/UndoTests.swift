import Foundation
import Testing

extension CaptureEndToEndTests {
    /// UNDO end to end: the last take goes to the freedesktop Trash within its window, and not after.
    @Suite struct UndoTests {
        @Test func undoMovesTheLastTakeToTheTrashWithATrashInfo() throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            let first = try #require(busctlPath(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").stdout))
            let second = try #require(busctlPath(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").stdout))
            #expect(try daemon.property("LastTake") == "s \"\(second)\"")
            let left = try daemon.property("UndoSecondsLeft")
            #expect(left == "i 10" || left == "i 9", "UndoSecondsLeft \(left)")

            let undo = try daemon.busctlCall(DaemonHarness.intents, "Undo")
            #expect(undo.status == 0, "\(undo.stderr)")
            #expect(undo.stdout.contains("Moved the last take to the Trash."))
            #expect(!FileManager.default.fileExists(atPath: second))
            let trash = daemon.home.appendingPathComponent("data/Trash")
            let name = URL(fileURLWithPath: second).lastPathComponent
            #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent("files/\(name)").path))
            let info = try String(contentsOf: trash.appendingPathComponent("info/\(name).trashinfo"), encoding: .utf8)
            #expect(info.hasPrefix("[Trash Info]\n"))
            #expect(info.contains("Path=\(second.replacingOccurrences(of: " ", with: "%20"))") || info.contains("Path=/"))
            #expect(info.range(of: #"DeletionDate=\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}"#, options: .regularExpression) != nil)
            #expect(try daemon.property("LastTake") == "s \"\(first)\"", "the library now ends with the first photo")
            #expect(try daemon.property("UndoSecondsLeft") == "i 0")
        }

        @Test func afterTheWindowUndoIsNotAllowedWithASentence() throws {
            // A 2-second window (the daemon's setting), so the test waits 2 s for it to close, not 10.
            let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_UNDO_SECONDS": "2"])
            defer { daemon.stop() }
            let photo = try #require(busctlPath(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").stdout))
            let closed = daemon.waitUntil(60) { try daemon.property("UndoSecondsLeft") == "i 0" }
            #expect(closed)
            let late = try daemon.busctlCall(DaemonHarness.intents, "Undo")
            #expect(late.status != 0)
            #expect(late.stderr.contains("Too late to undo: a take can be undone for 2 seconds only."), "\(late.stderr)")
            #expect(FileManager.default.fileExists(atPath: photo))
        }
    }
}
