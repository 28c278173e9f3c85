import Foundation
import Testing

/// `status -F --format waybar` as waybar's custom module reads it (`"return-type": "json"`): one JSON
/// object per line, with only the keys waybar-custom(5) documents, printed again on every change.
@Suite(.serialized) struct WaybarTests {
    /// The keys waybar's custom module reads from a JSON line (waybar-custom(5), "return-type": "json").
    static let documentedKeys: Set<String> = ["text", "alt", "tooltip", "class", "percentage"]

    /// A line parsed as waybar parses it: a JSON object whose keys it documents, `class` one of ours.
    static func parse(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            Issue.record("not a JSON object: \(line)", sourceLocation: sourceLocation)
            return [:]
        }
        #expect(Set(object.keys).isSubset(of: documentedKeys), "\(object.keys)", sourceLocation: sourceLocation)
        for key in ["text", "tooltip", "class", "alt"] {
            #expect(object[key] is String, "\(key) in \(line)", sourceLocation: sourceLocation)
        }
        #expect(["recording", "idle", "asleep"].contains(object["class"] as? String ?? ""), "\(line)", sourceLocation: sourceLocation)
        #expect(object["alt"] as? String == object["class"] as? String, sourceLocation: sourceLocation)
        return object
    }

    static func classes(_ lines: [String]) -> [String] { lines.map { parse($0)["class"] as? String ?? "?" } }

    @Test func followPrintsAWaybarLineOnEveryChange() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let follower = try LineFollower(FollowTests.retrocam, ["status", "-F", "--format", "waybar"], environment: daemon.environment)
        defer { follower.stop() }
        let first = follower.waitFor { $0.count >= 1 }
        try #require(first.count == 1)
        let idle = Self.parse(first[0])
        #expect(idle["class"] as? String != "recording")
        #expect((idle["text"] as? String)?.contains("1970s") == true, "\(first[0])")
        #expect((idle["tooltip"] as? String)?.hasPrefix("Retrocam: ") == true, "\(first[0])")

        #expect(try daemon.retrocam(["clip", "start"]).status == 0)
        let recording = follower.waitFor { Self.classes($0).contains("recording") }
        let line = try #require(recording.last { $0.contains("\"recording\"") })
        #expect((Self.parse(line)["text"] as? String)?.hasPrefix("REC ") == true, "\(line)")
        #expect(try daemon.retrocam(["clip", "pause"]).status == 0)
        let paused = follower.waitFor { Self.classes($0).last != "recording" && Self.classes($0).contains("recording") }
        #expect(Self.classes(paused).last != "recording", "\(paused)")
        #expect(Set(paused).count == paused.count, "printed on change only: \(paused)")

        // The daemon goes: the asleep line, and the follower waits for it to come back.
        daemon.terminate()
        let gone = follower.waitFor { Self.classes($0).last == "asleep" && (Self.parse($0.last!)["text"] as? String) == "" }
        #expect(Self.parse(gone.last!)["tooltip"] as? String == "Retrocam: not running; it starts at the next call", "\(gone)")
        #expect(follower.process.isRunning)
    }

    @Test func oneWaybarLineWithoutFollowAndAnAsleepLineWhenNoDaemonRuns() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let once = try daemon.retrocam(["status", "--format", "waybar"])
        #expect(once.status == 0, "\(once.stderr)")
        let lines = once.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(once.stdout)")
        _ = Self.parse(lines.first ?? "")
        daemon.terminate()
        let follower = try LineFollower(FollowTests.retrocam, ["status", "-F", "--format", "waybar"], environment: daemon.environment)
        defer { follower.stop() }
        let asleep = follower.waitFor { $0.count >= 1 }
        #expect(Self.classes(asleep) == ["asleep"], "\(asleep)")
    }
}
