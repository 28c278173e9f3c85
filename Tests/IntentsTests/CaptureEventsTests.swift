import Body
import Foundation
import RetrocamTesting
import Testing
@testable import Intents

/// What the camera tells the desktop so nobody is filmed without knowing, and the answers around the
/// end of a take: UNDO of a take already undone, a clip that could not be saved, PauseClip after the
/// device ended the clip.
@Suite struct CaptureEventsTests {
    @Test func everyTakeIsAnEventWithItsCamera() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let log = EventLog()
        await controller.observeEvents { log.add($0) }
        _ = try await controller.perform("TakePhoto", [:])
        _ = try await controller.perform("StartClip", [:])
        _ = try await controller.perform("PauseClip", [:])
        let events = log.all
        #expect(events.count == 4, "\(events)")
        if case .takeSaved(let photo, let camera) = events.first {
            #expect(photo.kind == .photo && photo.path == "/fake/Pictures/photo-1.jpg" && camera == "Fake camera")
        } else {
            Issue.record("the photo was no takeSaved event: \(events)")
        }
        #expect(events.dropFirst().first == .recordingStarted(camera: "Fake camera"))
        if case .takeSaved(let clip, let camera) = events.dropFirst(2).first {
            #expect(clip.kind == .clip && clip.path == "/fake/Videos/clip-2.webm" && camera == "Fake camera")
        } else {
            Issue.record("the paused clip was no takeSaved event: \(events)")
        }
        if case .recordingStopped(let clip, let reason) = events.last {
            #expect(clip?.path == "/fake/Videos/clip-2.webm" && reason == nil, "asked to pause: no reason")
        } else {
            Issue.record("the paused clip ended with no recordingStopped event: \(events)")
        }
    }

    @Test func twoUndosAtOnceMoveTheTakeOnceAndTheOtherIsNotFound() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let photo = try await controller.perform("TakePhoto", [:])
        // The first UNDO's move is held (a slow disk); the others queue behind it in the take line, and
        // once it is released each finds the take already in the Trash.
        await device.holdTrash()
        let outcomes = await withTaskGroup(of: Result<IntentResult, IntentError>.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    do throws(IntentError) { return .success(try await controller.perform("Undo", [:])) } catch { return .failure(error) }
                }
            }
            #expect(await Wait.until(30) { await device.trashMovesWaiting == 1 }, "one move under way")
            await device.releaseTrash()
            return await group.reduce(into: []) { $0.append($1) }
        }
        let moved = outcomes.compactMap { try? $0.get() }
        let refused = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        #expect(moved.count == 1 && moved.first?.path == photo.path)
        #expect(refused.count == 7)
        #expect(refused.allSatisfy { $0 == .notFound("The last take was already moved to the Trash.") }, "\(refused)")
        #expect(await device.trashed.map(\.path) == [photo.path!])
    }

    @Test func aNewTakeAfterAnUndoCanBeUndoneAgain() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        _ = try await controller.perform("TakePhoto", [:])
        let first = try await controller.perform("StartClip", [:])
        #expect(first.dialog.contains("Recording."))
        _ = try await controller.perform("PauseClip", [:])
        let undone = try await controller.perform("Undo", [:])
        #expect(undone.path == "/fake/Videos/clip-2.webm")
        _ = try await controller.perform("TakePhoto", [:])
        let again = try await controller.perform("Undo", [:])
        #expect(again.path != nil, "a new take opens a new window after an UNDO")
    }

    @Test func aClipTheDeviceCouldNotSaveEndsTheRecordingAndSaysSo() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let log = EventLog()
        await controller.observeEvents { log.add($0) }
        _ = try await controller.perform("StartClip", [:])
        await device.setStopFailure(IntentError.storageFull("The disk holding /v is full, so the clip could not be saved."))
        let error = await intentError { () async throws(IntentError) in try await controller.perform("PauseClip", [:]) }
        #expect(error == .storageFull("The disk holding /v is full, so the clip could not be saved."))
        #expect(await !controller.body.recording, "Recording stays true after a failed PauseClip")
        #expect(log.endedTakes.first?.1 == "The clip could not be saved: The disk holding /v is full, so the clip could not be saved.")
        let next = await intentError { () async throws(IntentError) in try await controller.perform("PauseClip", [:]) }
        #expect(next == .notAllowed("Not recording, so there is no clip to pause."))
    }

    @Test func pauseAfterTheDiskEndedTheClipSaysWhatHappened() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        _ = try await controller.perform("StartClip", [:])
        try await device.interrupt(because: .storageFull("The disk filled up, so the take was stopped and saved."))
        await eventually("the body stops recording") { await !controller.body.recording }
        let pause = await intentError { () async throws(IntentError) in try await controller.perform("PauseClip", [:]) }
        #expect(pause == .notAllowed("Not recording: the clip already ended. The disk filled up, so the take was stopped and saved. Saved a 3-second clip."))
        _ = try await controller.perform("StartClip", [:])
        _ = try await controller.perform("PauseClip", [:])
        let plain = await intentError { () async throws(IntentError) in try await controller.perform("PauseClip", [:]) }
        #expect(plain == .notAllowed("Not recording, so there is no clip to pause."), "a new clip forgets the old ending")
    }
}
