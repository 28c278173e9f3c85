import Foundation
import RetrocamTesting
import Testing
@testable import Engine

extension CameraEngineTests {
    @Suite struct RecoveryTests {
        /// Records with gst-launch into `path` and kills it with SIGKILL once `frames` frames are in the
        /// file (the source is live: 30 a second at most).
        func recordAndKill(_ path: String, frames: Int, audio: Bool) async throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
            process.arguments = [
                "-e", "videotestsrc", "is-live=true", "!", "video/x-raw,width=320,height=240,framerate=30/1", "!",
                "vp8enc", "deadline=1", "!", "webmmux", "name=mux", "!", "filesink", "location=\(path)", "buffer-mode=unbuffered",
            ] + (audio ? ["audiotestsrc", "is-live=true", "!", "audioconvert", "!", "opusenc", "!", "mux."] : [])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            #expect(await Wait.until(90) { try MediaProbe.videoFrameTimes(path).count >= frames }, "\(frames) frames written")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
        }

        @Test(arguments: [false, true])
        func aClipKilledMidRecordingIsRemuxedAndMarkedRecovered(audio: Bool) async throws {
            let home = try TestHome()
            let configuration = home.configuration()
            let path = configuration.videosDirectory.appendingPathComponent("Retrocam-killed.webm").path
            do {
                let engine = try CameraEngine(configuration: configuration)
                try engine.library.beginInProgress(InProgressTake(
                    id: "killed-take", kind: .clip, path: path, started: Date(), tags: ["decade": "1970s"], audio: audio))
            }
            try await recordAndKill(path, frames: 75, audio: audio)
            let before = try MediaProbe.discover(path)
            print("before recovery, gst-discoverer says duration \(before.duration ?? -1) s")

            let engine = try CameraEngine(configuration: configuration)
            let recovered = await engine.recoverInterruptedTakes()
            let take = try #require(recovered.first)
            #expect(recovered.count == 1)
            #expect(take.id == "killed-take")
            #expect(take.recovered)
            #expect(take.tags == ["decade": "1970s"])
            let duration = try #require(take.duration)
            #expect(duration >= 2, "recovered duration \(duration) s")
            let after = try MediaProbe.discover(path)
            let fileDuration = try #require(after.duration)
            print("after recovery: engine \(duration) s, gst-discoverer \(fileDuration) s")
            #expect(fileDuration >= 2)
            #expect(after.text.contains("Seekable: yes"))
            #expect(after.text.contains("Opus") == audio)
            #expect(engine.library.inProgress.isEmpty)
            #expect(engine.library.recovered == [take])
            #expect(await engine.recoverInterruptedTakes().isEmpty, "recovery runs once")

            engine.library.markRecoveredSeen()
            #expect(engine.library.recovered.isEmpty)
            #expect(engine.library.last?.recovered == true)
            let reopened = try CameraEngine(configuration: configuration)
            #expect(reopened.library.recovered.isEmpty)
        }

        @Test func anEmptyInterruptedFileIsDroppedQuietly() async throws {
            let home = try TestHome()
            let configuration = home.configuration()
            let engine = try CameraEngine(configuration: configuration)
            let path = configuration.videosDirectory.appendingPathComponent("empty.webm").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            try engine.library.beginInProgress(InProgressTake(
                id: "empty", kind: .clip, path: path, started: Date(), tags: [:], audio: false))
            #expect(await engine.recoverInterruptedTakes().isEmpty)
            #expect(engine.library.inProgress.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: path))
        }

        @Test func aGarbageFileIsLeftAloneAndReported() async throws {
            let home = try TestHome()
            let configuration = home.configuration()
            let engine = try CameraEngine(configuration: configuration)
            let path = configuration.videosDirectory.appendingPathComponent("garbage.webm").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x42, count: 4096)))
            try engine.library.beginInProgress(InProgressTake(
                id: "garbage", kind: .clip, path: path, started: Date(), tags: [:], audio: false))
            #expect(await engine.recoverInterruptedTakes().isEmpty)
            #expect(engine.library.inProgress.isEmpty)
            #expect(FileManager.default.fileExists(atPath: path), "the file stays for a human to look at")
        }
    }
}
