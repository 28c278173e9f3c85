import Body
import Foundation
import RetrocamTesting
import Testing
@testable import Engine

extension CameraEngineTests {
    @Suite struct PhotoTests {
        @Test func takePhotoWritesADecodableJPEGOfTheConfiguredSize() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine(width: 1280, height: 720)
            let asked = Date()
            let take = try await engine.photos.take(tags: ["decade": "1970s", "technology": "Super 8"])
            let lag = Date().timeIntervalSince(asked)
            print("shutter lag (call to file written): \(Int(lag * 1000)) ms")
            await engine.shutdown()

            #expect(take.kind == .photo)
            #expect(take.path.hasPrefix(home.root.path))
            #expect(take.url.lastPathComponent.hasPrefix("Retrocam-"))
            #expect(take.url.lastPathComponent.hasSuffix("-1970s-super-8.jpg"))
            let bytes = [UInt8](try Data(contentsOf: take.url))
            #expect(bytes.count > 1000)
            #expect(bytes.prefix(2) == [0xFF, 0xD8], "JPEG starts with SOI")
            #expect(bytes.suffix(2) == [0xFF, 0xD9], "JPEG ends with EOI")
            let picture = try MediaProbe.statistics(ofJPEG: take.path)
            #expect(picture.width == 1280)
            #expect(picture.height == 720)
            #expect(engine.library.last == take)
        }

        @Test func twoPhotosInTheSameSecondGetDistinctFiles() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            let first = try await engine.photos.take(tags: [:])
            let second = try await engine.photos.take(tags: [:])
            await engine.shutdown()
            #expect(first.path != second.path)
            #expect(first.id != second.id)
            #expect(engine.library.takes.count == 2)
        }

        @Test func flipShowsTheOtherTestCard() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            #expect(engine.session.cameras.map(\.facing) == ["back", "front"])
            #expect(await engine.session.currentCamera?.facing == "back")
            let back = try MediaProbe.statistics(ofJPEG: try await engine.photos.take(tags: [:]).path)
            try await engine.session.selectCamera(facing: "front")
            await liveFrames(3, from: engine)
            let front = try MediaProbe.statistics(ofJPEG: try await engine.photos.take(tags: [:]).path)
            await engine.shutdown()
            #expect(await engine.session.currentCamera?.facing == "front")
            // Colour bars against a grey pinwheel.
            #expect(back.meanChroma > front.meanChroma + 10)
        }

        @Test func flippingMidTakeKeepsTheClipGoing() async throws {
            let home = try TestHome()
            let engine = try await home.startedEngine()
            try await engine.clips.start(tags: [:], audio: false)
            for facing in ["front", "back", "front", "back"] {
                await liveFrames(12, from: engine)
                try await engine.session.selectCamera(facing: facing)
            }
            await liveFrames(12, from: engine)
            let take = try await engine.clips.stop()
            await engine.shutdown()
            let times = try MediaProbe.videoFrameTimes(take.path)
            let largest = zip(times.dropFirst(), times).map { $0 - $1 }.max() ?? 0
            #expect(abs((take.duration ?? 0) - 2) < 0.4)
            #expect(largest < 0.3, "largest gap \(largest) s")
        }

        @Test func anUnknownFacingIsRefusedWithASentence() async throws {
            let home = try TestHome()
            let engine = try CameraEngine(configuration: home.configuration())
            await #expect(throws: IntentError.noCamera("There is no sideways camera; there is back and front.")) {
                try await engine.session.selectCamera(facing: "sideways")
            }
        }

        @Test func aPhotoFromTheSleepingCameraOpensItAndTheCameraClosesAfterTheLinger() async throws {
            let home = try TestHome()
            var configuration = home.configuration()
            configuration.lingerSeconds = 0.5
            let engine = try CameraEngine(configuration: configuration)
            let changes = OpenChanges()
            await engine.session.onOpenChanged { changes.add($0) }
            #expect(!(await engine.session.isOpen))
            let photo = try await engine.photos.take(tags: [:])
            #expect(FileManager.default.fileExists(atPath: photo.path))
            #expect(await engine.session.isOpen, "it lingers after the take")
            await Wait.until(30) { !(await engine.session.isOpen) }
            #expect(!(await engine.session.isOpen))
            #expect(changes.all == [true, false])
            #expect(await engine.session.live?.pipeline.currentState == "NULL", "asleep, the pipeline is in NULL")
            // A hold keeps it open past the linger.
            let release = engine.session.acquire("a test")
            // Three times the linger, counted in live frames (30 a second at most): still open.
            await liveFrames(45, from: engine)
            #expect(await engine.session.isOpen)
            release()
            release()   // a second release changes nothing
            await Wait.until(30) { !(await engine.session.isOpen) }
            #expect(!(await engine.session.isOpen))
            #expect(changes.all == [true, false, true, false])
        }

        @Test func aMissingDeviceIsNoCamera() async throws {
            let home = try TestHome()
            var configuration = home.configuration()
            configuration.source = .device("/dev/video-retrocam-missing")
            let engine = try CameraEngine(configuration: configuration)
            #expect(engine.session.cameras.isEmpty)
            await #expect(throws: IntentError.noCamera("There is no camera at /dev/video-retrocam-missing: no such device.")) {
                try await engine.session.start()
            }
        }
    }
}

/// Open/close changes the engine reported.
final class OpenChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Bool] = []
    func add(_ open: Bool) { lock.withLock { list.append(open) } }
    var all: [Bool] { lock.withLock { list } }
}
