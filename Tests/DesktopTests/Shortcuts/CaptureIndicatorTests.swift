import Body
import DBus
@testable import Desktop
import Foundation
import Intents
import Synchronization
import Testing

/// The indicator over the in-process notification server (fast; the end-to-end suite uses dunst).
@Suite struct CaptureIndicatorTests {
    @Test func aClipIsPersistentWithStopAndReplacedWhenItEnds() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        let server = try #require(harness.notifications)
        _ = try await Requester.$current.withValue(.trigger("a test")) { try await harness.controller.perform("StartClip", [:]) }
        await eventually("the recording notification") { server.notifications.count == 1 }
        let shown = try #require(server.notifications.first)
        #expect(shown.summary == "Recording with Fake camera")
        #expect(shown.body == "Filming for a test. Stop pauses and saves the clip.")
        #expect(shown.actions == ["stop", "Stop"])
        #expect(shown.timeout == 0 && shown.hints["resident"] == .bool(true) && shown.hints["urgency"] == .byte(2))
        // Someone else's button does nothing; ours pauses the clip.
        try server.invoke(99, "stop")
        try server.invoke(1, "stop")
        await eventually("the clip paused") { await !harness.controller.body.recording }
        await eventually("the replacement") { server.notifications.count == 2 }
        let saved = try #require(server.notifications.last)
        #expect(saved.replacesID == 1)
        #expect(saved.summary == "Clip saved")
        #expect(saved.body == "clip-1.webm (a 3-second clip) with Fake camera, for a test.")
    }

    @Test func aStopClickedBeforeTheServerAnsweredItsIdStillPausesTheClip() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        let server = try #require(harness.notifications)
        server.clickBeforeAnswering("stop")
        _ = try await Requester.$current.withValue(.trigger("a test")) { try await harness.controller.perform("StartClip", [:]) }
        await eventually("the clip paused") { await !harness.controller.body.recording }
        await eventually("the replacement") { server.notifications.count == 2 }
        #expect(server.notifications.last?.summary == "Clip saved")
        #expect(server.notifications.last?.replacesID == 1)
    }

    /// A virtual camera whose readers the test sets.
    final class ReadVirtualCamera: VirtualCameraSource {
        let handlers = Mutex<[@Sendable ([String]) -> Void]>([])
        func startVirtualCamera() async throws(IntentError) -> VirtualCameraOffer {
            VirtualCameraOffer(nodeName: "retrocam.virtual", description: "Retrocam", caps: "video/x-raw")
        }
        func stopVirtualCamera() async {}
        func onReadersChanged(_ handler: @escaping @Sendable ([String]) -> Void) { handlers.withLock { $0.append(handler) } }
        func read(by applications: [String]) { for handler in handlers.withLock({ $0 }) { handler(applications) } }
    }

    @Test func aNoteThatExpiredIsShownAgainAndOneTheUserDismissedIsNot() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        let server = try #require(harness.notifications)
        let camera = ReadVirtualCamera()
        await harness.controller.attachVirtualCamera(VirtualCameraSwitch(source: camera))
        camera.read(by: ["Firefox", "OBS"])
        await eventually("the virtual camera notification") { server.notifications.count == 1 }
        let readers = "Firefox and OBS see your Retrocam picture. Stop turns the virtual camera off."
        #expect(server.notifications.first?.body == readers)
        // The server let it expire although it asked to stay: shown again in its place, naming the same readers.
        try server.closeByItself(1, reason: 1)
        await eventually("the virtual camera notification again") { server.notifications.count == 2 }
        #expect(server.notifications.last?.replacesID == 1 && server.notifications.last?.body == readers)
        // Dismissed: the user has seen it. The recording notification that comes after, expired, is shown again;
        // had the dismissed one come back, it would be before that.
        try server.closeByItself(1, reason: 2)
        _ = try await harness.controller.perform("StartClip", [:])
        await eventually("the recording notification") { server.notifications.count == 3 }
        try server.closeByItself(3, reason: 1)
        await eventually("the recording notification again") { server.notifications.count == 4 }
        #expect(server.notifications.map(\.replacesID) == [0, 1, 0, 3])
        #expect(server.notifications.last?.summary == "Recording with Fake camera")
        // Nobody reads any more: the virtual camera notification goes.
        camera.read(by: [])
        await eventually("the virtual camera notification closed") { server.closed == [1] }
    }

    @Test func aSelfTimerPhotoIsShownForWhoeverSetItOff() async throws {
        let harness = try await DesktopHarness(still: true)
        defer { harness.close() }
        _ = try await harness.controller.perform("SetTimer", ["value": .string("3")])
        _ = try await Requester.$current.withValue(.trigger("the camera key")) { try await harness.controller.perform("TakePhoto", [:]) }
        // The countdown runs on the real clock: wait for the photo, then for its notification.
        await eventually("the self-timer's photo") { await !harness.camera.takes.isEmpty }
        await eventually("the photo's notification") { harness.notifications?.notifications.count == 1 }
        #expect(harness.notifications?.notifications.first?.body == "photo-1.jpg, for the camera key.")
    }

    @Test func aTakeWithoutARequesterStillShows() async throws {
        let harness = try await DesktopHarness(still: true)
        defer { harness.close() }
        _ = try await harness.controller.perform("TakePhoto", [:])
        await eventually("the notification") { harness.notifications?.notifications.count == 1 }
        #expect(harness.notifications?.notifications.first?.body == "photo-1.jpg, for an unknown program.")
    }
}

/// Telling confined callers from `/proc`, as xdg-desktop-portal does.
@Suite struct SandboxInspectorTests {
    static func fakeProc(_ files: [String: String]) throws -> URL {
        let root = try temporaryFolder()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func aFlatpakIsNamedByItsInfoFile() throws {
        let proc = try Self.fakeProc(["42/root/.flatpak-info": "[Application]\nname=org.example.Cam\nruntime=x\n[Instance]\nname=wrong\n",
                                      "42/comm": "cam\n", "43/root/bin/sh": "", "43/comm": "bash\n", "43/cgroup": "0::/user.slice\n"])
        defer { try? FileManager.default.removeItem(at: proc) }
        let inspector = SandboxInspector(proc: proc.path)
        #expect(inspector.inspect(pid: 42, securityLabel: nil) == (.flatpak(appID: "org.example.Cam"), "cam"))
        #expect(inspector.inspect(pid: 43, securityLabel: nil) == (.none, "bash"))
    }

    @Test func anInfoFileWithoutAnAppOrAnUnreadableRootIsUnidentified() throws {
        let proc = try Self.fakeProc(["44/root/.flatpak-info": "[Instance]\nname=x\n"])
        defer { try? FileManager.default.removeItem(at: proc) }
        let inspector = SandboxInspector(proc: proc.path)
        guard case .unidentified = inspector.inspect(pid: 44, securityLabel: nil).sandbox else { Issue.record("not unidentified"); return }
        guard case .unidentified = inspector.inspect(pid: 45, securityLabel: nil).sandbox else { Issue.record("a missing process passed"); return }
        guard case .unidentified = inspector.inspect(pid: nil, securityLabel: nil).sandbox else { Issue.record("no pid passed"); return }
    }

    @Test func aLinkPlantedAsTheInfoFileIsNotFollowed() throws {
        let proc = try Self.fakeProc(["46/root/real": "[Application]\nname=org.example.Fake\n", "46/comm": "x\n"])
        defer { try? FileManager.default.removeItem(at: proc) }
        try FileManager.default.createSymbolicLink(atPath: proc.appendingPathComponent("46/root/.flatpak-info").path, withDestinationPath: "real")
        guard case .unidentified = SandboxInspector(proc: proc.path).inspect(pid: 46, securityLabel: nil).sandbox else {
            Issue.record("a linked .flatpak-info was read"); return
        }
    }

    @Test(arguments: [("snap.firefox.firefox (enforce)", "firefox"), ("snap.cheese.cheese", "cheese"), ("unconfined", nil),
                      ("/usr/bin/foo (enforce)", nil)] as [(String, String?)])
    func snapsAreNamedByTheirLabel(_ label: String, _ name: String?) {
        #expect(SandboxInspector.snapName(label: label) == name)
    }

    @Test func snapsAreNamedByTheirCgroup() {
        #expect(SandboxInspector.snapName(cgroup: "0::/user.slice/user-1000.slice/user@1000.service/app.slice/snap.cheese.cheese-1234.scope\n") == "cheese")
        #expect(SandboxInspector.snapName(cgroup: "0::/user.slice/user-1000.slice/session-2.scope\n") == nil)
    }
}

/// Lets tuples of the inspector's answer be compared.
func == (a: (sandbox: Caller.Sandbox, processName: String?), b: (Caller.Sandbox, String?)) -> Bool {
    a.sandbox == b.0 && a.processName == b.1
}
