import Foundation
import RetrocamTesting
import Testing

/// `status --follow` prints on change only and follows the daemon leaving and coming back.
@Suite(.serialized) struct FollowTests {
    static var retrocam: String { ProcessRunner.binDirectory.appendingPathComponent("retrocam").path }

    @Test func followPrintsOnChangeOnlyAndWaitsForTheDaemonToComeBack() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let follower = try LineFollower(Self.retrocam, ["status", "-F", "-f", "degree={{degree}}"], environment: daemon.environment)
        defer { follower.stop() }
        #expect(follower.waitFor { $0.count >= 1 } == ["degree=6"])
        // A photo starts the UNDO window, whose seconds change every second: the line does not, so
        // nothing is printed for them.
        #expect(try daemon.retrocam(["photo"]).status == 0)
        #expect(try daemon.retrocam(["set", "decade", "1980s"]).status == 0)
        #expect(try daemon.retrocam(["set", "degree", "3"]).status == 0)
        #expect(follower.waitFor { $0.contains("degree=3") } == ["degree=6", "degree=3"])
        daemon.terminate()
        #expect(follower.waitFor { $0.count >= 3 } == ["degree=6", "degree=3", ""], "an empty line when the daemon goes")
        #expect(follower.process.isRunning, "it waits for the daemon to come back")
        let again = try DaemonHarness(reusing: daemon)
        defer { again.terminate() }
        let lines = follower.waitFor { $0.count >= 4 }
        // The dials survive the restart (settings.json), so the line it prints again is the same one.
        #expect(lines == ["degree=6", "degree=3", "", "degree=3"], "printed again when it is back; no repeats over the UNDO seconds")
        #expect(try again.retrocam(["set", "degree", "9"]).status == 0)
        #expect(follower.waitFor { $0.count >= 5 }.last == "degree=9", "changes of the new daemon are followed")
    }

    @Test func followWithJSONPrintsAnObjectPerChange() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let follower = try LineFollower(Self.retrocam, ["status", "--follow", "--json"], environment: daemon.environment)
        defer { follower.stop() }
        _ = follower.waitFor { $0.count >= 1 }
        #expect(try daemon.retrocam(["set", "mode", "still"]).status == 0)
        let lines = follower.waitFor { $0.count >= 2 }
        let modes = try lines.map { line -> String? in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["Mode"] as? String
        }
        #expect(modes == ["Cine", "Still"], "\(lines)")
    }

    @Test func withoutFollowStatusPrintsOnceWithTheFormatLetter() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let status = try daemon.retrocam(["status", "-f", "{{mode}} {{zoom}}"])
        #expect(status.status == 0 && status.stdout == "Cine 1.0\n", "\(status.stdout)\(status.stderr)")
    }
}
