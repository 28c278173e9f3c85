import Body
import BusNames
import DBus
import Foundation
import Intents
import Service
import Synchronization
import Testing
@testable import Device
@testable import Engine

/// A real engine on the synthetic test cards, in a temporary home removed when released.
final class SyntheticCamera: Sendable {
    let root: URL
    let engine: CameraEngine

    init(linger: Double = 4) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-device-\(UUID().uuidString)")
        var configuration = EngineConfiguration(
            picturesDirectory: root.appendingPathComponent("Pictures", isDirectory: true),
            videosDirectory: root.appendingPathComponent("Videos", isDirectory: true),
            stateDirectory: root.appendingPathComponent("state", isDirectory: true),
            trashDirectory: root.appendingPathComponent("Trash", isDirectory: true))
        configuration.source = .synthetic
        configuration.audio = .synthetic
        (configuration.width, configuration.height) = (320, 180)
        configuration.lingerSeconds = linger
        engine = try CameraEngine(configuration: configuration)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The device over the engine, ready for calls.
    func device() async -> EngineDevice {
        let device = await EngineDevice(engine: engine)
        device.markReady()
        return device
    }
}

/// The engine as the intents see it, on real GStreamer: looks reach the picture once, takes are
/// labelled with the body that asked for them, callers wait for the engine to be ready, and engine
/// errors become the intent errors a caller is told.
@Suite(.serialized) struct EngineDeviceTests {
    @Test func theLatestOfManyBodiesIsTheLookOnThePictureWhenAPhotoIsTaken() async throws {
        let camera = try SyntheticCamera()
        let device = await camera.device()
        var body = CameraBody()
        body.setMode(.still)
        for degree in 1...12 {
            try body.setDegree(degree)
            await device.apply(body)
        }
        try body.setDecade(year: 1950)
        await device.apply(body)
        let photo = try await device.takePhoto(body)
        let look = await camera.engine.session.look
        #expect(look.era == body.look, "the photo waited for the last body handed over")
        #expect(look == Look(body, at: Date()))
        #expect(photo.kind == .photo && photo.decade == "1950s")
        #expect(URL(fileURLWithPath: photo.path).lastPathComponent.contains("-1950s-"), "\(photo.path)")
        await camera.engine.shutdown()
    }

    @Test func aBodyFacingTheOtherWaySwitchesTheCamera() async throws {
        let camera = try SyntheticCamera()
        let device = await camera.device()
        var body = CameraBody()
        body.setFacing(.front)
        await device.apply(body)
        _ = try await device.takePhoto(body)
        #expect(await camera.engine.session.currentCamera?.facing == "front")
        #expect(await device.cameraName() == "Test card (pinwheel)")
        await camera.engine.shutdown()
    }

    @Test func aClipIsLabelledWithItsTechnologyAndCountedOnItsTape() async throws {
        let camera = try SyntheticCamera()
        let device = await camera.device()
        let body = CameraBody()
        await device.apply(body)
        try await device.startClip(body)
        await #expect(throws: IntentError.alreadyRecording) { try await device.startClip(body) }
        let clip = try await device.stopClip()
        #expect(clip.kind == .clip && clip.technology == body.technology.id)
        #expect((await device.tapeSecondsUsed(technologyID: body.technology.id) ?? 0) == (clip.duration ?? -1))
        #expect(await device.lastTake() == clip)
        try await device.moveToTrash(clip)
        #expect(await device.lastTake() == nil)
        await #expect(throws: IntentError.notFound("That take was already moved to the Trash.")) { try await device.moveToTrash(clip) }
        await camera.engine.shutdown()
    }

    @Test func callsWaitUntilTheEngineIsReady() async throws {
        let camera = try SyntheticCamera()
        let device = await EngineDevice(engine: camera.engine)
        let answered = Mutex(false)
        let asking = Task {
            let facings = await device.availableFacings()
            answered.withLock { $0 = true }
            return facings
        }
        // The task is suspended in the gate, not answered: yield until it has certainly asked.
        for _ in 0..<100 { await Task.yield() }
        #expect(!answered.withLock { $0 }, "a call answered before the engine was ready")
        device.markReady()
        #expect(await asking.value == [.back, .front])
    }

    @Test func aHoldKeepsTheCameraOpenUntilItIsReleased() async throws {
        let camera = try SyntheticCamera(linger: 0)
        let device = await camera.device()
        let (changes, tell) = AsyncStream.makeStream(of: Bool.self)
        await device.onCameraOpenChanged { tell.yield($0) }
        let hold = device.holdCamera(for: "a test")
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == true, "the first hold opens the camera")
        #expect(await device.isCameraOpen())
        hold.release()
        #expect(await iterator.next() == false, "the last release lets it close after the linger")
        await camera.engine.shutdown()
    }

    @Test(arguments: [
        (IntentError.storageFull("Full."), BusContract.ErrorName.storageFull),
        (IntentError.notRecording, .notAllowed),
        (IntentError.alreadyRecording, .notAllowed),
        (IntentError.trash("No Trash."), .notAllowed),
        (IntentError.notFound("Gone."), .notFound),
        (IntentError.pipeline("Broken."), .noCamera),
        (IntentError.noCamera("None."), .noCamera),
    ])
    func everyEngineRefusalIsTheBusErrorACallerIsTold(_ refusal: IntentError, _ name: BusContract.ErrorName) {
        let error = DBusError(refusal)
        #expect(error.name == name.name)
        #expect(error.message == refusal.message)
    }
}

/// The date imprint's minute is kept current only while the camera is open and the imprint on.
@Suite struct ImprintRefreshTests {
    @Test func anOpeningCameraWithTheImprintOnIsShownAgainAndWithoutItNot() async {
        let refresh = ImprintRefresh()
        var stamped = CameraBody()
        stamped.setDateImprint(true)
        refresh.shown(CameraBody(), cameraOpen: false)
        refresh.cameraOpened(true)
        refresh.shown(stamped, cameraOpen: false)
        refresh.cameraOpened(true)
        var bodies = refresh.refreshes.makeAsyncIterator()
        #expect(await bodies.next()?.dateImprint == true, "only the stamped body is shown again")
    }
}

/// The preview stream holds the camera open while it runs and lets it go when it stops.
@Suite(.serialized) struct EnginePreviewTests {
    @Test func aPreviewHoldsTheCameraAndOffersItsSocketAndCaps() async throws {
        let camera = try SyntheticCamera(linger: 0)
        let engine = camera.engine
        let preview = EnginePreview(engine: engine, hold: { purpose in
            let release = engine.session.acquire(purpose)
            return { release() }
        }, environment: ["RETROCAM_PREVIEW_WIDTH": "160"])
        let offer = try await preview.startPreview()
        #expect(FileManager.default.fileExists(atPath: offer.socketPath))
        #expect(offer.width == 160 && offer.height == 90)
        #expect(offer.caps.hasPrefix("video/x-raw,format=I420,width=160,height=90"))
        await preview.stopPreview()
        #expect(!FileManager.default.fileExists(atPath: offer.socketPath), "the socket goes with the stream")
        await engine.shutdown()
    }
}
