import Desktop
import Foundation
import Intents
import Testing

@Suite struct ConfigTests {
    @Test func everySettingIsRead() throws {
        let config = try DesktopConfig.parse("""
            # comment
            action = shortcut timelapse
            keys = on
            keys-device = /dev/input/event9
            keys-shutter = camera 183
            keys-action = volumeup
            portal = off
            notifications = no
            """, file: "config")
        #expect(config.action == .shortcut("timelapse"))
        #expect(config.keys && !config.portal && !config.notifications)
        #expect(config.keysDevice == "/dev/input/event9")
        #expect(config.keyMap == KeyMap(shutter: [.camera, KeyCode(183)], action: [.volumeUp]))
        #expect(try DesktopConfig.parse("", file: "config") == DesktopConfig())
    }

    @Test func theVolumeKeysAreOnlyUsedWhenAskedFor() throws {
        #expect(DesktopConfig().keyMap == KeyMap(shutter: [.camera], action: [.cameraFocus]))
        let asked = try DesktopConfig.parse("keys-volume = on\n", file: "config")
        #expect(asked.keyMap == KeyMap(shutter: [.camera, .volumeUp, .volumeDown], action: [.cameraFocus]))
        let listed = try DesktopConfig.parse("keys-shutter = camera volumedown\nkeys-volume = on\n", file: "config")
        #expect(listed.keyMap == KeyMap(shutter: [.camera, .volumeDown, .volumeUp], action: [.cameraFocus]))
        #expect(throws: ShortcutError.self) { try DesktopConfig.parse("keys-volume = loud\n", file: "config") }
    }

    @Test(arguments: [
        ("colour = red", "config:1: Unknown setting 'colour'."),
        ("\nkeys = maybe", "config:2: keys is on or off, not 'maybe'."),
        ("keys-shutter = camera shutter", "config:1: Unknown key 'shutter'."),
        ("action", "config:1: A setting is written key = value."),
        ("action = teleport", "config:1: 'teleport' is not a step."),
    ])
    func mistakesNameTheLine(text: String, prefix: String) {
        #expect(throws: ShortcutError.self) { try DesktopConfig.parse(text, file: "config") }
        do { _ = try DesktopConfig.parse(text, file: "config") } catch {
            #expect(error.description.hasPrefix(prefix), "\(error.description)")
        }
    }

    @Test func savingTheActionKeepsTheOtherLines() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("retrocam/config")
        try DesktopConfig.saveAction(.shutter, to: file)
        #expect(try DesktopConfig.load(from: file).action == .shutter)
        try "# mine\nkeys = on\naction = shutter\nportal = off\n".write(to: file, atomically: true, encoding: .utf8)
        try DesktopConfig.saveAction(.shortcut("noir-portrait"), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "# mine\nkeys = on\naction = shortcut noir-portrait\nportal = off\n")
    }

    @Test func aBrokenConfigIsLoggedAndTheDefaultsUsed() async throws {
        let harness = try await DesktopHarness(config: "keys = sometimes\n")
        defer { harness.close() }
        #expect(harness.log.all.first?.hasSuffix("config:1: keys is on or off, not 'sometimes'.; using the defaults.") == true)
        #expect(harness.desktop.config == DesktopConfig())
    }
}

/// Argument lists a fake program runner was given.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [[String]] = []
    func append(_ call: [String]) { lock.withLock { calls.append(call) } }
    var all: [[String]] { lock.withLock { calls } }
}

@Suite struct DesktopEntryTests {
    @Test func everyShippedShortcutHasAnAction() throws {
        let entry = try String(contentsOf: shippedShortcuts.appendingPathComponent("retrocam.desktop"), encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: shippedShortcuts.path)
            .filter { $0.hasSuffix(".retrocam") }.map { String($0.dropLast(".retrocam".count)) }
        #expect(names.count >= 3)
        for name in names {
            #expect(entry.contains("\nExec=retrocam shortcut run \(name)\n"), "no action runs \(name)")
        }
    }

    @Test func theEntryAndItsActionsRunWithoutATerminal() throws {
        // A terminal around a command that ends at once closes before anything can be read; and the
        // actions inherit the entry's Terminal= in GLib's launcher, so the entry has none.
        let entry = try String(contentsOf: shippedShortcuts.appendingPathComponent("retrocam.desktop"), encoding: .utf8)
        let main = entry.components(separatedBy: "\n\n")[0]
        #expect(main.contains("\nTerminal=false\n"), "\(main)")
        #expect(main.contains("\nExec=retrocam photo\n"), "\(main)")
    }

    @Test(arguments: ["retrocam.desktop", "hotkeys/org.retrocam.Hotkeys.desktop"])
    func theDesktopFilesValidate(_ file: String) throws {
        let report = try desktopFileValidate(shippedShortcuts.appendingPathComponent(file))
        #expect(report.status == 0 && report.output.isEmpty, "\(report.output)")
    }
}

/// Runs `desktop-file-validate` on a file: its exit status and everything it printed.
func desktopFileValidate(_ file: URL) throws -> (status: Int32, output: String) {
    try run("/usr/bin/desktop-file-validate", [file.path], environment: [:])
}
