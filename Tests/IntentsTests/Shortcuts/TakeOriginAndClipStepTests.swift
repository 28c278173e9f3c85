import Body
import Foundation
import RetrocamTesting
import Testing
@testable import Intents

/// What a take's events say about what made it (the hooks' `RETROCAM_INTENT` and `RETROCAM_SHORTCUT`), the
/// `clip 10s` step, and the events for a clip stopping and cameras coming and going.
@Suite struct TakeOriginAndClipStepTests {
    /// Events with the origin they were announced under.
    final class OriginLog: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(CameraEvent, TakeOrigin)] = []
        func add(_ event: CameraEvent) { lock.withLock { entries.append((event, TakeOrigin.current)) } }
        var all: [(CameraEvent, TakeOrigin)] { lock.withLock { entries } }
        var saved: [TakeOrigin] { all.compactMap { if case .takeSaved = $0.0 { return $0.1 } else { return nil } } }
    }

    @Test func aTakesEventsCarryTheIntentAskedFirstAndTheShortcut() async throws {
        let controller = await makeController()
        let log = OriginLog()
        await controller.observeEvents { log.add($0) }
        _ = try await controller.perform(.takePhoto)
        _ = try await controller.shutter(.release)
        _ = try await ShortcutRunner(controller: controller).run(try parseShortcut("# x\nphoto\nrecord"))
        _ = try await TakeOrigin.with({ $0.automation = "morning" }) { () async throws(IntentError) in try await controller.perform(.takePhoto) }
        let saved = log.saved
        #expect(saved.map(\.intent) == ["TakePhoto", "Shutter", "TakePhoto", "ToggleRecord", "TakePhoto"], "\(saved)")
        #expect(saved.map(\.shortcut) == [nil, nil, "test", "test", nil])
        #expect(saved.last?.automation == "morning")
        #expect(TakeOrigin.current == TakeOrigin(), "nothing leaks out of the work it was set for")
    }

    @Test func clipOfALengthRecordsThatLongAndAStopIsAnEvent() async throws {
        // The runner's clock moves; the camera's does not: the tape's timer sleeps on the camera's clock,
        // and a clock that jumps to the next deadline could run the tape out before the step sleeps.
        let device = FakeCamera(), clock = TestClock()
        let controller = await makeController(device: device)
        let log = OriginLog()
        await controller.observeEvents { log.add($0) }
        let shortcut = try parseShortcut("# a clip\nclip 10s")
        #expect(shortcut.totalWait == .seconds(10), "a clip's length counts toward the hour of waiting")
        let result = try await whileAdvancing(clock) { try await ShortcutRunner(controller: controller, clock: clock).run(shortcut) }
        #expect(result.paths == ["/fake/Videos/clip-1.webm"], "\(result)")
        #expect(result.outcomes.map(\.dialog).first?.hasPrefix("Saved") == true, "\(result.outcomes)")
        #expect(await !controller.body.recording)
        let kinds = log.all.map { event, _ -> String in
            switch event {
            case .recordingStarted: return "started"
            case .takeSaved: return "saved"
            case .recordingStopped(let take, let reason): return "stopped \(take?.path ?? "-") \(reason ?? "-")"
            default: return "other"
            }
        }
        #expect(kinds == ["started", "saved", "stopped /fake/Videos/clip-1.webm -"], "\(kinds)")
        #expect(log.all.allSatisfy { $0.1.intent == "StartClip" || $0.1.intent == "PauseClip" })
    }

    @Test func aCancelledClipStepIsStillPausedAndSaved() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let (steps, started) = AsyncStream.makeStream(of: Void.self)
        await controller.observeEvents { if case .recordingStarted = $0 { started.yield() } }
        let run = Task { try await ShortcutRunner(controller: controller).run(try parseShortcut("clip 30m")) }
        for await _ in steps { break }
        run.cancel()
        _ = try? await run.value
        #expect(await !controller.body.recording, "the run never leaves the camera recording")
        #expect(await device.takes.count == 1)
    }

    @Test(arguments: ["clip 0s", "clip -1s", "clip forever", "clip 25h"])
    func aClipLengthThatIsNoneIsRefusedAtLoad(_ line: String) throws {
        #expect(throws: ShortcutError.self) { try parseShortcut(line) }
    }
}
