import Body
import Foundation
import RetrocamTesting
import Testing
@testable import Intents

/// Collects the controller's events.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [CameraEvent] = []
    func add(_ event: CameraEvent) { lock.withLock { list.append(event) } }
    var all: [CameraEvent] { lock.withLock { list } }
    var countdowns: [Int] {
        all.compactMap { if case .countdown(let left) = $0 { return left } else { return nil } }
    }
    var endedTakes: [(String?, String)] {
        all.compactMap { if case .takeEnded(let path, let dialog) = $0 { return (path, dialog) } else { return nil } }
    }
}

/// The self-timer's per-second countdown, the tape running out, a new tape, and takes the device ended.
@Suite struct CountdownAndTapeTests {
    @Test func theCountdownTicksEverySecondAndEndsAtZero() async throws {
        let device = FakeCamera(), clock = TestClock(), log = EventLog()
        var body = CameraBody()
        try body.setTimer(seconds: 3)
        let controller = await makeController(device: device, body: body, clock: clock)
        await controller.observeEvents { log.add($0) }
        _ = try await controller.perform("StartClip", [:])
        #expect(log.countdowns == [3])
        for second in 1...3 {
            clock.advance(by: .seconds(1))
            await eventually("tick \(second)") { log.countdowns.count == second + 1 }
        }
        #expect(log.countdowns == [3, 2, 1, 0])
        await eventually("recording starts") { await controller.body.recording }
    }

    @Test func pressingAgainCancelsWithZero() async throws {
        let device = FakeCamera(), clock = TestClock(), log = EventLog()
        var body = CameraBody()
        try body.setTimer(seconds: 10)
        let controller = await makeController(device: device, body: body, clock: clock)
        await controller.observeEvents { log.add($0) }
        _ = try await controller.shutter(.press)
        _ = try await controller.shutter(.press)
        #expect(log.countdowns == [10, 0])
        #expect(clock.sleeperCount == 0, "a cancelled countdown waits for nothing, so it cannot tick")
        clock.advance(by: .seconds(11))
        #expect(log.countdowns == [10, 0])
        #expect(await !device.recording)
    }

    @Test func theTapeRunningOutStopsAndSavesTheClip() async throws {
        let device = FakeCamera(), clock = TestClock(), log = EventLog()
        var body = CameraBody()
        try body.setDecade(year: 1920)
        try body.setTechnology(id: "pathe-baby")
        let minutes = body.technology.medium.runningMinutes
        let controller = await makeController(device: device, body: body, clock: clock)
        await controller.observeEvents { log.add($0) }
        await device.setClipSeconds(minutes * 60)
        _ = try await controller.perform("StartClip", [:])
        clock.advance(by: .milliseconds(Int64(minutes * 60_000) - 1000))
        // A second before the end, the tape's timer is still asleep (a due one would have been woken and gone).
        await eventually("the tape's timer asleep") { clock.sleeperCount == 1 }
        #expect(await controller.body.recording)
        clock.advance(by: .seconds(1))
        await eventually("the clip stops at the end of the tape") { await !controller.body.recording }
        // Observers hear of the ending after the body has changed: wait for the event, not for the state.
        await eventually("the take's ending is told") { !log.endedTakes.isEmpty }
        let ended = try #require(log.endedTakes.first)
        #expect(ended.0 == "/fake/Videos/clip-1.webm")
        #expect(ended.1.hasPrefix("The tape ran out. Saved"), "\(ended.1)")
        #expect(await controller.body.tapeMinutesLeft == 0)
        // An empty tape refuses a new clip until a new one goes in.
        let refused = await intentError { () async throws(IntentError) in try await controller.perform("StartClip", [:]) }
        #expect(refused?.message.contains("Insert a new tape") == true)
        let inserted = try await controller.insertTape()
        #expect(inserted.dialog.hasPrefix("New 30 ft 9.5mm Pathé Baby charger in."), "\(inserted.dialog)")
        #expect(await device.tapesInserted == ["pathe-baby"])
        #expect(await controller.body.tapeMinutesLeft == minutes)
        #expect(try await controller.activate("menu.insert-tape").hasPrefix("New"))
    }

    @Test func aTakeTheDeviceEndedLeavesTheBodyNotRecording() async throws {
        let device = FakeCamera(), log = EventLog()
        let controller = await makeController(device: device)
        await controller.observeEvents { log.add($0) }
        _ = try await controller.perform("StartClip", [:])
        try await device.interrupt(because: .storageFull("Storage is almost full, so the take was stopped and saved."))
        await eventually("the body stops recording") { await !controller.body.recording }
        #expect(await controller.body.lastTakePath == "/fake/Videos/clip-1.webm")
        let ended = try #require(log.endedTakes.first)
        #expect(ended.1 == "Storage is almost full, so the take was stopped and saved. Saved a 3-second clip.")
        #expect(await controller.body.undoSecondsLeft == 10)
    }

    @Test func theLightSaysWhichLampItUses() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let fill = try await controller.perform("SetLight", ["value": .string("on")])
        #expect(fill.dialog.contains("fill light brightens the picture"), "\(fill.dialog)")
        await device.setLamp("white:flash")
        _ = try await controller.perform("SetLight", ["value": .string("off")])
        let lamp = try await controller.perform("ToggleLight", [:])
        #expect(lamp.dialog.contains("The white:flash LED is lit."), "\(lamp.dialog)")
    }
}

/// How a countdown ends reaches whoever waits for it (`outcome(of:)`), as the controller knows it.
@Suite struct CountdownOutcomeTests {
    /// A controller in STILL with a 3-second self-timer.
    func timedStill(_ device: FakeCamera, _ clock: TestClock) async throws -> CameraController {
        var body = CameraBody()
        try body.setTimer(seconds: 3)
        body.setMode(.still)
        return await makeController(device: device, body: body, clock: clock)
    }

    @Test func aTimedPhotoIsReportedWhenItIsSaved() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = try await timedStill(device, clock)
        let started = try await controller.perform("TakePhoto", [:])
        let countdown = try #require(started.countdown)
        #expect(started.path == nil)
        let waiting = Task { await controller.outcome(of: countdown) }
        clock.advance(by: .seconds(3))
        #expect(await waiting.value == .photoSaved(path: "/fake/Pictures/photo-1.jpg"))
        #expect(await controller.outcome(of: countdown) == .photoSaved(path: "/fake/Pictures/photo-1.jpg"), "asked after the end")
    }

    @Test func aTimedClipIsReportedWhenItStarts() async throws {
        let device = FakeCamera(), clock = TestClock()
        var body = CameraBody()
        try body.setTimer(seconds: 3)
        let controller = await makeController(device: device, body: body, clock: clock)
        let countdown = try #require(try await controller.perform("StartClip", [:]).countdown)
        let waiting = Task { await controller.outcome(of: countdown) }
        clock.advance(by: .seconds(3))
        #expect(await waiting.value == .clipStarted)
        #expect(await device.recording)
    }

    @Test func aCancelledCountdownSaysSo() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = try await timedStill(device, clock)
        let countdown = try #require(try await controller.perform("TakePhoto", [:]).countdown)
        let waiting = Task { await controller.outcome(of: countdown) }
        await eventually("the waiter is registered") { await controller.selfTimer.waiterCount(for: countdown) == 1 }
        #expect(try await controller.shutter(.press).dialog == "Self-timer cancelled.")
        #expect(await waiting.value == .cancelled)
        #expect(await device.takes.isEmpty)
    }

    @Test func aFailedPhotoIsTheError() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = try await timedStill(device, clock)
        await device.setFailure(IntentError.storageFull("The disk is full."))
        let countdown = try #require(try await controller.perform("TakePhoto", [:]).countdown)
        let waiting = Task { await controller.outcome(of: countdown) }
        clock.advance(by: .seconds(3))
        #expect(await waiting.value == .failed(.storageFull("The disk is full.")))
    }

    @Test func aWaiterThatGivesUpIsLetGoAndTheCountdownCarriesOn() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = try await timedStill(device, clock)
        let countdown = try #require(try await controller.perform("TakePhoto", [:]).countdown)
        let waiting = Task { await controller.outcome(of: countdown) }
        await eventually("the waiter is registered") { await controller.selfTimer.waiterCount(for: countdown) == 1 }
        waiting.cancel()
        #expect(await waiting.value == nil)
        clock.advance(by: .seconds(3))
        await eventually("the photo is still taken") { await device.takes.count == 1 }
    }

    @Test func aCountdownNobodyStartedAnswersCancelled() async throws {
        let controller = await makeController()
        #expect(await controller.outcome(of: CountdownID(token: 42)) == .cancelled)
    }

    @Test(arguments: [(0.0, "Saved a clip shorter than a second."), (0.4, "Saved a clip shorter than a second."),
                      (1.0, "Saved a 1-second clip."), (59.6, "Saved a clip of 1 minute.")])
    func clipLengthsAreSaidSensibly(seconds: Double, dialog: String) async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        await device.setClipSeconds(seconds)
        _ = try await controller.perform("StartClip", [:])
        #expect(try await controller.perform("PauseClip", [:]).dialog.hasPrefix(dialog))
    }
}
