import DBus
import RetrocamTesting
import Desktop
import Foundation
import Testing

@Suite struct PortalTests {
    @Test func hotkeysAreBoundAndActivationsArePressAndRelease() async throws {
        let bus = try PrivateBus()
        let portal = try await PortalFixture(bus: bus)
        defer { portal.close() }
        let harness = try await DesktopHarness(still: true, bus: bus) { $0.portal = true }
        defer { harness.close() }
        let result = try #require(await harness.desktop.portalResult())
        let bound = try result.get()
        #expect(bound.map(\.id) == ["shutter", "action", "photo", "record"])
        #expect(bound.first?.triggerDescription == "CTRL+ALT+SHIFT+C")
        #expect(portal.bound.first?.description == "Retrocam shutter (CINE: start/pause; STILL: shoot on release)")
        #expect(portal.sessionHandle?.hasPrefix("/org/freedesktop/portal/desktop/session/") == true)

        // The shutter goes down, then the photo hotkey is pressed. Hotkeys are handled in order, so once that
        // photo is there the shutter's press was handled before it: had the press shot, there would be two.
        try portal.activate("shutter")
        try portal.activate("photo")
        await eventually("the photo hotkey's photo") { await harness.camera.takes.count == 1 }
        #expect(await harness.camera.takes.count == 1, "STILL shoots on release, not on press")
        try portal.deactivate("shutter")
        await eventually("the photo on release") { await harness.camera.takes.count == 2 }
        await eventually("their notifications") { harness.notifications?.notifications.count == 2 }
        #expect(harness.notifications?.notifications.map(\.body) == ["photo-1.jpg, for a hotkey.", "photo-2.jpg, for a hotkey."])

        // Another session's signals are not ours. In CINE our RECORD starts a clip (after a photo, which
        // switches to STILL, it would take one instead): once the clip records, the other session's PHOTO,
        // sent before it, was handled before it, and took nothing.
        _ = try await harness.controller.perform(.setMode, ["value": .string("cine")])
        try portal.emit("Activated", "photo", session: "/org/freedesktop/portal/desktop/session/other/x")
        try portal.activate("record")
        await eventually("our RECORD's clip") { await harness.controller.body.recording }
        #expect(await harness.camera.takes.count == 2)
        _ = try await harness.controller.perform(.pauseClip)
        #expect(harness.log.all.contains { $0.hasPrefix("hotkeys: registered with the desktop portal: shutter (CTRL+ALT+SHIFT+C)") })
    }

    struct BadPortal: Sendable, CustomTestStringConvertible {
        let behavior: PortalFixture.Behavior?
        let kind: PortalError.Kind
        let messagePrefix: String
        var testDescription: String { messagePrefix }
    }

    @Test(arguments: [
        BadPortal(behavior: nil, kind: .notAvailable, messagePrefix: "No xdg-desktop-portal on the session bus"),
        BadPortal(behavior: .noGlobalShortcuts, kind: .notAvailable, messagePrefix: "The desktop portal has no GlobalShortcuts interface"),
        BadPortal(behavior: .cancelBind, kind: .refused, messagePrefix: "The hotkeys were declined in the portal's dialog"),
        BadPortal(behavior: .badResponseSignature, kind: .badReply, messagePrefix: "The portal's Response to CreateSession had signature \"s\""),
        BadPortal(behavior: .noSessionHandle, kind: .badReply, messagePrefix: "The portal created a session without a valid session_handle"),
        BadPortal(behavior: .silent, kind: .timedOut, messagePrefix: "The portal did not answer CreateSession within 1 s."),
    ])
    func badPortalsAreReportedAndTheDaemonCarriesOn(_ bad: BadPortal) async throws {
        // A bus that can start no service: with xdg-desktop-portal installed, a session bus would start
        // the real portal when it is asked for, and "no portal" could not be played.
        let nothingToStart = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: nothingToStart) }
        let bus = try PrivateBus(serviceDirectories: [nothingToStart.path])
        var portal: PortalFixture?
        if let behavior = bad.behavior { portal = try await PortalFixture(bus: bus, behavior: behavior) }
        defer { portal?.close() }
        let harness = try await DesktopHarness(bus: bus) {
            $0.portal = true
            $0.portalTimeout = .seconds(1)
        }
        defer { harness.close() }
        let result = try #require(await harness.desktop.portalResult())
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.kind == bad.kind)
        #expect(error.message.hasPrefix(bad.messagePrefix), "\(error.message)")
        #expect(harness.log.all.contains("hotkeys: \(error.message)"))
        // The rest of the desktop side still answers.
        #expect(try await harness.shortcuts.get("Action").stringValue == "shutter")
    }

    @Test func noPortalMeansNoRequest() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        #expect(await harness.desktop.portalResult() == nil)
    }
}
