import Foundation
import Testing
@testable import Engine

/// Collects what the engine reports about takes it ended itself.
final class Interruptions: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(Take?, EngineError)] = []
    func add(_ take: Take?, _ reason: EngineError) { lock.withLock { list.append((take, reason)) } }
    var all: [(Take?, EngineError)] { lock.withLock { list } }
}

extension CameraEngineTests {
    /// Takes the engine ends by itself: the disk filling up mid-take, the camera going away mid-take.
    @Suite struct InterruptionTests {
        func waitFor(_ heard: Interruptions, seconds: Double = 6) async throws {
            let deadline = Date().addingTimeInterval(seconds)
            while heard.all.isEmpty, Date() < deadline { try await pause(0.05) }
        }

        @Test func aDiskFillingUpMidTakeClosesTheTakeWithWhatWasWritten() async throws {
            let home = try TestHome()
            var configuration = home.configuration()
            configuration.storageCheckInterval = 0.2
            let engine = try CameraEngine(configuration: configuration)
            try engine.start()
            let heard = Interruptions()
            engine.onTakeInterrupted { heard.add($0, $1) }
            try await engine.startClip(tags: ["technology": "vhs"], audio: true)
            try await pause(2)
            engine.freeSpaceProbe = { _ in 1024 }   // the disk is full now
            try await waitFor(heard)
            let (take, reason) = try #require(heard.all.first)
            #expect(reason == .storageFull("Storage is almost full, so the take was stopped and saved."))
            let saved = try #require(take)
            #expect(!engine.isRecording)
            #expect(engine.library.last == saved)
            #expect(engine.library.inProgress.isEmpty)
            let duration = try #require(try MediaProbe.discover(saved.path).duration)
            #expect(duration >= 1.5, "what was written is kept: \(duration) s")
            // The next take is refused before it starts.
            await #expect(throws: EngineError.self) { try await engine.startClip(tags: [:], audio: false) }
            await engine.shutdown()
        }

        @Test func aCameraLostMidTakeClosesTheTake() async throws {
            let home = try TestHome()
            let engine = try home.startedEngine()
            let heard = Interruptions()
            engine.onTakeInterrupted { heard.add($0, $1) }
            try await engine.startClip(tags: [:], audio: false)
            try await pause(1.5)
            try FailureTests().breakCamera(engine)
            try await waitFor(heard)
            let (take, reason) = try #require(heard.all.first)
            guard case .noCamera = reason else { Issue.record("expected noCamera, got \(reason)"); return }
            let saved = try #require(take)
            #expect((saved.duration ?? 0) >= 1, "duration \(saved.duration ?? 0)")
            #expect(!engine.isRecording)
            await engine.shutdown()
        }

        @Test func theTapeCounterCountsTheLibrarysClipsSinceTheTapeWentIn() async throws {
            let home = try TestHome()
            let engine = try home.startedEngine()
            try await engine.startClip(tags: ["technology": "super8"], audio: false)
            try await pause(1.2)
            let take = try await engine.stopClip()
            let used = engine.tapeSecondsUsed(technology: "super8")
            #expect(abs(used - (take.duration ?? 0)) < 0.001 && used > 1)
            #expect(engine.tapeSecondsUsed(technology: "vhs") == 0)
            #expect(engine.clipBytesPerSecond > 1000)
            #expect(engine.digitalMinutesFree > 0)
            await engine.shutdown()
            // Persisted: a new engine on the same folders reads the same, until a new tape goes in.
            let again = try CameraEngine(configuration: home.configuration())
            #expect(again.tapeSecondsUsed(technology: "super8") == used)
            try again.insertTape(technology: "super8")
            #expect(again.tapeSecondsUsed(technology: "super8") == 0)
            let third = try CameraEngine(configuration: home.configuration())
            #expect(third.tapeSecondsUsed(technology: "super8") == 0)
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
            #expect(engine.torch?.name == "white:flash")
            #expect(engine.torch?.maxBrightness == 255)
            var look = Look()
            look.fillLight = true
            engine.setLook(look)
            #expect(engine.torch?.brightness == 255)
            look.fillLight = false
            engine.setLook(look)
            #expect(engine.torch?.brightness == 0)
            var none = home.configuration()
            none.ledsDirectory = home.root.appendingPathComponent("no-leds")
            #expect(try CameraEngine(configuration: none).torch == nil)
        }
    }
}
