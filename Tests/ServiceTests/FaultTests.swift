import BusNames
import Foundation
import RetrocamTesting
import Testing

extension CaptureEndToEndTests {
    /// Faults end to end: a full disk refuses takes before they start, and nothing crashes the daemon.
    @Suite struct FaultTests {
        @Test func aFullDiskRefusesTakesWithStorageFull() throws {
            // A reserve larger than any disk: every take finds the disk full.
            let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_MIN_FREE_MB": "1000000000"])
            defer { daemon.stop() }
            let clip = try daemon.gdbusCall(DaemonHarness.intents, "StartClip")
            #expect(clip.status != 0)
            #expect(clip.stderr.contains(BusContract.ErrorName.storageFull.name), "\(clip.stderr)")
            #expect(clip.stderr.contains("Storage is full"), "\(clip.stderr)")
            let photo = try daemon.gdbusCall(DaemonHarness.intents, "TakePhoto")
            #expect(photo.stderr.contains(BusContract.ErrorName.storageFull.name), "\(photo.stderr)")
            #expect(try daemon.property("Recording") == "b false")
            #expect(daemon.answersPing())
            let videos = daemon.home.appendingPathComponent("Videos/Retrocam")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: videos.path))?.isEmpty ?? true)
        }

        @Test func flipSwitchesBetweenTheTwoTestCards() throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            let flip = try daemon.busctlCall(DaemonHarness.intents, "FlipCamera")
            #expect(flip.stdout.contains("Switched to the front camera."), "\(flip.stdout) \(flip.stderr)")
            #expect(try daemon.property("Facing") == "s \"front\"")
        }

        @Test func soundOffRecordsNoAudioTrackAndMonoRecordsOne() throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            func clip() throws -> String {
                #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
                #expect(daemon.waitForRecordedFrames(5))
                return try #require(busctlPath(try daemon.busctlCall(DaemonHarness.intents, "PauseClip").stdout))
            }
            #expect(try daemon.busctlCall(DaemonHarness.intents, "SetAudio", ["s", "off"]).status == 0)
            let silent = try MediaProbe.discover(try clip()).text
            #expect(!silent.contains("audio"), "Off records no audio stream: \(silent)")
            #expect(try daemon.busctlCall(DaemonHarness.intents, "SetAudio", ["s", "mono"]).status == 0)
            let sound = try MediaProbe.discover(try clip()).text
            #expect(sound.contains("audio"), "Mono records an audio stream: \(sound)")
        }
    }
}
