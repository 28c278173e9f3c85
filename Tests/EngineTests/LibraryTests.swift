import Foundation
import Testing
@testable import Engine

extension CameraEngineTests {
    @Suite struct LibraryTests {
        @Test func takesPersistAcrossEngineInstances() async throws {
            let home = try TestHome()
            let first = try await home.startedEngine()
            let photo = try await first.photos.take(tags: ["decade": "1950s"])
            try await first.clips.start(tags: ["decade": "1960s"], audio: false)
            await liveFrames(10, from: first)
            let clip = try await first.clips.stop()
            await first.shutdown()

            let second = try CameraEngine(configuration: home.configuration())
            #expect(second.library.takes == [photo, clip])
            #expect(second.library.last == clip)
            #expect(second.library.take(id: photo.id) == photo)
            #expect(second.library.recovered.isEmpty)
            #expect(second.library.clipSeconds() == clip.duration)
            #expect(second.library.clipSeconds(matching: ["decade": "1950s"]) == 0)
            #expect(second.library.clipSeconds(matching: ["decade": "1960s"]) == clip.duration)
        }

        @Test func takesWhoseFilesVanishedAreDroppedOnLoad() async throws {
            let home = try TestHome()
            let first = try await home.startedEngine()
            let kept = try await first.photos.take(tags: [:])
            let lost = try await first.photos.take(tags: [:])
            await first.shutdown()
            try FileManager.default.removeItem(atPath: lost.path)
            let second = try CameraEngine(configuration: home.configuration())
            #expect(second.library.takes == [kept])
        }

        @Test func aDamagedIndexIsSetAsideNotFatal() throws {
            let home = try TestHome()
            let configuration = home.configuration()
            try FileManager.default.createDirectory(at: configuration.stateDirectory, withIntermediateDirectories: true)
            let index = configuration.stateDirectory.appendingPathComponent("takes.json")
            try Data("{ not json".utf8).write(to: index)
            let engine = try CameraEngine(configuration: configuration)
            #expect(engine.library.takes.isEmpty)
            #expect(FileManager.default.fileExists(atPath: index.path + ".damaged"))
        }

        @Test func theIndexIsJSONWithAnInProgressListWhileRecording() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: ["style": "Home movie"], audio: false)
            let data = try Data(contentsOf: engine.library.indexFile)
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let inProgress = try #require(json["inProgress"] as? [[String: Any]])
            #expect(inProgress.count == 1)
            #expect((inProgress.first?["path"] as? String)?.hasSuffix("-home-movie.webm") == true)
            _ = try await engine.clips.stop()
            await engine.shutdown()
            let after = try JSONSerialization.jsonObject(with: Data(contentsOf: engine.library.indexFile)) as? [String: Any]
            #expect((after?["inProgress"] as? [Any])?.isEmpty == true)
            #expect((after?["takes"] as? [Any])?.count == 1)
        }
    }
}
