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
        #expect(bound.first?.triggerDescription == "CTRL+ALT+SHIFT+X")
        #expect(portal.bound.first?.description == "Retrocam shutter")
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
        #expect(harness.log.all.contains { $0.hasPrefix("hotkeys: registered with the desktop portal: shutter (CTRL+ALT+SHIFT+X)") })
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
        guard let error = try await Self.failure(of: harness) else { return }
        #expect(error.kind == bad.kind)
        #expect(error.message.hasPrefix(bad.messagePrefix), "\(error.message)")
        #expect(harness.log.all.contains("hotkeys: \(error.message)"))
        // The rest of the desktop side still answers.
        #expect(try await harness.shortcuts.get("Action").stringValue == "shutter")
    }

    @Test func aStopRightAfterStartLeavesNoSubscriptionOnTheBus() async throws {
        // The same desktop side with no portal asked: the match rules the rest of it keeps.
        let plain = try await DesktopHarness(notificationServer: false, configure: { $0.notifications = false }, started: { $0.stop() })
        defer { plain.close() }
        let bus = try PrivateBus()
        let portal = try await PortalFixture(bus: bus)
        defer { portal.close() }
        // Stopped the moment it is made: nearly always before the watch on the portal's name is in place (the
        // bus has not answered its AddMatch yet), now and then with the first bind already under way.
        let harness = try await DesktopHarness(notificationServer: false, bus: bus) {
            $0.portal = true
            $0.notifications = false
        } started: { $0.stop() }
        defer { harness.close() }
        let result = try #require(await harness.desktop.portalResult())
        let left = try #require(try await harness.daemonMatchRules()), kept = try #require(try await plain.daemonMatchRules())
        // Once a call to the portal waited for its Response, the connection follows the portal's owner for the
        // rest of its life (one rule per name, the DBus layer's cache): that one rule is not the desktop side's.
        let followed: UInt32 = portal.calls.contains("CreateSession") ? 1 : 0
        let seen = "the portal saw \(portal.calls), the bind answered \(result)"
        #expect(left == kept + followed, "\(left) match rules left after the stop, \(kept) without a portal; \(seen)")
        if portal.calls.isEmpty {
            #expect(result == .failure(PortalError(.notAvailable, "The daemon stopped before the hotkeys were bound.")))
        }
    }

    /// An applications folder holding the shipped `org.retrocam.Camera.desktop`, as `scripts/install` and the
    /// package put it where GLib looks; `withEntry: false` gives the folder of a copy installed without it.
    static func applications(withEntry: Bool) throws -> URL {
        let folder = try temporaryFolder().appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if withEntry {
            try FileManager.default.copyItem(at: shippedDesktopFolder.appendingPathComponent("org.retrocam.Camera.desktop"),
                                             to: folder.appendingPathComponent("org.retrocam.Camera.desktop"))
        }
        return folder
    }

    @Test func aPortalWithARegistryLearnsTheAppIDBeforeAnyOtherCall() async throws {
        let applications = try Self.applications(withEntry: true)
        defer { try? FileManager.default.removeItem(at: applications.deletingLastPathComponent()) }
        let bus = try PrivateBus()
        // As 1.22: Register only first and once, only with a desktop file; no session without an app id.
        let portal = try await PortalFixture(bus: bus, registry: .init(applications: applications), requiresAppID: true)
        defer { portal.close() }
        let harness = try await DesktopHarness(bus: bus) { $0.portal = true }
        defer { harness.close() }
        let bound = try #require(await harness.desktop.portalResult()).get()
        #expect(bound.map(\.id) == ["shutter", "action", "photo", "record"])
        #expect(portal.registered == ["org.retrocam.Camera"])
        #expect(portal.calls == ["Register org.retrocam.Camera", "version", "CreateSession", "BindShortcuts"])
        #expect(harness.log.all.filter { $0.hasPrefix("hotkeys:") }.count == 1, "\(harness.log.all)")
    }

    @Test func aPortalWithoutARegistryIsUsedQuietly() async throws {
        // As Debian 12's 1.16: Register is an unknown interface, and sessions need no app id.
        let bus = try PrivateBus()
        let portal = try await PortalFixture(bus: bus)
        defer { portal.close() }
        let harness = try await DesktopHarness(bus: bus) { $0.portal = true }
        defer { harness.close() }
        let bound = try #require(await harness.desktop.portalResult()).get()
        #expect(bound.map(\.id) == ["shutter", "action", "photo", "record"])
        #expect(portal.calls == ["version", "CreateSession", "BindShortcuts"])
        let lines = harness.log.all.filter { $0.hasPrefix("hotkeys:") }
        #expect(lines.count == 1 && lines[0].hasPrefix("hotkeys: registered with the desktop portal: shutter"), "\(lines)")
        #expect(!harness.log.all.contains { $0.localizedCaseInsensitiveContains("registry") }, "\(harness.log.all)")
    }

    struct RefusedSession: Sendable, CustomTestStringConvertible {
        let registry: Bool
        let note: String
        var testDescription: String { note }
    }

    @Test(arguments: [
        // 1.22 on a machine where the desktop file was not installed: Register fails, then CreateSession.
        RefusedSession(registry: true, note: "registering as org.retrocam.Camera was refused: Can't create registered app"),
        // A portal that wants an app id and offers no way to give one.
        RefusedSession(registry: false, note: "this portal has no registry to tell it Retrocam's app id"),
    ])
    func aRefusedSessionIsOneLineThatPointsToBind(_ refused: RefusedSession) async throws {
        let applications = try Self.applications(withEntry: false)
        defer { try? FileManager.default.removeItem(at: applications.deletingLastPathComponent()) }
        let bus = try PrivateBus()
        let portal = try await PortalFixture(bus: bus, registry: refused.registry ? .init(applications: applications) : nil,
                                             requiresAppID: true)
        defer { portal.close() }
        let harness = try await DesktopHarness(bus: bus) { $0.portal = true }
        defer { harness.close() }
        guard let error = try await Self.failure(of: harness) else { return }
        #expect(error.kind == .refused)
        #expect(error.message == "The portal refused CreateSession: An app id is required (\(refused.note)); use 'retrocam bind' for your desktop's own shortcut settings.")
        #expect(harness.log.all.filter { $0.hasPrefix("hotkeys:") } == ["hotkeys: \(error.message)"])
        #expect(portal.registered.isEmpty)
        #expect(!portal.calls.contains("BindShortcuts"))
        // The rest of the desktop side still answers.
        #expect(try await harness.shortcuts.get("Action").stringValue == "shutter")
    }

    @Test func debiansOwnPortalWithoutARegistryIsTakenQuietly() async throws {
        // The real xdg-desktop-portal of Debian 12 (1.16), started by the bus at the first call: it answers
        // Register with GDBus's UnknownMethod, and with no backend here it has no GlobalShortcuts either.
        let portalProgram = "/usr/libexec/xdg-desktop-portal"
        try #require(FileManager.default.isExecutableFile(atPath: portalProgram), "scripts/packages.sh installs xdg-desktop-portal")
        let services = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: services) }
        try "[D-BUS Service]\nName=org.freedesktop.portal.Desktop\nExec=\(portalProgram)\n"
            .write(to: services.appendingPathComponent("org.freedesktop.portal.Desktop.service"), atomically: true, encoding: .utf8)
        let bus = try PrivateBus(serviceDirectories: [services.path])
        let harness = try await DesktopHarness(bus: bus) { $0.portal = true }
        defer { harness.close() }
        guard let error = try await Self.failure(of: harness) else { return }
        // GDBus's own sentence: the real portal answered (a portal that failed to start would not say it).
        #expect(error.message.hasPrefix("The desktop portal has no GlobalShortcuts interface (No such interface"), "\(error.message)")
        #expect(harness.log.all.filter { $0.hasPrefix("hotkeys:") } == ["hotkeys: \(error.message)"])
        #expect(!error.message.localizedCaseInsensitiveContains("regist"), "\(error.message)")
    }

    @Test func theDaemonsDesktopEntryValidatesAndNamesTheAppID() throws {
        let entry = shippedDesktopFolder.appendingPathComponent("org.retrocam.Camera.desktop")
        let report = try desktopFileValidate(entry)
        #expect(report.status == 0 && report.output.isEmpty, "\(report.output)")
        let text = try String(contentsOf: entry, encoding: .utf8)
        #expect(text.contains("\nNoDisplay=true\n") && text.contains("\nExec=retrocamd\n"), "\(text)")
    }

    /// How the daemon's portal setup failed; nil, with an issue recorded, when it bound the hotkeys.
    static func failure(of harness: DesktopHarness, sourceLocation: SourceLocation = #_sourceLocation) async throws -> PortalError? {
        let result = try #require(await harness.desktop.portalResult(), sourceLocation: sourceLocation)
        guard case .failure(let error) = result else {
            Issue.record("expected the portal to fail, got \(result)", sourceLocation: sourceLocation)
            return nil
        }
        return error
    }

    @Test func noPortalMeansNoRequest() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        #expect(await harness.desktop.portalResult() == nil)
    }
    @Test func aPortalThatStartsLateOrAgainIsBoundAgain() async throws {
        // A bus that can start no service, so the portal is there only while a fixture owns its name.
        let nothingToStart = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: nothingToStart) }
        let bus = try PrivateBus(serviceDirectories: [nothingToStart.path])
        let harness = try await DesktopHarness(still: true, bus: bus) { $0.portal = true }
        defer { harness.close() }
        let first = try await Self.failure(of: harness)
        #expect(first?.kind == .notAvailable, "no portal yet")

        for (round, takes) in [(1, 1), (2, 2)] {
            let portal = try await PortalFixture(bus: bus)
            defer { portal.close() }
            await eventually("round \(round): the hotkeys bound with the portal that came") { portal.bound.count == 4 }
            #expect(portal.calls.suffix(2) == ["CreateSession", "BindShortcuts"])
            guard case .success(let bound)? = await harness.desktop.portalResult() else {
                Issue.record("round \(round): the latest registration did not succeed")
                return
            }
            #expect(bound.map(\.id) == ["shutter", "action", "photo", "record"])
            try portal.activate("photo")
            await eventually("round \(round): the photo hotkey of the new session") { await harness.camera.takes.count == takes }
        }
        #expect(harness.log.all.filter { $0.hasPrefix("hotkeys: the desktop portal started again") }.count == 2)
        #expect(await harness.camera.takes.count == 2, "one photo a press, none from a forgotten session")
    }
}
