import Body
import Synchronization
import Testing
@testable import Intents

/// The virtual camera's intents: Start, Stop and Toggle switch the same switch `Camera1.SetVirtualCamera`
/// does, said in words through Interpret too; turning it on is a capture for the caller gate.
@Suite struct VirtualCameraIntentsTests {
    /// A virtual camera that records what it was asked.
    final class FakeVirtualCamera: VirtualCameraSource {
        let asked = Mutex<[String]>([])
        func startVirtualCamera() async throws(IntentError) -> VirtualCameraOffer {
            asked.withLock { $0.append("start") }
            return VirtualCameraOffer(nodeName: "retrocam.virtual", description: "Retrocam", caps: "video/x-raw")
        }
        func stopVirtualCamera() async { asked.withLock { $0.append("stop") } }
        func onReadersChanged(_ handler: @escaping @Sendable ([String]) -> Void) {}
    }

    static func controller() async -> (CameraController, FakeVirtualCamera, VirtualCameraSwitch) {
        let controller = await makeController()
        let fake = FakeVirtualCamera()
        let camera = VirtualCameraSwitch(source: fake)
        await controller.attachVirtualCamera(camera)
        return (controller, fake, camera)
    }

    @Test func startStopAndToggleSwitchIt() async throws {
        let (controller, fake, camera) = await Self.controller()
        let on = try await controller.perform("StartVirtualCamera", [:])
        #expect(on.dialog.contains("The virtual camera is on") && on.value == .bool(true))
        #expect(await camera.current != nil)
        let again = try await controller.perform("StartVirtualCamera", [:])
        #expect(again.dialog.contains("already on"))
        let toggled = try await controller.perform("ToggleVirtualCamera", [:])
        #expect(toggled.dialog == "The virtual camera is off." && toggled.value == .bool(false))
        _ = try await controller.perform("ToggleVirtualCamera", [:])
        #expect(await camera.current != nil)
        let off = try await controller.perform("StopVirtualCamera", [:])
        #expect(off.dialog == "The virtual camera is off.")
        #expect(fake.asked.withLock { $0 } == ["start", "stop", "start", "stop"])
    }

    @Test(arguments: [
        ("use the retro look in my call", "StartVirtualCamera"),
        ("put the vintage look on my zoom", "StartVirtualCamera"),
        ("turn on the virtual camera", "StartVirtualCamera"),
        ("turn off the virtual camera", "StopVirtualCamera"),
        ("stop using the retro look in my call", "StopVirtualCamera"),
        ("toggle the virtual camera", "ToggleVirtualCamera"),
    ])
    func saidInWords(_ said: String, _ intent: String) async throws {
        let (controller, _, _) = await Self.controller()
        let reading = try await controller.interpret(said, perform: false)
        #expect(reading.intent == intent, "\(said)")
    }

    @Test func saidItIsPerformed() async throws {
        let (controller, fake, camera) = await Self.controller()
        let on = try await controller.interpret("use the retro look in my call", perform: true)
        #expect(on.result?.dialog.contains("The virtual camera is on") == true)
        #expect(await camera.current != nil)
        let off = try await controller.interpret("turn off the virtual camera", perform: true)
        #expect(off.result?.dialog == "The virtual camera is off.")
        #expect(fake.asked.withLock { $0 } == ["start", "stop"])
    }

    @Test func withoutAVirtualCameraTheIntentsSaySo() async {
        let controller = await makeController()
        let error = await intentError { () async throws(IntentError) in _ = try await controller.perform("StartVirtualCamera", [:]) }
        guard case .unsupported(let sentence)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(sentence.contains("no virtual camera"))
    }

    @Test func theMenuRowSwitchesItThroughTheSameSwitchAndShowsWhatTheIntentsDid() async throws {
        let (controller, fake, camera) = await Self.controller()
        #expect(try await controller.describe("menu.virtual-camera") == "Virtual camera, Off")
        #expect(try await controller.adjust("menu.virtual-camera", steps: 1) == "Virtual camera, On")
        #expect(await camera.current != nil)
        #expect(await controller.body.virtualCamera, "kept with the dials")
        _ = try await controller.perform("StopVirtualCamera", [:])
        #expect(try await controller.describe("menu.virtual-camera") == "Virtual camera, Off")
        #expect(try await controller.chooseMenu("menu.virtual-camera", choice: "On") == "Virtual camera, On")
        #expect(try await controller.adjust("menu.virtual-camera", steps: 4) == "Virtual camera, On")
        #expect(try await controller.chooseMenu("MENU.VIRTUAL-CAMERA", choice: "off") == "Virtual camera, Off")
        #expect(fake.asked.withLock { $0 } == ["start", "stop", "start", "stop"])
    }

    @Test func theMenuRowCapturesAsTheIntentsDo() {
        #expect(CameraController.menuIntent("menu.virtual-camera", steps: 1) == .toggleVirtualCamera)
        #expect(CameraController.menuIntent("menu.virtual-camera", steps: -2) == nil)
        #expect(CameraController.menuIntent("menu.virtual-camera", choice: "ON") == .startVirtualCamera)
        #expect(CameraController.menuIntent("menu.virtual-camera", choice: "off") == .stopVirtualCamera)
        #expect(CameraController.menuIntent("menu.virtual-camera", choice: "maybe") == nil)
        #expect(CameraController.menuIntent("menu.date-imprint", steps: 1) == nil)
    }

    @Test func aRowThatWorksThroughIntentsNamesCatalogIntentsOneForEachChoice() {
        #expect(MenuRowID.allCases.filter { $0.intents != nil } == [.virtualCamera])
        for row in MenuRowID.allCases {
            guard let intents = row.intents else { continue }
            #expect(IntentName(rawValue: intents.swipe) != nil, "\(row): \(intents.swipe)")
            #expect(intents.choices.count == row.choices?.count, "\(row): one intent for each choice")
            for name in intents.choices { #expect(IntentName(rawValue: name) != nil, "\(row): \(name)") }
        }
        // The gate reads the row: what it says is what a call performs.
        let row = MenuRowID.virtualCamera
        #expect(CameraController.menuIntent(row.rawValue, steps: 3)?.rawValue == row.intents?.swipe)
        #expect(CameraController.menuIntent(row.rawValue, choice: "On")?.rawValue == row.intents?.choices[1])
    }

    /// A virtual camera whose publishing waits until the test lets it go on, and fails when told to.
    final class SlowVirtualCamera: VirtualCameraSource {
        let (begun, beginning) = AsyncStream.makeStream(of: Void.self)
        let (letGo, going) = AsyncStream.makeStream(of: Bool.self)
        func startVirtualCamera() async throws(IntentError) -> VirtualCameraOffer {
            beginning.yield()
            var succeeds = false
            for await answer in letGo {
                succeeds = answer
                break
            }
            guard succeeds else { throw .noCamera("The virtual camera could not start: PipeWire is not running.") }
            return VirtualCameraOffer(nodeName: "retrocam.virtual", description: "Retrocam", caps: "video/x-raw")
        }
        func stopVirtualCamera() async {}
        func onReadersChanged(_ handler: @escaping @Sendable ([String]) -> Void) {}
    }

    @Test func theMenuRowSaysOnOnlyOnceTheNodeIsPublishedAndOffWithTheReasonWhenItFailed() async throws {
        var left = CameraBody()
        left.setVirtualCamera(true)
        let controller = await makeController(body: left)
        let source = SlowVirtualCamera()
        let camera = VirtualCameraSwitch(source: source)
        await controller.attachVirtualCamera(camera)
        #expect(try await controller.describe("menu.virtual-camera") == "Virtual camera, Off", "left on, not yet published")

        // Being published: not On yet.
        let turning = Task { () async -> IntentError? in
            await intentError { () async throws(IntentError) in try await controller.chooseMenu("menu.virtual-camera", choice: "On") }
        }
        for await _ in source.begun { break }
        #expect(try await controller.describe("menu.virtual-camera") == "Virtual camera, Turning on")
        source.going.yield(false)
        let failure = await turning.value
        #expect(failure?.message.contains("PipeWire is not running") == true, "\(String(describing: failure))")
        #expect(try await controller.describe("menu.virtual-camera") == "Virtual camera, Off")
        #expect(try await controller.activate("menu.virtual-camera")
            == "Virtual camera, choices: Off, On. Now Off: The virtual camera could not start: PipeWire is not running.")

        // Published: On.
        let again = Task { try await controller.adjust("menu.virtual-camera", steps: 1) }
        for await _ in source.begun { break }
        source.going.yield(true)
        #expect(try await again.value == "Virtual camera, On")
        #expect(try await controller.activate("menu.virtual-camera") == "Virtual camera, choices: Off, On. Now On.")
    }

    @Test func turningItOnCapturesAndTurningItOffDoesNot() {
        #expect(IntentName.startVirtualCamera.capturesOrDestroys)
        #expect(IntentName.toggleVirtualCamera.capturesOrDestroys)
        #expect(!IntentName.stopVirtualCamera.capturesOrDestroys)
    }
}
