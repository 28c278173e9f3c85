import BusNames
import DBus
import RetrocamTesting
import Foundation
import Testing

/// The `retrocam` client against a real daemon: exit codes, output, errors, --json, --format
/// and --follow.
@Suite(.serialized) struct ClientTests {
    @Test func photoAndClipPrintDialogAndPath() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let photo = try daemon.retrocam(["photo"])
        #expect(photo.status == 0, "\(photo.stderr)")
        let lines = photo.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(photo.stdout)")
        #expect(MediaProbe.isJPEG(lines.last ?? ""))

        #expect(try daemon.retrocam(["clip", "start"]).status == 0)
        #expect(daemon.waitForRecordedFrames(32), "more than a second of frames at 30 fps")
        let pause = try daemon.retrocam(["clip", "pause"])
        #expect(pause.status == 0, "\(pause.stderr)")
        let clip = pause.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(clip.hasSuffix(".webm"))
        #expect((try MediaProbe.duration(clip) ?? 0) > 1)
    }

    @Test func setDescribeAdjustAndControls() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let set = try daemon.retrocam(["set", "decade", "the", "seventies"])
        #expect(set.status == 0 && set.text.contains("1970s"), "\(set.stdout)\(set.stderr)")
        #expect(try daemon.retrocam(["set", "zoom", "two", "x"]).status == 0)
        #expect(try daemon.retrocam(["describe", "zoom"]).text == "Zoom, 2.0x")
        #expect(try daemon.retrocam(["adjust", "zoom", "+1"]).text == "Zoom, 2.5x")
        #expect(try daemon.retrocam(["adjust", "zoom", "-2"]).text == "Zoom, 1.5x")
        #expect(try daemon.retrocam(["describe", "degree"]).text.hasPrefix("Degree, "))
        let controls = try daemon.retrocam(["controls"])
        #expect(controls.status == 0)
        let ids = controls.text.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        #expect(ids == ["decade", "style", "degree", "rec", "mode", "exposure", "zoom", "format", "timer", "light",
                        "audio", "library", "last-take", "menu", "flip", "undo", "counter"])
        let intents = try daemon.retrocam(["intents"])
        #expect(intents.status == 0 && intents.text.contains("SetDecade"))
    }

    @Test func shutterInStillTakesThePhotoOnRelease() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        #expect(try daemon.retrocam(["set", "mode", "still"]).status == 0)
        let press = try daemon.retrocam(["shutter", "press"])
        #expect(press.status == 0, "\(press.stderr)")
        #expect(try daemon.retrocam(["last-take"]).status == 1)
        let release = try daemon.retrocam(["shutter", "release"])
        #expect(release.status == 0, "\(release.stderr)")
        #expect(try daemon.retrocam(["last-take"]).text.hasSuffix(".jpg"))
    }

    @Test func statusJSONAndFormat() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let json = try daemon.retrocam(["status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["Mode"] as? String == "Cine")
        #expect(object?["Degree"] is Int)
        let formatted = try daemon.retrocam(["status", "--format", "{{decade}} {{mode}} z{{zoom}}"])
        #expect(formatted.text.hasSuffix("Cine z1.0"), "\(formatted.text)")
    }

    @Test func followPrintsAgainOnEveryChange() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let follower = Process()
        follower.executableURL = ProcessRunner.binDirectory.appendingPathComponent("retrocam")
        follower.arguments = ["status", "--follow", "--format", "degree={{degree}}"]
        follower.environment = daemon.environment
        let out = Pipe()
        follower.standardOutput = out
        try follower.run()
        defer { ProcessRunner.stop(follower) }
        // The first line is the state now, printed once the follower listens for changes.
        var seen = ""
        while !seen.contains("\n") {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        for value in ["3", "9"] { #expect(try daemon.retrocam(["set", "degree", value]).status == 0) }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && !seen.contains("degree=9") {
            seen += String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        }
        let lines = seen.split(separator: "\n").map(String.init)
        #expect(lines.contains("degree=3") && lines.contains("degree=9"), "\(lines)")
    }

    @Test func errorsAreOneLineWithNonZeroExit() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let refused = try daemon.retrocam(["set", "degree", "13"])
        #expect(refused.status == 1)
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("1 to 12") && refused.stderr.contains(BusContract.ErrorName.unsupported.name))
        let unknown = try daemon.retrocam(["warp"])
        #expect(unknown.status == 64 && unknown.stderr.contains("Unknown command"))
        let arity = try daemon.retrocam(["describe"])
        #expect(arity.status == 64 && arity.stderr.contains("Usage: retrocam describe"))
        let badOption = try daemon.retrocam(["status", "--colour"])
        #expect(badOption.status == 64)
        let badSteps = try daemon.retrocam(["adjust", "zoom", "lots"])
        #expect(badSteps.status == 64)
        let help = try daemon.retrocam(["--help"])
        #expect(help.status == 0 && help.text.contains("\n  shutter press|release|click\n"))
    }

    @Test func noDaemonIsOneClearLine() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let reply = try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent("retrocam").path,
                                          ["photo"], environment: env)
        #expect(reply.status == 1)
        #expect(reply.stderr.contains("retrocamd is not running"), "\(reply.stderr)")
    }
}
