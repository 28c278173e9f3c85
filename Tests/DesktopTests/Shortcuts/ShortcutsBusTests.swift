import BusNames
import DBus
import Desktop
import Foundation
import Hotkeys
import RetrocamTesting
import Testing

@Suite struct ShortcutsBusTests {
    @Test func listShortcutsShowsShippedAndUserFiles() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        try "# Broken\nphoto\nfly\n".write(to: try harness.userShortcuts().appendingPathComponent("broken.retrocam"), atomically: true, encoding: .utf8)
        let rows = try await harness.shortcuts.call("ListShortcuts").first?.arrayValues ?? []
        let names = rows.compactMap { $0.structureFields?.first?.stringValue }
        #expect(names == ["broken", "noir-portrait", "super8-birthday", "timelapse"])
        let broken = try #require(rows.first?.structureFields)
        #expect(broken[1].stringValue == "Invalid: broken.retrocam:3: 'fly' is not a step. Steps: photo, clip, record, set, light, flip, undo, last-take, shutter, activate, adjust, perform, wait, repeat, end.")
        #expect(broken[3].boolValue == false)
    }

    @Test func runShortcutAnswersEachStepWithProgressAndNotifies() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        try "# Two photos\nset mode still\nphoto\nwait 50ms\nphoto\n".write(
            to: try harness.userShortcuts().appendingPathComponent("two.retrocam"), atomically: true, encoding: .utf8)
        let progress = LogLines()
        try await harness.shortcuts.onSignal("ShortcutProgress") { args in
            progress.append(args.map { $0.stringValue ?? String($0.uint32Value ?? 0) }.joined(separator: "|"))
        }
        let reply = try #require(try await harness.shortcuts.call("RunShortcut", [.string("two")]).first?.variantDictionary)
        #expect(reply["dialog"]?.stringValue == "Ran two: 4 steps, 2 takes saved.")
        #expect(reply["paths"]?.stringArray == ["/fake/Pictures/photo-1.jpg", "/fake/Pictures/photo-2.jpg"])
        let steps = reply["steps"]?.arrayValues?.compactMap(\.structureFields) ?? []
        #expect(steps.map { $0[0].uint32Value } == [2, 3, 4, 5])
        #expect(steps[1][2].stringValue == "Photo taken.")
        await eventually("four progress signals") { progress.all.count == 4 }
        #expect(progress.all.first == "two|1|4|Mode set to Still.")
        #expect(progress.all.last == "two|4|4|Photo taken.")
        // Each photo is shown, for the program that ran the shortcut (this test process).
        await eventually("a notification per photo") { harness.notifications?.notifications.count == 2 }
        let notes = harness.notifications?.notifications ?? []
        #expect(notes.map(\.summary) == ["Photo taken with Fake camera", "Photo taken with Fake camera"])
        let me = try String(contentsOfFile: "/proc/self/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(notes.map(\.body) == ["photo-1.jpg, for \(me).", "photo-2.jpg, for \(me)."])
        #expect(notes.allSatisfy { $0.appName == "Retrocam" })
    }

    @Test func badNamesAndFilesAreNamedErrors() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        try Data([0x00, 0xFF, 0x13, 0x37]).write(to: try harness.userShortcuts().appendingPathComponent("garbage.retrocam"))
        let traversal = await busError { try await harness.shortcuts.call("RunShortcut", [.string("../../etc/passwd")]) }
        #expect(traversal?.name == DBusError.Names.invalidArgs)
        let missing = await busError { try await harness.shortcuts.call("RunShortcut", [.string("nope")]) }
        #expect(missing?.name == BusContract.ErrorName.notFound.name)
        #expect(missing?.message.hasPrefix("nope.retrocam: There is no shortcut called nope. Shortcuts: garbage, noir-portrait") == true)
        let garbage = await busError { try await harness.shortcuts.call("RunShortcut", [.string("garbage")]) }
        #expect(garbage?.name == BusContract.ErrorName.unsupported.name)
        #expect(garbage?.message == "garbage.retrocam: This is not a text file (a control byte at offset 0).")
        let failing = await busError { try await harness.shortcuts.call("RunShortcut", [.string("noir-portrait")]) }
        #expect(failing == nil)
    }

    @Test func cancelStopsARunningShortcut() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        try "light on\nwait 20s\nlight off\n".write(to: try harness.userShortcuts().appendingPathComponent("slow.retrocam"), atomically: true, encoding: .utf8)
        let shortcuts = harness.shortcuts
        let run = Task { await busError { try await shortcuts.call("RunShortcut", [.string("slow")]) } }
        await eventually("the light is on") { await harness.controller.body.light }
        let notRunning = await busError { try await shortcuts.call("CancelShortcut", [.string("timelapse")]) }
        #expect(notRunning?.message == "The shortcut timelapse is not running. Running: slow.")
        let twice = await busError { try await shortcuts.call("RunShortcut", [.string("slow")]) }
        #expect(twice?.message == "The shortcut slow is already running. Cancel it first.")
        _ = try await shortcuts.call("CancelShortcut", [.string("slow")])
        let error = await run.value
        #expect(error?.name == BusContract.ErrorName.notAllowed.name)
        #expect(error?.message == "The shortcut slow was cancelled after 1 step.")
        #expect(await harness.controller.body.light)
    }

    @Test func theActionButtonIsAssignedSavedAndPressed() async throws {
        let harness = try await DesktopHarness(still: true, config: "# mine\nportal = off\naction = shutter\n")
        defer { harness.close() }
        let shortcuts = harness.shortcuts
        #expect(try await shortcuts.get("Action").stringValue == "shutter")
        // The shutter: STILL shoots on release.
        let pressed = try await shortcuts.call("PressAction").first?.variantDictionary
        #expect(pressed?["dialog"]?.stringValue == "")
        let released = try await shortcuts.call("ReleaseAction").first?.variantDictionary
        #expect(released?["path"]?.stringValue == "/fake/Pictures/photo-1.jpg")
        await eventually("a notification") { harness.notifications?.notifications.first?.summary == "Photo taken with Fake camera" }

        let changed = LogLines()
        try await shortcuts.onPropertiesChanged { changed.append($0["Action"]?.stringValue ?? "") }
        #expect(try await shortcuts.call("SetAction", [.string("set decade 1970s")]).first?.stringValue == "set decade 1970s")
        await eventually("PropertiesChanged") { changed.all == ["set decade 1970s"] }
        let config = try String(contentsOf: harness.home.appendingPathComponent("config/retrocam/config"), encoding: .utf8)
        #expect(config == "# mine\nportal = off\naction = set decade 1970s\n")
        #expect(try await shortcuts.call("PressAction").first?.variantDictionary?["dialog"]?.stringValue?.hasPrefix("Decade set to the 1970s") == true)
        #expect(try await shortcuts.call("ReleaseAction").first?.variantDictionary?["dialog"]?.stringValue == "")

        let bad = await busError { try await shortcuts.call("SetAction", [.string("shortcut missing")]) }
        #expect(bad?.name == BusContract.ErrorName.notFound.name)
        let wait = await busError { try await shortcuts.call("SetAction", [.string("wait 5s")]) }
        #expect(wait?.name == BusContract.ErrorName.unsupported.name)
        #expect(try await shortcuts.call("SetAction", [.string("shortcut timelapse")]).first?.stringValue == "shortcut timelapse")
    }

    @Test func hotkeyBindingAnswersTheSnippet() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        let snippet = try await harness.shortcuts.call("HotkeyBinding", [.string("sway")]).first?.stringValue
        #expect(snippet == HotkeySnippets.text(for: .sway))
        let unknown = await busError { try await harness.shortcuts.call("HotkeyBinding", [.string("windows")]) }
        #expect(unknown?.message == "No desktop called 'windows'. Desktops: gnome, kde, sway, i3, hyprland.")
    }

    @Test(arguments: ["sway", "gnome", "KDE", "windows", "", TextCase(String(repeating: "x", count: 100_000))] as [TextCase])
    func installingHotkeysOverTheBusIsRefused(_ named: TextCase) async throws {
        let desktop = named.text
        let harness = try await DesktopHarness()
        defer { harness.close() }
        let refused = await busError { try await harness.shortcuts.call("InstallHotkeys", [.string(desktop)]) }
        #expect(refused?.name == BusContract.ErrorName.notAllowed.name)
        let named = HotkeyDesktop(rawValue: desktop.lowercased())?.rawValue ?? "DESKTOP"
        #expect(refused?.message == "Hotkeys are installed by you, not over the bus: run 'retrocam bind \(named) install'.")
        #expect(!FileManager.default.fileExists(atPath: harness.home.appendingPathComponent("config/sway").path))
        #expect(!FileManager.default.fileExists(atPath: harness.home.appendingPathComponent(".local/share/kglobalaccel").path))
        let wrongType = await busError { try await harness.shortcuts.call("InstallHotkeys", [.int32(3)]) }
        #expect(wrongType?.name == "org.freedesktop.DBus.Error.InvalidArgs")
    }

    @Test func introspectionListsShortcuts1BesideOtherInterfaces() async throws {
        let harness = try await DesktopHarness()
        defer { harness.close() }
        try harness.server.register(BusContract.objectPath, interfaces: [Interface(BusContract.cameraInterface)])
        let xml = harness.server.introspectionXML(path: BusContract.objectPath)
        #expect(xml.contains("<interface name=\"\(BusContract.shortcutsInterface)\">"))
        #expect(xml.contains("<interface name=\"\(BusContract.cameraInterface)\">"))
        #expect(xml.contains("<signal name=\"ShortcutProgress\">"))
    }
}
