import Body
import Foundation
import Testing
@testable import Engine

extension CameraEngineTests {
    @Suite struct StorageTests {
        @Test func aThresholdAboveFreeSpaceRefusesBeforeStarting() async throws {
            let home = try TestHome()
            var configuration = home.configuration()
            configuration.minimumFreeBytes = Int64.max
            let engine = try CameraEngine(configuration: configuration)
            try await engine.session.start()
            do {
                try await engine.clips.start(tags: [:], audio: false)
                Issue.record("a clip started on a full disk")
            } catch let error as IntentError {
                guard case .storageFull(let sentence) = error else {
                    Issue.record("wrong error \(error)")
                    return
                }
                #expect(sentence.hasPrefix("Storage is full:"))
            }
            #expect(!(await engine.clips.isRecording))
            #expect(engine.library.inProgress.isEmpty)
            await #expect(throws: IntentError.self) { _ = try await engine.photos.take(tags: [:]) }
            await engine.shutdown()
            let files = try FileManager.default.contentsOfDirectory(atPath: configuration.videosDirectory.path)
            #expect(files.isEmpty)
        }

        @Test func freeSpaceIsMeasured() throws {
            let free = try #require(StorageGuard.freeBytes(at: FileManager.default.temporaryDirectory))
            #expect(free > 0)
        }
    }
}
