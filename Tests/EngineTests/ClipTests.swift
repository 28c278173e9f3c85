import Body
import Foundation
import RetrocamTesting
import Testing
@testable import Engine

extension CameraEngineTests {
    @Suite struct ClipTests {
        @Test(arguments: [false, true])
        func aClipLastsAsLongAsItWasRecorded(audio: Bool) async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: ["decade": "1980s", "technology": "VHS"], audio: audio)
            #expect(await engine.clips.isRecording)
            #expect(engine.library.inProgress.count == 1, "the index marks the take in progress")
            await liveFrames(60, from: engine)
            let recorded = await engine.clips.recordingSeconds
            #expect(recorded >= 1.9, "60 live frames are 2 s at least")
            let take = try await engine.clips.stop()
            await engine.shutdown()

            #expect(!(await engine.clips.isRecording))
            #expect(engine.library.inProgress.isEmpty)
            #expect(take.kind == .clip)
            #expect(take.url.pathExtension == "webm")
            #expect(take.url.lastPathComponent.contains("-1980s-vhs"))
            let duration = try #require(take.duration)
            #expect(abs(duration - recorded) < 0.4, "engine says \(duration) s of \(recorded) s recorded")
            let found = try MediaProbe.discover(take.path)
            let fileDuration = try #require(found.duration, "no duration in: \(found.text)")
            #expect(abs(fileDuration - duration) < 0.2, "discoverer says \(fileDuration) s, the engine \(duration) s")
            print("clip of \(recorded) s (audio \(audio)): engine \(duration) s, gst-discoverer \(fileDuration) s")
            #expect(found.text.contains("VP8"))
            #expect(found.text.contains("Opus") == audio)
            #expect(found.width == 640 && found.height == 360)
            #expect(engine.library.last == take)
        }

        @Test func aMicrophoneThatCannotOpenCostsTheSoundNotThePicture() async throws {
            let environment = ProcessInfo.processInfo.environment
            let soundServer = environment["PULSE_SERVER"] != nil
                || FileManager.default.fileExists(atPath: (environment["XDG_RUNTIME_DIR"] ?? "/nonexistent") + "/pulse/native")
            let home = try TestHome()
            var configuration = home.configuration()
            configuration.audio = .microphone
            let engine = try CameraEngine(configuration: configuration)
            try await engine.session.start()
            try await engine.clips.start(tags: [:], audio: true)
            await liveFrames(30, from: engine)
            let take = try await engine.clips.stop()
            await engine.shutdown()
            let found = try MediaProbe.discover(take.path)
            #expect(found.text.contains("VP8"))
            if !soundServer { #expect(!found.text.contains("Opus"), "no sound server here, so no sound track") }
        }

        @Test func stopWithoutAClipIsNotRecording() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            await #expect(throws: IntentError.notRecording) { _ = try await engine.clips.stop() }
            await engine.shutdown()
        }

        @Test func aSecondStartIsAlreadyRecording() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: [:], audio: false)
            await #expect(throws: IntentError.alreadyRecording) { try await engine.clips.start(tags: [:], audio: false) }
            _ = try await engine.clips.stop()
            await engine.shutdown()
        }

        @Test func aClipStoppedAtOnceStillHasAFrame() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: [:], audio: true)
            let take = try await engine.clips.stop()
            await engine.shutdown()
            #expect((take.duration ?? 0) > 0)
            #expect(FileManager.default.fileExists(atPath: take.path))
        }

        @Test func releasingTheEngineMidTakeStillIndexesTheClip() async throws {
            let home = try TestHome()
            weak var released: CameraEngine?
            do {
                let engine = try await home.startedEngine()
                released = engine
                try await engine.clips.start(tags: [:], audio: false)
                await liveFrames(30, from: engine)
            }
            // The engine's own tasks may hold it a moment after the last caller lets go, and its deinit
            // (on whichever thread let go last) then finishes the take: wait for both, 20 s at most.
            // Still held, or the take still in progress, after that would be a leak or a lost take.
            await Wait.until(20) { released == nil }
            #expect(released == nil, "the engine is still referenced 20 s after its last caller let go")
            let state = home.configuration().stateDirectory
            await Wait.until(20) { (try? TakeLibrary(directory: state).inProgress.isEmpty) == true }
            let reopened = try CameraEngine(configuration: home.configuration())
            #expect(reopened.library.inProgress.isEmpty)
            #expect((reopened.library.last?.duration ?? 0) > 0.8)
        }

        @Test func shutdownFinishesATakeInProgress() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: [:], audio: false)
            await liveFrames(30, from: engine)
            await engine.shutdown()
            #expect(!(await engine.clips.isRecording))
            let take = try #require(engine.library.last)
            #expect(take.kind == .clip)
            #expect((take.duration ?? 0) > 0.8)
            #expect(engine.library.inProgress.isEmpty)
        }
    }
}
