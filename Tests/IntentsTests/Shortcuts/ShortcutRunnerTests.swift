import Body
import Foundation
import RetrocamTesting
import Testing
@testable import Intents

/// Collects progress reports from a run.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [ShortcutProgress] = []
    func append(_ report: ShortcutProgress) { lock.withLock { reports.append(report) } }
    var all: [ShortcutProgress] { lock.withLock { reports } }
}

@Suite struct ShortcutRunnerTests {
    @Test func noirPortraitWaitsOutItsSelfTimer() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = await makeController(device: device, clock: clock)
        let shortcut = try ShortcutLibrary(directories: [shippedShortcutsDirectory]).load("noir-portrait")
        let log = ProgressLog()
        let result = try await whileAdvancing(clock) {
            try await ShortcutRunner(controller: controller, clock: clock).run(shortcut) { log.append($0) }
        }
        #expect(result.outcomes.map(\.line) == [2, 3, 4, 5, 6, 8])
        #expect(result.paths == ["/fake/Pictures/photo-1.jpg"])
        #expect(result.dialog == "Ran noir-portrait: 6 steps, 1 take saved.")
        #expect(await device.takes.count == 1)
        #expect(await device.photoBodies.first?.style.id == "film-noir")
        #expect(await controller.body.timer == 0)
        #expect(log.all.map(\.step) == [1, 2, 3, 4, 5, 6])
        #expect(log.all.allSatisfy { $0.steps == 6 && $0.name == "noir-portrait" })
        #expect(log.all[0].dialog.hasPrefix("Decade set to the 1940s"))
    }

    @Test func noirPortraitReportsAPhotoThatTakesTimeToSave() async throws {
        let device = FakeCamera(), clock = TestClock()
        await device.holdPhotos()
        let controller = await makeController(device: device, clock: clock)
        let shortcut = try ShortcutLibrary(directories: [shippedShortcutsDirectory]).load("noir-portrait")
        let run = Task { try await whileAdvancing(clock) { try await ShortcutRunner(controller: controller, clock: clock).run(shortcut) } }
        await eventually("the self-timer fired and the camera is taking the photo") { await device.photosWaiting == 1 }
        await device.releasePhotos()
        let result = try await run.value
        #expect(result.paths == ["/fake/Pictures/photo-1.jpg"])
        #expect(result.dialog == "Ran noir-portrait: 6 steps, 1 take saved.")
        #expect(await controller.body.timer == 0, "the last step ran after the photo")
    }

    @Test func repeatsRunEveryTime() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = await makeController(device: device, clock: clock)
        let shortcut = try parseShortcut("set mode still\nrepeat 3\nphoto\nwait 1s\nend")
        let result = try await whileAdvancing(clock) { try await ShortcutRunner(controller: controller, clock: clock).run(shortcut) }
        #expect(result.outcomes.count == 7)
        #expect(result.paths.count == 3)
        #expect(await device.takes.count == 3)
    }

    @Test func aFailingStepStopsTheRunAndNamesItsLine() async throws {
        let controller = await makeController()
        let shortcut = try parseShortcut("# x\nlight on\nclip pause\nphoto")
        let error = try await #require(throws: ShortcutRunError.self) { try await ShortcutRunner(controller: controller).run(shortcut) }
        #expect(error.line == 3)
        #expect(error.completed.count == 1)
        #expect(error.message == "The shortcut test stopped at line 3 (clip pause): Not recording, so there is no clip to pause.")
        #expect(error.intentError == .notAllowed(error.message))
    }

    @Test func cancellingStopsAWaitAtOnce() async throws {
        let controller = await makeController()
        let shortcut = try parseShortcut("light on\nwait 30s\nlight off")
        let (steps, stepDone) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await ShortcutRunner(controller: controller).run(shortcut) { stepDone.yield($0.step) } }
        // The first step is done: the run goes on to its wait, which the cancel ends.
        for await step in steps where step == 1 { break }
        task.cancel()
        let started = ContinuousClock.now
        let error = try await #require(throws: ShortcutRunError.self) { try await task.value }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(error.isCancelled)
        #expect(error.completed.map(\.line) == [1])
        #expect(await controller.body.light == true)
    }

    @Test func lastTakeIsNotCountedAsSaved() async throws {
        let device = FakeCamera(takes: [CapturedTake(path: "/fake/old.jpg", kind: .photo)])
        let controller = await makeController(device: device)
        let result = try await ShortcutRunner(controller: controller).run(try parseShortcut("last-take"))
        #expect(result.paths.isEmpty)
        #expect(result.outcomes[0].dialog == "The last take is a photo.")
    }

    @Test func shutterClickShootsInStill() async throws {
        var body = CameraBody()
        body.setMode(.still)
        let device = FakeCamera()
        let controller = await makeController(device: device, body: body)
        let result = try await ShortcutRunner(controller: controller).run(try parseShortcut("shutter click"))
        #expect(result.outcomes[0].dialog == "Photo taken.")
        #expect(result.paths.count == 1)
    }
}
