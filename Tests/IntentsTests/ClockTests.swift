import Body
import RetrocamTesting
import Testing
@testable import Intents

/// The self-timer and the UNDO window, on a test clock.
@Suite struct ClockTests {
    /// A controller with the self-timer set.
    func timed(_ seconds: Int, device: FakeCamera, clock: TestClock, mode: Mode = .cine) async throws -> CameraController {
        var body = CameraBody()
        try body.setTimer(seconds: seconds)
        body.setMode(mode)
        return await makeController(device: device, body: body, clock: clock)
    }

    @Test func photoAfterTheCountdown() async throws {
        let device = FakeCamera(), clock = TestClock(), log = EventLog()
        let controller = try await timed(3, device: device, clock: clock, mode: .still)
        await controller.observeEvents { log.add($0) }
        let answer = try await controller.perform("TakePhoto", [:])
        #expect(answer.dialog == "Taking a photo in 3 seconds.")
        #expect(answer.extra["countdown"] == .int(3))
        #expect(answer.path == nil)
        clock.advance(by: .seconds(2))
        // Two seconds in: the countdown has said "1" and sleeps until the third; no photo yet.
        await eventually("the countdown at one, asleep") { log.countdowns.last == 1 && clock.sleeperCount == 1 }
        #expect(await device.takes.isEmpty)
        clock.advance(by: .seconds(1))
        await eventually("the photo is taken") { await device.takes.count == 1 }
        #expect(await controller.body.lastTakePath == "/fake/Pictures/photo-1.jpg")
        #expect(await controller.body.undoSecondsLeft == 10)
    }

    @Test func clipAfterTheCountdownAndSwitchToCineAtOnce() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = try await timed(10, device: device, clock: clock, mode: .still)
        let answer = try await controller.perform("StartClip", [:])
        #expect(answer.dialog == "Switched to CINE. Recording in 10 seconds.")
        #expect(await controller.body.mode == .cine)
        #expect(await !controller.body.recording)
        clock.advance(by: .seconds(10))
        await eventually("recording starts") { await controller.body.recording }
        #expect(await device.recording)
        // Pausing is not delayed by the self-timer.
        let paused = try await controller.perform("PauseClip", [:])
        #expect(paused.dialog.hasPrefix("Saved"))
    }

    @Test func callingAgainCancelsTheCountdown() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = try await timed(3, device: device, clock: clock, mode: .still)
        _ = try await controller.perform("TakePhoto", [:])
        let cancelled = try await controller.perform("TakePhoto", [:])
        #expect(cancelled.dialog == "Self-timer cancelled.")
        #expect(clock.sleeperCount == 0, "a cancelled countdown waits for nothing, so nothing can fire")
        clock.advance(by: .seconds(5))
        #expect(await device.takes.isEmpty)
        // A new countdown runs normally after a cancelled one.
        #expect(try await controller.perform("ToggleRecord", [:]).dialog == "Taking a photo in 3 seconds.")
        clock.advance(by: .seconds(3))
        await eventually("the photo is taken") { await device.takes.count == 1 }
        #expect(await device.takes.count == 1, "only the second countdown's photo")
    }

    @Test func shutterInStillShootsOnRelease() async throws {
        let device = FakeCamera(), clock = TestClock()
        var body = CameraBody()
        body.setMode(.still)
        let controller = await makeController(device: device, body: body, clock: clock)
        #expect(try await controller.shutter(.press).dialog == "")
        #expect(await device.takes.isEmpty)
        let released = try await controller.shutter(.release)
        #expect(released.dialog == "Photo taken.")
        #expect(await device.takes.count == 1)
    }

    @Test func shutterInCineTogglesOnPress() async throws {
        let controller = await makeController()
        #expect(try await controller.shutter(.press).dialog.hasPrefix("Recording."))
        #expect(try await controller.shutter(.release).dialog == "")
        #expect(await controller.body.recording)
        #expect(try await controller.shutter(.press).dialog.hasPrefix("Saved"))
        #expect(await !controller.body.recording)
    }

    @Test func aShutterPhaseIsReadOnceFromWords() throws {
        #expect(try ShutterPhase(named: "Press") == .press)
        #expect(try ShutterPhase(named: "release") == .release)
        #expect(throws: IntentError.unsupported("The shutter has no phase called squeeze. Say press or release.")) {
            try ShutterPhase(named: "squeeze")
        }
    }

    @Test func shutterWithTimerAndCancelByPress() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = try await timed(3, device: device, clock: clock, mode: .still)
        _ = try await controller.shutter(.press)
        #expect(try await controller.shutter(.release).dialog == "Taking a photo in 3 seconds.")
        #expect(try await controller.shutter(.press).dialog == "Self-timer cancelled.")
        #expect(try await controller.shutter(.release).dialog == "")
        #expect(clock.sleeperCount == 0, "a cancelled countdown waits for nothing, so nothing can fire")
        clock.advance(by: .seconds(4))
        #expect(await device.takes.isEmpty)
    }

    @Test func undoWindowCountsDownEachSecond() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = await makeController(device: device, clock: clock)
        let seen = Box()
        await controller.observe { body in seen.append(body.undoSecondsLeft) }
        _ = try await controller.perform("TakePhoto", [:])
        #expect(await controller.body.undoSecondsLeft == 10)
        for left in stride(from: 9, through: 7, by: -1) {
            clock.advance(by: .seconds(1))
            await eventually("\(left) seconds left") { await controller.body.undoSecondsLeft == left }
        }
        #expect(seen.values.suffix(4) == [10, 9, 8, 7])
        let undone = try await controller.perform("Undo", [:])
        #expect(undone.dialog == "Moved the last take to the Trash.")
        #expect(await device.trashed.map(\.path) == ["/fake/Pictures/photo-1.jpg"])
        #expect(await controller.body.undoSecondsLeft == 0)
        #expect(await controller.body.lastTakePath == nil)
        let again = await intentError { () async throws(IntentError) in try await controller.perform("Undo", [:]) }
        #expect(again == .notFound("The last take was already moved to the Trash."), "a take already undone is NotFound")
    }

    @Test func undoAfterTheWindowIsRefused() async throws {
        let device = FakeCamera(), clock = TestClock()
        let controller = await makeController(device: device, clock: clock)
        let nothing = await intentError { () async throws(IntentError) in try await controller.perform("Undo", [:]) }
        #expect(nothing == .notAllowed("There is no take to undo."))
        _ = try await controller.perform("StartClip", [:])
        _ = try await controller.perform("PauseClip", [:])
        clock.advance(by: .seconds(10))
        await eventually("the window closes") { await controller.body.undoSecondsLeft == 0 }
        let late = await intentError { () async throws(IntentError) in try await controller.perform("Undo", [:]) }
        #expect(late == .notAllowed("Too late to undo: a take can be undone for 10 seconds only."))
        #expect(await device.trashed.isEmpty)
    }

    @Test func undoGivesTheTapeBack() async throws {
        let device = FakeCamera(), clock = TestClock()
        await device.setClipSeconds(60)
        let controller = await makeController(device: device, clock: clock)
        let full = await controller.body.tapeMinutesLeft
        _ = try await controller.perform("StartClip", [:])
        _ = try await controller.perform("PauseClip", [:])
        #expect(await controller.body.tapeMinutesLeft < full)
        _ = try await controller.perform("Undo", [:])
        #expect(abs(await controller.body.tapeMinutesLeft - full) < 1e-9)
    }
}
