import Foundation
import RetrocamTesting
import Testing

/// The main job: a real daemon on a private bus, driven by busctl, gdbus and dbus-send, takes a
/// photo and a clip on the synthetic camera.
@Suite(.serialized) struct CaptureThroughBusTests {
    @Test func busctlTakesADecodableJPEGPhoto() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let reply = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
        #expect(reply.status == 0, "\(reply.stderr)")
        let path = try #require(busctlPath(reply.stdout), "no path in \(reply.stdout)")
        #expect(path.hasSuffix(".jpg"))
        #expect(path.hasPrefix(daemon.home.appendingPathComponent("Pictures/Retrocam").path))
        #expect(MediaProbe.isJPEG(path))
        let size = try #require(try MediaProbe.dimensions(path))
        #expect(size.0 == 1280 && size.1 == 720)
        #expect(reply.stdout.contains("\"dialog\" s"))
    }

    @Test func gdbusRecordsAWebMClipWithADuration() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let start = try daemon.gdbusCall(DaemonHarness.intents, "StartClip")
        #expect(start.status == 0, "\(start.stderr)")
        #expect(start.stdout.contains("dialog"))
        #expect(daemon.waitForRecordedFrames(30), "a second of frames at 30 fps")
        let recording = try daemon.busctl(["get-property", DaemonHarness.busName, DaemonHarness.path,
                                           DaemonHarness.camera, "Recording"])
        #expect(recording.text == "b true")
        let pause = try daemon.busctlCall(DaemonHarness.intents, "PauseClip")
        #expect(pause.status == 0, "\(pause.stderr)")
        let path = try #require(busctlPath(pause.stdout), "no path in \(pause.stdout)")
        #expect(path.hasSuffix(".webm"))
        let duration = try #require(try MediaProbe.duration(path), "no duration for \(path)")
        let frames = try MediaProbe.videoFrameTimes(path)
        #expect(frames.count >= 30, "\(frames.count) frames")
        // The file says how long it is: as long as its frames span, within a few frames.
        #expect(duration > 0.9 && abs(duration - (frames.last ?? 0)) < 0.2, "duration \(duration), last frame at \(frames.last ?? 0)")
    }

    @Test func dbusSendSetsTheDecadeAndTheLastTakeFollows() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let set = try daemon.dbusSend(DaemonHarness.intents, "SetDecade", ["string:the seventies"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("1970s"))
        let decade = try daemon.busctl(["get-property", DaemonHarness.busName, DaemonHarness.path,
                                        DaemonHarness.camera, "Decade"])
        #expect(decade.text == "s \"1970s\"")
        let photo = try daemon.dbusSend(DaemonHarness.intents, "TakePhoto")
        #expect(photo.status == 0, "\(photo.stderr)")
        let last = try daemon.busctl(["get-property", DaemonHarness.busName, DaemonHarness.path,
                                      DaemonHarness.camera, "LastTake"])
        #expect(last.text.contains("1970s"), "last take \(last.text)")
    }

    @Test func aSecondDaemonExitsWithAClearMessage() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let second = try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent("retrocamd").path,
                                           ["--source", "synthetic", "--address", daemon.bus.address],
                                           environment: daemon.environment, timeout: 20)
        #expect(second.status == 1)
        #expect(second.stderr.contains("already owned"), "\(second.stderr)")
        #expect(daemon.answersPing())
    }
}
