import Foundation
import Testing
@testable import Engine

extension CameraEngineTests {
    @Suite struct ClipTests {
        @Test(arguments: [false, true])
        func aTwoSecondClipLastsAboutTwoSeconds(audio: Bool) async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: ["decade": "1980s", "technology": "VHS"], audio: audio)
            #expect(await engine.clips.isRecording)
            #expect(engine.library.inProgress.count == 1, "the index marks the take in progress")
            try await pause(2)
            #expect(await engine.clips.recordingSeconds >= 1.9)
            let take = try await engine.clips.stop()
            await engine.shutdown()

            #expect(!(await engine.clips.isRecording))
            #expect(engine.library.inProgress.isEmpty)
            #expect(take.kind == .clip)
            #expect(take.url.pathExtension == "webm")
            #expect(take.url.lastPathComponent.contains("-1980s-vhs"))
            let duration = try #require(take.duration)
            #expect(abs(duration - 2) < 0.4, "engine says \(duration) s")
            let found = try MediaProbe.discover(take.path)
            let fileDuration = try #require(found.duration, "no duration in: \(found.text)")
            #expect(abs(fileDuration - 2) < 0.4, "discoverer says \(fileDuration) s")
            print("2 s clip (audio \(audio)): engine \(duration) s, gst-discoverer \(fileDuration) s")
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
            try await pause(1)
            let take = try await engine.clips.stop()
            await engine.shutdown()
            let found = try MediaProbe.discover(take.path)
            #expect(found.text.contains("VP8"))
            if !soundServer { #expect(!found.text.contains("Opus"), "no sound server here, so no sound track") }
        }

        @Test func stopWithoutAClipIsNotRecording() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            await #expect(throws: EngineError.notRecording) { _ = try await engine.clips.stop() }
            await engine.shutdown()
        }

        @Test func aSecondStartIsAlreadyRecording() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: [:], audio: false)
            await #expect(throws: EngineError.alreadyRecording) { try await engine.clips.start(tags: [:], audio: false) }
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
                try await pause(1)
            }
            // The engine's own tasks may hold it a moment after the last caller lets go, and its deinit
            // (on whichever thread let go last) then finishes the take: wait for both, 20 s at most.
            // Still held, or the take still in progress, after that would be a leak or a lost take.
            let deadline = Date().addingTimeInterval(20)
            while released != nil, Date() < deadline { try await pause(0.05) }
            #expect(released == nil, "the engine is still referenced 20 s after its last caller let go")
            let state = home.configuration().stateDirectory
            while (try? TakeLibrary(directory: state).inProgress.isEmpty) != true, Date() < deadline { try await pause(0.05) }
            let reopened = try CameraEngine(configuration: home.configuration())
            #expect(reopened.library.inProgress.isEmpty)
            #expect((reopened.library.last?.duration ?? 0) > 0.8)
        }

        @Test func shutdownFinishesATakeInProgress() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: [:], audio: false)
            try await pause(1)
            await engine.shutdown()
            #expect(!(await engine.clips.isRecording))
            let take = try #require(engine.library.last)
            #expect(take.kind == .clip)
            #expect((take.duration ?? 0) > 0.8)
            #expect(engine.library.inProgress.isEmpty)
        }
    }
}
