import Body
import Foundation
import RetrocamTesting
import Testing
@testable import Intents

@Suite struct PerformTests {
    @Test func startAndPauseAClip() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let started = try await controller.perform("StartClip", [:])
        #expect(started.dialog == "Recording. 3 minutes of tape left.")
        #expect(started.extra["recording"] == .bool(true))
        #expect(await controller.body.recording)
        #expect(await device.recording)

        await device.setClipSeconds(60)
        let paused = try await controller.perform("PauseClip", [:])
        #expect(paused.dialog == "Saved a clip of 1 minute. 2 minutes of tape left.")
        #expect(paused.path == "/fake/Videos/clip-1.webm")
        let body = await controller.body
        #expect(!body.recording)
        #expect(body.lastTakePath == "/fake/Videos/clip-1.webm")
        #expect(abs(body.tapeMinutesLeft - (body.technology.medium.runningMinutes - 1)) < 1e-9)
        #expect(body.undoSecondsLeft == 10)
    }

    @Test func shortClipIsSaidInSeconds() async throws {
        let controller = await makeController()
        _ = try await controller.perform("StartClip", [:])
        let paused = try await controller.perform("PauseClip", [:])
        #expect(paused.dialog.hasPrefix("Saved a 3-second clip."))
        #expect(paused.extra["duration"] == .double(3))
    }

    @Test func startClipInStillSwitchesToCine() async throws {
        var body = CameraBody()
        body.setMode(.still)
        let controller = await makeController(body: body)
        let started = try await controller.perform("StartClip", [:])
        #expect(started.dialog.hasPrefix("Switched to CINE. Recording."))
        #expect(await controller.body.mode == .cine)
        #expect(await controller.body.recording)
    }

    @Test func takePhotoInCineSwitchesToStill() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let photo = try await controller.perform("TakePhoto", [:])
        #expect(photo.dialog == "Switched to STILL. Photo taken.")
        #expect(photo.path == "/fake/Pictures/photo-1.jpg")
        #expect(await controller.body.mode == .still)
        #expect(await controller.body.lastTakePath == "/fake/Pictures/photo-1.jpg")
        #expect(await device.photoBodies.last?.mode == .still)
        let second = try await controller.perform("TakePhoto", [:])
        #expect(second.dialog == "Photo taken.")
    }

    @Test func refusalsWhileRecordingOrNot() async throws {
        let controller = await makeController()
        let pause = await intentError { () async throws(IntentError) in try await controller.perform("PauseClip", [:]) }
        #expect(pause == .notAllowed("Not recording, so there is no clip to pause."))
        _ = try await controller.perform("StartClip", [:])
        let photo = await intentError { () async throws(IntentError) in try await controller.perform("TakePhoto", [:]) }
        #expect(photo == .notAllowed("Can't take a photo while recording. Pause the clip first."))
        let again = await intentError { () async throws(IntentError) in try await controller.perform("StartClip", [:]) }
        #expect(again == .notAllowed("Already recording. Pause the clip first to start a new one."))
        let still = await intentError { () async throws(IntentError) in
            try await controller.perform("SetMode", ["value": .string("still")])
        }
        #expect(still == .notAllowed("Can't switch to STILL while recording. Pause the clip first."))
        #expect(await controller.body.recording)
    }

    @Test func toggleRecordIsTheRecButton() async throws {
        let controller = await makeController()
        #expect(try await controller.perform("ToggleRecord", [:]).dialog.hasPrefix("Recording."))
        #expect(try await controller.perform("ToggleRecord", [:]).dialog.hasPrefix("Saved a 3-second clip."))
        _ = try await controller.perform("SetMode", ["value": .string("still")])
        let photo = try await controller.perform("ToggleRecord", [:])
        #expect(photo.dialog == "Photo taken.")
        #expect(photo.path != nil)
    }

    @Test func settingsChangeTheBodyAndReapplyTheLook() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let decade = try await controller.perform("SetDecade", ["value": .string("the eighties")])
        #expect(decade.dialog == "Decade set to the 1980s: The camcorder era.")
        #expect(decade.value == .string("1980s"))
        #expect(await controller.body.decade.year == 1980)
        #expect(await device.applied.last?.decade.year == 1980)

        let degree = try await controller.perform("SetDegree", ["value": .int(5)])
        #expect(degree.dialog == "Degree set to 5 of 12.")
        #expect(await controller.body.degree == 5)

        let zoom = try await controller.perform("SetZoom", ["value": .string("two times")])
        #expect(zoom.dialog == "Zoom set to 2.0x.")
        #expect(await controller.body.zoom == 2)

        let exposure = try await controller.perform("SetExposure", ["value": .string("minus one point five")])
        #expect(exposure.dialog == "Exposure set to -1.5 EV.")
        #expect(await controller.body.exposure == -1.5)

        let format = try await controller.perform("SetFormat", ["value": .string("scope")])
        #expect(format.dialog == "Format set to 2.39:1.")
        #expect(await controller.body.format == .scope)

        let light = try await controller.perform("SetLight", ["value": .bool(true)])
        #expect(light.dialog == "Light on. There is no lamp on this machine, so a fill light brightens the picture.")
        #expect(await controller.body.light)
        let toggled = try await controller.perform("ToggleLight", [:])
        #expect(toggled.dialog == "Light off.")
        #expect(toggled.value == .bool(false))

        let applied = await device.applied.count
        let timer = try await controller.perform("SetTimer", ["value": .string("ten seconds")])
        #expect(timer.dialog == "Self-timer set to 10 seconds.")
        let audio = try await controller.perform("SetAudio", ["value": .string("stereo")])
        #expect(audio.dialog == "Audio set to Stereo.")
        #expect(await controller.body.audio == .stereo)
        #expect(await device.applied.count == applied)   // timer and sound do not change the picture

        let mode = try await controller.perform("SetMode", ["value": .string("photo")])
        #expect(mode.dialog == "Mode set to Still.")
        #expect(try await controller.perform("SetLight", ["value": .string("on")]).dialog.hasPrefix("Flash on. "))
        let cine = try await controller.perform("SetMode", ["value": .string("movie")])
        #expect(cine.dialog.hasPrefix("Mode set to Cine. "))
        #expect(cine.dialog.hasSuffix("of tape left."))
    }

    @Test func styleSwitchesModeAndSaysSo() async throws {
        let controller = await makeController()
        let still = try await controller.perform("SetStyle", ["value": .string("kodachrome")])
        #expect(still.dialog == "Switched to STILL. Style set to Kodachrome 64 slide.")
        #expect(await controller.body.mode == .still)
        #expect(await controller.body.style.id == "kodachrome-64-slide")
        let cine = try await controller.perform("SetStyle", ["value": .string("sound")])
        #expect(cine.dialog == "Switched to CINE. Technology set to Super 8 sound.")
        #expect(await controller.body.technology.id == "super-8-sound")
        let same = try await controller.perform("SetStyle", ["value": .string("single 8")])
        #expect(same.dialog == "Technology set to Single 8.")
    }

    @Test func formatInStillSaysCineOnly() async throws {
        let controller = await makeController()
        _ = try await controller.perform("SetMode", ["value": .string("still")])
        let error = await intentError { () async throws(IntentError) in
            try await controller.perform("SetFormat", ["value": .string("4:3")])
        }
        #expect(error == .notAllowed(CameraBody.formatCineOnlySentence))
    }

    @Test func tapeIsCountedPerTechnology() async throws {
        let device = FakeCamera()
        await device.setClipSeconds(90)
        let controller = await makeController(device: device)
        let full = await controller.body.technology.medium.runningMinutes
        #expect(await controller.body.tapeMinutesLeft == full)
        _ = try await controller.perform("StartClip", [:])
        _ = try await controller.perform("PauseClip", [:])
        #expect(abs(await controller.body.tapeMinutesLeft - (full - 1.5)) < 1e-9)
        _ = try await controller.perform("SetStyle", ["value": .string("portapak")])
        let portapak = await controller.body.technology.medium.runningMinutes
        #expect(await controller.body.tapeMinutesLeft == portapak)
        _ = try await controller.perform("SetStyle", ["value": .string("super 8")])
        #expect(abs(await controller.body.tapeMinutesLeft - (full - 1.5)) < 1e-9)
        await device.setClipSeconds(3600)
        _ = try await controller.perform("StartClip", [:])
        let paused = try await controller.perform("PauseClip", [:])
        #expect(await controller.body.tapeMinutesLeft == 0)
        #expect(paused.dialog.hasSuffix("No tape left."))
    }

    @Test func flipCamera() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let flipped = try await controller.perform("FlipCamera", [:])
        #expect(flipped.dialog == "Switched to the front camera.")
        #expect(await controller.body.facing == .front)
        #expect(await device.applied.last?.facing == .front)
        #expect(try await controller.perform("FlipCamera", [:]).dialog == "Switched to the back camera.")
        await device.setFacings([.back])
        let error = await intentError { () async throws(IntentError) in try await controller.perform("FlipCamera", [:]) }
        #expect(error == .notAllowed("There is only one camera."))
    }

    @Test func lastTake() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let none = await intentError { () async throws(IntentError) in try await controller.perform("LastTake", [:]) }
        #expect(none == .notFound("There are no takes yet."))
        _ = try await controller.perform("TakePhoto", [:])
        let last = try await controller.perform("LastTake", [:])
        #expect(last.dialog == "The last take is a photo.")
        #expect(last.path == "/fake/Pictures/photo-1.jpg")
        #expect(last.extra["kind"] == .string("photo"))
    }

    @Test func startReadsTheLibrary() async throws {
        let old = CapturedTake(path: "/fake/Videos/old.webm", kind: .clip, duration: 12, created: Date())
        let device = FakeCamera(takes: [old], recovered: 2)
        let controller = await makeController(device: device)
        #expect(await controller.body.lastTakePath == "/fake/Videos/old.webm")
        #expect(await controller.body.recoveredTakes == 2)
        #expect(try await controller.perform("LastTake", [:]).dialog == "The last take is a 12-second clip.")
    }

    @Test func deviceFailuresAreNamed() async throws {
        struct Broken: Error {}
        let device = FakeCamera()
        let controller = await makeController(device: device)
        await device.setFailure(IntentError.storageFull("The disk is full."))
        let full = await intentError { () async throws(IntentError) in try await controller.perform("TakePhoto", [:]) }
        #expect(full == .storageFull("The disk is full."))
        await device.setFailure(Broken())
        let broken = await intentError { () async throws(IntentError) in try await controller.perform("StartClip", [:]) }
        guard case .noCamera? = broken else { Issue.record("got \(String(describing: broken))"); return }
        #expect(await !controller.body.recording)
    }

    @Test func overlappingStartsMakeOneTake() async throws {
        let device = FakeCamera()
        let controller = await makeController(device: device)
        let first = Task { try await controller.perform("StartClip", [:]) }
        let second = Task { try await controller.perform("StartClip", [:]) }
        let outcomes = [await first.result, await second.result]
        #expect(outcomes.filter { if case .success = $0 { true } else { false } }.count == 1)
        #expect(await controller.body.recording)
        _ = try await controller.perform("PauseClip", [:])
        #expect(await device.takes.count == 1)
    }

    @Test func observersHearEveryChange() async throws {
        let controller = await makeController()
        let seen = Box()
        await controller.observe { body in seen.append(body.degree) }
        _ = try await controller.perform("SetDegree", ["value": .string("9")])
        _ = try await controller.perform("SetDegree", ["value": .string("9")])   // no change, no notice
        _ = try await controller.perform("SetDegree", ["value": .string("max")])
        #expect(seen.values == [9, 12])
    }
}

/// A thread-safe list for observer callbacks.
final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func append(_ value: Int) { lock.withLock { stored.append(value) } }
    var values: [Int] { lock.withLock { stored } }
}
