import Body
import CallOrder
import Foundation
import RetrocamTesting
import Testing
@testable import Intents

/// The controller in a `CallLane`, as the bus serves it: calls submitted without waiting take effect in
/// the order submitted, and a take's device work (held here by the fake camera) overlaps the calls behind it.
@Suite struct ControllerCallOrderTests {
    /// A controller over a fake camera, its lane served on the controller's actor.
    final class Served: Sendable {
        let device = FakeCamera()
        let controller: CameraController
        let lane = CallLane()

        init() async {
            controller = CameraController(device: device)
            await controller.start()
            let (lane, controller) = (self.lane, self.controller)
            Task { await lane.serve(on: controller) }
        }

        /// Submits `work` as the next call, without waiting; the task answers once the call has finished.
        func call<T: Sendable>(_ work: @escaping @Sendable (CameraController) async throws -> T) -> Task<T, any Error> {
            let (answers, answer) = AsyncStream.makeStream(of: Result<T, any Error>.self)
            let controller = self.controller
            lane.submit { _ in
                do { answer.yield(.success(try await work(controller))) } catch { answer.yield(.failure(error)) }
                answer.finish()
            }
            return Task {
                for await result in answers { return try result.get() }
                throw CancellationError()
            }
        }

        deinit { lane.finish() }
    }

    static let decades = ["1950s", "1980s", "1920s", "2000s"]

    @Test func everyPhotoCarriesTheDecadeSetRightBeforeIt() async throws {
        let served = await Served()
        var photos: [Task<IntentResult, any Error>] = []
        for round in 0..<32 {
            let decade = Self.decades[round % Self.decades.count]
            _ = served.call { try await $0.perform(.setDecade, ["value": .string(decade)]) }
            photos.append(served.call { try await $0.perform(.takePhoto) })
        }
        for photo in photos { _ = try await photo.value }
        let shot = await served.device.photoBodies.map(\.decade.name)
        #expect(shot == (0..<32).map { Self.decades[$0 % Self.decades.count] })
    }

    @Test func aPhotoWaitingForItsFrameHoldsUpNoCallBehindIt() async throws {
        let served = await Served()
        await served.device.holdPhotos()
        _ = try await served.call { try await $0.perform(.setDecade, ["value": .string("1960s")]) }.value
        let photo = served.call { try await $0.perform(.takePhoto) }
        // Answered while the photo still waits for the camera.
        #expect(try await served.call { try $0.describe("decade") }.value.hasPrefix("Decade, 1960s"))
        _ = try await served.call { try await $0.perform(.setDecade, ["value": .string("1990s")]) }.value
        // The photo passed its turn before reaching the camera: the calls behind it may finish first.
        await eventually("the photo waits for the camera") { await served.device.photosWaiting == 1 }
        await served.device.releasePhotos()
        #expect(try await photo.value.path != nil)
        #expect(await served.device.photoBodies.map(\.decade.name) == ["1960s"], "the photo took effect before the decade changed")
    }

    @Test func aPhotoRightBehindAPauseIsTakenNotRefused() async throws {
        let served = await Served()
        _ = try await served.call { try await $0.perform(.startClip) }.value
        let pause = served.call { try await $0.perform(.pauseClip) }
        let photo = served.call { try await $0.perform(.takePhoto) }
        #expect(try await pause.value.path?.hasSuffix(".webm") == true)
        #expect(try await photo.value.path?.hasSuffix(".jpg") == true)
        #expect(await served.device.photoBodies.map(\.mode) == [.still])
    }

    @Test func aPauseRightBehindAStartPausesThatClip() async throws {
        let served = await Served()
        let start = served.call { try await $0.perform(.startClip) }
        let pause = served.call { try await $0.perform(.pauseClip) }
        _ = try await start.value
        #expect(try await pause.value.path?.hasSuffix(".webm") == true)
        #expect(await served.controller.body.recording == false)
    }

    @Test func photosAskedForTogetherAreAllTakenOneAfterTheOther() async throws {
        let served = await Served()
        await served.device.holdPhotos()
        let photos = (0..<3).map { _ in served.call { try await $0.perform(.takePhoto) } }
        while await served.device.photosWaiting == 0 { await Task.yield() }
        #expect(await served.device.photosWaiting == 1, "the others wait in the take line, not at the camera")
        await served.device.releasePhotos()
        var paths: [String] = []
        for photo in photos { paths.append(try #require(try await photo.value.path)) }
        #expect(Set(paths).count == 3)
    }

    @Test func anUndoRightBehindAPhotoTrashesThatPhoto() async throws {
        let served = await Served()
        await served.device.holdPhotos()
        let photo = served.call { try await $0.perform(.takePhoto) }
        let undo = served.call { try await $0.perform(.undo) }
        while await served.device.photosWaiting == 0 { await Task.yield() }
        await served.device.releasePhotos()
        let taken = try await photo.value.path
        #expect(try await undo.value.path == taken)
    }

    /// A setting that waits for nothing is made at once on the calling thread, as `perform` makes it, and
    /// refused as `perform` refuses it; a look change waits for a device that takes looks only through
    /// `apply` (the fake), and an intent that is not a setting is never made at once.
    @Test func aSettingThatWaitsForNothingIsMadeAtOnceAsPerformMakesIt() async throws {
        let controller = await makeController()
        let timer = try #require(try await atOnceWhenIdle(controller, .setTimer, ["value": .string("10")]))
        #expect(timer.dialog == "Self-timer set to 10 seconds.")
        #expect(await controller.body.timer == 10)
        #expect(try controller.performAtOnce(.setDegree, ["value": .string("7")]) == nil)
        #expect(await controller.body.degree != 7)
        #expect(try controller.performAtOnce(.takePhoto, [:]) == nil)
        var refusedInTheLane: IntentError?
        do { _ = try await controller.perform(.setTimer, ["value": .string("eleven")]) } catch { refusedInTheLane = error }
        var refusedAtOnce: IntentError?
        do { _ = try await atOnceWhenIdle(controller, .setTimer, ["value": .string("eleven")]) } catch { refusedAtOnce = error }
        #expect(refusedAtOnce != nil)
        #expect(refusedAtOnce == refusedInTheLane)
    }

    /// On a device that takes looks at once, a look change made at once hands over the body it committed;
    /// it is not made while the actor runs something (nil), and a take in progress refuses what it refuses
    /// in `perform`.
    @Test func aLookMadeAtOnceHandsTheDeviceTheBodyItCommitted() async throws {
        let device = FakeCamera(takesLooksAtOnce: true)
        let controller = await makeController(device: device)
        let made = try #require(try await atOnceWhenIdle(controller, .setDegree, ["value": .string("7")]))
        #expect(made.dialog.isEmpty == false)
        let committed = await controller.body
        #expect(committed.degree == 7)
        #expect(device.appliedAtOnce == [committed])
        #expect(await controller.whileRunningOnTheActor { try? controller.performAtOnce(.setDegree, ["value": .string("3")]) } == .some(nil))
        #expect(await controller.body.degree == 7)
        _ = try await controller.perform(.startClip)
        var refusedAtOnce: IntentError?
        do { _ = try await atOnceWhenIdle(controller, .setMode, ["value": .string("still")]) } catch { refusedAtOnce = error }
        var refusedInTheLane: IntentError?
        do { _ = try await controller.perform(.setMode, ["value": .string("still")]) } catch { refusedInTheLane = error }
        #expect(refusedAtOnce == .notAllowed("Can't switch to STILL while recording. Pause the clip first."))
        #expect(refusedAtOnce == refusedInTheLane)
        #expect(device.appliedAtOnce == [committed])
    }
}

/// `performAtOnce` once the actor is idle: the job a test just awaited may still be leaving the actor's executor,
/// so this waits for the executor to say it is idle first.
func atOnceWhenIdle(_ controller: CameraController, _ intent: IntentName,
                    _ params: [String: ParameterValue]) async throws(IntentError) -> IntentResult? {
    await controller.untilIdle()
    return try controller.performAtOnce(intent, params)
}

extension CameraController {
    /// Runs `work` as a job of the actor, so the actor is busy while it runs.
    func whileRunningOnTheActor<T: Sendable>(_ work: @Sendable () -> T) -> T { work() }
}
