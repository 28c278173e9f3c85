import Body
import Foundation
import RetrocamTesting
import Testing
@testable import Engine

/// Collects what the engine reports about takes it ended itself.
final class Interruptions: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(Take?, IntentError)] = []
    func add(_ take: Take?, _ reason: IntentError) { lock.withLock { list.append((take, reason)) } }
    var all: [(Take?, IntentError)] { lock.withLock { list } }
}

extension CameraEngineTests {
    /// Takes the engine ends by itself: the disk filling up mid-take, the camera going away mid-take.
    @Suite struct InterruptionTests {
        func waitFor(_ heard: Interruptions, seconds: Double = 60) async throws {
            await Wait.until(seconds) { !heard.all.isEmpty }
        }

        @Test func aDiskFillingUpMidTakeClosesTheTakeWithWhatWasWritten() async throws {
            let home = try TestHome()
            var configuration = home.configuration()
            configuration.storageCheckInterval = 0.2
            let engine = try CameraEngine(configuration: configuration)
            try await engine.session.start()
            let heard = Interruptions()
            await engine.clips.onTakeInterrupted { heard.add($0, $1) }
            try await engine.clips.start(tags: ["technology": "vhs"], audio: true)
            await liveFrames(60, from: engine)
            engine.store.freeSpaceProbe = { _ in 1024 }   // the disk is full now
            try await waitFor(heard)
            let (take, reason) = try #require(heard.all.first)
            #expect(reason == .storageFull("Storage is almost full, so the take was stopped and saved."))
            let saved = try #require(take)
            #expect(!(await engine.clips.isRecording))
            #expect(engine.library.last == saved)
            #expect(engine.library.inProgress.isEmpty)
            let duration = try #require(try MediaProbe.discover(saved.path).duration)
            #expect(duration >= 1.5, "what was written is kept: \(duration) s")
            // The next take is refused before it starts.
            await #expect(throws: IntentError.self) { try await engine.clips.start(tags: [:], audio: false) }
            await engine.shutdown()
        }

        @Test func aCameraLostMidTakeClosesTheTake() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            let heard = Interruptions()
            await engine.clips.onTakeInterrupted { heard.add($0, $1) }
            try await engine.clips.start(tags: [:], audio: false)
            await liveFrames(45, from: engine)
            try await FailureTests().breakCamera(engine)
            try await waitFor(heard)
            let (take, reason) = try #require(heard.all.first)
            guard case .noCamera = reason else { Issue.record("expected noCamera, got \(reason)"); return }
            let saved = try #require(take)
            #expect((saved.duration ?? 0) >= 1, "duration \(saved.duration ?? 0)")
            #expect(!(await engine.clips.isRecording))
            await engine.shutdown()
        }

        @Test func theTapeCounterCountsTheLibrarysClipsSinceTheTapeWentIn() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: ["technology": "super8"], audio: false)
            await liveFrames(36, from: engine)
            let take = try await engine.clips.stop()
            let used = engine.store.tapeSecondsUsed(technology: "super8")
            #expect(abs(used - (take.duration ?? 0)) < 0.001 && used > 1)
            #expect(engine.store.tapeSecondsUsed(technology: "vhs") == 0)
            #expect(engine.store.clipBytesPerSecond > 1000)
            #expect(engine.store.digitalMinutesFree > 0)
            await engine.shutdown()
            // Persisted: a new engine on the same folders reads the same, until a new tape goes in.
            let again = try CameraEngine(configuration: home.configuration())
            #expect(again.store.tapeSecondsUsed(technology: "super8") == used)
            try again.store.insertTape(technology: "super8")
            #expect(again.store.tapeSecondsUsed(technology: "super8") == 0)
            let third = try CameraEngine(configuration: home.configuration())
            #expect(third.store.tapeSecondsUsed(technology: "super8") == 0)
        }

        @Test func theLightDrivesAFlashLEDWhenThereIsOne() async throws {
            let home = try TestHome()
            let leds = home.root.appendingPathComponent("leds")
            let flash = leds.appendingPathComponent("white:flash")
            try FileManager.default.createDirectory(at: flash, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: leds.appendingPathComponent("input3::capslock"),
                                                    withIntermediateDirectories: true)
            try Data("0\n".utf8).write(to: flash.appendingPathComponent("brightness"))
            try Data("255\n".utf8).write(to: flash.appendingPathComponent("max_brightness"))
            var configuration = home.configuration()
            configuration.ledsDirectory = leds
            let engine = try CameraEngine(configuration: configuration)
            #expect(engine.session.torch?.name == "white:flash")
            #expect(engine.session.torch?.maxBrightness == 255)
            var look = Look()
            look.fillLight = true
            await engine.session.setLook(look)
            #expect(engine.session.torch?.brightness == 255)
            look.fillLight = false
            await engine.session.setLook(look)
            #expect(engine.session.torch?.brightness == 0)
            var none = home.configuration()
            none.ledsDirectory = home.root.appendingPathComponent("no-leds")
            #expect(try CameraEngine(configuration: none).session.torch == nil)
        }
    }
}
