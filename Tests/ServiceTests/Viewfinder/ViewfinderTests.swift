import DBus
import Foundation
import RetrocamTesting
import Testing

/// `retrocam-viewfinder` as a screen reader, a keyboard user and a Reduce Motion / Large Text user
/// meet it: under Xvfb with the AT-SPI bus on the private session bus, read with pyatspi and driven
/// with XTest keys and AT-SPI actions (`viewfinder_check.py`), against the real daemon.
/// Screenshots go to `.build/artifacts/viewfinder/` (the CI artifacts folder the README names).
@Suite(.serialized) struct ViewfinderTests {
    static let interface = "org.gnome.desktop.interface"
    static let sound = "org.gnome.desktop.sound"

    @Test func fullMotionScreenReaderKeyboardLibraryAndPreview() throws {
        let session = try ViewfinderSession(settings: [
            Self.interface: ["enable-animations": "true", "text-scaling-factor": "1.0"],
            Self.sound: ["event-sounds": "true"],
        ])
        defer { session.stop() }
        try session.expectCheck("intro", ["motion": "full"])
        let fact = try session.daemon.gdbusCall(DaemonHarness.intents, "FactOfTheDay").stdout
        let heard = session.daemon.waitUntil(10) {
            let said = session.spoken.trimmingCharacters(in: .newlines)
            return !said.isEmpty && fact.contains(said)
        }
        #expect(heard, "spd-say was given \(session.spoken.debugDescription), the fact is \(fact)")
        try session.expectCheck("tree")
        try session.expectCheck("keys")
        try session.expectCheck("motion", ["motion": "full"])
        try session.expectCheck("live", ["folder": ViewfinderSession.artifacts.path, "name": "full-motion"])

        // A click with every dial step, none when the desktop's event sounds are off.
        let clickLine = "click: /usr/share/sounds/freedesktop/stereo/"
        let before = session.log.components(separatedBy: clickLine).count
        try session.expectCheck("steps", ["control": "degree", "count": "3"])
        // A click's log line can come after the check has answered: wait for the lines.
        #expect(session.daemon.waitUntil(10) { session.log.components(separatedBy: clickLine).count - before == 6 },
                "\(session.log.suffix(2000))")
        try session.set(Self.sound, "event-sounds", "false")
        #expect(session.daemon.waitUntil(10) { session.log.contains("event sounds: off") })
        let silent = session.log.components(separatedBy: "click: off").count
        try session.expectCheck("steps", ["control": "zoom", "count": "2"])
        #expect(session.daemon.waitUntil(10) { session.log.components(separatedBy: "click: off").count - silent == 4 },
                "\(session.log.suffix(2000))")
        #expect(session.log.components(separatedBy: clickLine).count - before == 6, "a click played with event sounds off")

        // The daemon killed mid-take and started again: the viewfinder follows it, shows the
        // recovered take in the LIBRARY and its preview comes back.
        #expect(try session.daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        #expect(session.daemon.waitForRecordedFrames(10))
        try session.restartDaemonAfterKill()
        // LIBRARY's face says "Recovered takes available" now, UNDO's its countdown: both fit.
        try session.expectCheck("words", ["library": "Recovered takes available"])
        try session.expectCheck("library", ["recovered": "true"])
        try session.expectCheck("live", ["folder": ViewfinderSession.artifacts.path, "name": "after-daemon-restart"])

        // Closing the window lets the camera go: no preview client is left, the stream stops.
        let socket = try #require(session.log.split(separator: "\n").last { $0.contains("preview: reading") }
            .flatMap { $0.components(separatedBy: " from ").last })
        session.stopViewfinder()
        #expect(session.daemon.waitUntil(10) { (try? session.daemon.property("PreviewClients")) == "i 0" })
        #expect(session.daemon.waitUntil(10) { !FileManager.default.fileExists(atPath: String(socket)) }, "\(socket)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: session.reportURL)) as? [String: Any]
        #expect((report?["frames"] as? Int ?? 0) > 0, "\(String(describing: report))")
        #expect(report?["launch_to_first_frame_milliseconds"] is Double, "\(String(describing: report))")
        let latencies = report?["latency_microseconds"] as? [Int] ?? []
        #expect(!latencies.isEmpty, "no capture-time stamp was read back")
    }

    @Test func reduceMotionAndTextSizes() throws {
        let session = try ViewfinderSession(settings: [
            Self.interface: ["enable-animations": "false", "text-scaling-factor": "1.0"],
            Self.sound: ["event-sounds": "true"],
        ])
        defer { session.stop() }
        try session.expectCheck("intro", ["motion": "reduced"])
        try session.expectCheck("motion", ["motion": "reduced"])
        for (style, motion) in [("fade 150", "settle"), ("cut 0", "intro"), ("none 0", "spin-in"), ("still 0", "rec-ring")] {
            #expect(session.log.contains("\(motion): \(style)"), "the log does not say \(motion): \(style)")
        }
        var heights: [String: [String: Int]] = [:]
        for factor in ["1.0", "1.25", "2.0"] {
            if factor != "1.0" {
                try session.set(Self.interface, "text-scaling-factor", factor)
                // The layout check waits for GTK's layout to settle itself (two readings agree).
                #expect(session.daemon.waitUntil(30) { session.log.contains("text size: factor \(Double(factor)!)") })
            }
            let output = session.folder.appendingPathComponent("layout-\(factor).json")
            try session.expectCheck("layout", ["output": output.path])
            try session.expectCheck("words")
            try session.expectCheck("live", ["folder": ViewfinderSession.artifacts.path, "name": "text-\(factor)"])
            let layout = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
            heights[factor] = layout?["engraving_heights"] as? [String: Int] ?? [:]
        }
        let normal = heights["1.0"] ?? [:], large = heights["1.25"] ?? [:], huge = heights["2.0"] ?? [:]
        #expect(!normal.isEmpty && normal.keys.allSatisfy { (large[$0] ?? 0) > (normal[$0] ?? 0) },
                "the engravings did not grow at Large: \(normal) → \(large)")
        #expect(large == huge, "the engravings grew past Large: \(large) → \(huge)")

        // Reduce Motion switched off while the window is open: the springs come back.
        try session.set(Self.interface, "enable-animations", "true")
        #expect(session.daemon.waitUntil(10) { session.log.contains("motion: full") })
        try session.expectCheck("motion", ["motion": "full"])
    }

    @Test func desktopEntryIsValidAndItsIconLoads() throws {
        let root = ProcessRunner.packageRoot
        let entry = root.appendingPathComponent("desktop/retrocam-viewfinder.desktop")
        let validate = try ProcessRunner.run("/usr/bin/desktop-file-validate", [entry.path])
        #expect(validate.status == 0 && validate.stdout.isEmpty, "\(validate.stdout)\(validate.stderr)")
        let text = try String(contentsOf: entry, encoding: .utf8)
        #expect(text.contains("\nExec=retrocam-viewfinder\n") && text.contains("\nIcon=retrocam-viewfinder\n")
                && text.contains("\nStartupWMClass=retrocam-viewfinder\n"), "\(text)")
        #expect(FileManager.default.isExecutableFile(atPath: ProcessRunner.binDirectory.appendingPathComponent("retrocam-viewfinder").path))
        // The icon loads through GdkPixbuf, as GTK's icon theme loads it.
        let icon = root.appendingPathComponent("desktop/retrocam-viewfinder.svg")
        let load = try ProcessRunner.run("/usr/bin/python3", ["-c", """
            import sys, gi
            gi.require_version('GdkPixbuf', '2.0')
            from gi.repository import GdkPixbuf
            icon = GdkPixbuf.Pixbuf.new_from_file_at_size(sys.argv[1], 48, 48)
            print(icon.get_width(), icon.get_height())
            """, icon.path])
        #expect(load.status == 0 && load.text == "48 48", "\(load.stdout)\(load.stderr)")
    }
}
