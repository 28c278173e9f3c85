import BusNames
import DBus
import RetrocamTesting
import Foundation
import Testing

/// Throws with the tool's stderr unless it exited 0.
func ok(_ output: ProcessOutput, _ what: String) throws {
    guard output.status == 0 else { throw HarnessError("\(what): \(output.stderr)") }
}

extension CallerEndToEndTests {
    /// Show it: every capture path ends in a notification on a real notification server (dunst under
    /// Xvfb, on the private bus); a clip shows a persistent one whose Stop button (clicked with
    /// dunstctl) pauses and saves the clip; a stalled server delays nobody.
    @Suite(.enabled(if: DesktopPeers.available)) struct IndicatorTests {
        /// One way of filming, what it is called, and what must be shown afterwards.
        struct Path {
            let name: String
            let run: (DaemonHarness) throws -> Void
            let summaries: [String]
        }

        /// Waits until dunst shows at least `count` notifications.
        static func waitShown(_ desk: NotificationDesk, _ count: Int, seconds: Double = 60) -> Bool {
            Wait.blockingUntil(seconds) { try desk.displayed() >= count }
        }


        @Test func everyCapturePathIsShown() throws {
            let bus = try PrivateBus()
            let desk = try NotificationDesk(bus: bus)
            defer { desk.stop() }
            let daemon = try DaemonHarness(bus: bus)
            defer { daemon.stop() }
            let shortcuts = daemon.home.appendingPathComponent("config/retrocam/shortcuts")
            try FileManager.default.createDirectory(at: shortcuts, withIntermediateDirectories: true)
            try "set timer off\nphoto\nclip start\nwait 1s\nclip pause\n".write(to: shortcuts.appendingPathComponent("both.retrocam"),
                                                                               atomically: true, encoding: .utf8)
            let photo = "Photo taken with Test card (colour bars)", clip = "Clip saved"
            let i = DaemonHarness.intents, c = DaemonHarness.camera
            func still(_ d: DaemonHarness) throws { try ok(try d.busctlCall(i, "SetMode", ["s", "still"]), "still") }
            func cine(_ d: DaemonHarness) throws { try ok(try d.busctlCall(i, "SetMode", ["s", "cine"]), "cine") }
            let paths: [Path] = [
                Path(name: "TakePhoto (busctl)", run: { try ok(try $0.busctlCall(i, "TakePhoto"), "TakePhoto") }, summaries: [photo]),
                Path(name: "Perform TakePhoto (gdbus)", run: { try ok(try $0.gdbusCall(i, "Perform", ["TakePhoto", "{}"]), "Perform") }, summaries: [photo]),
                Path(name: "Interpret 'take a picture' (dbus-send)", run: {
                    try ok(try $0.dbusSend(i, "Interpret", ["string:take a picture", "boolean:true"]), "Interpret")
                }, summaries: [photo]),
                Path(name: "ToggleRecord in STILL", run: { try still($0); try ok(try $0.busctlCall(i, "ToggleRecord"), "ToggleRecord") }, summaries: [photo]),
                Path(name: "Shutter release in STILL (retrocam)", run: {
                    try still($0); try ok(try $0.retrocam(["shutter", "press"]), "press"); try ok(try $0.retrocam(["shutter", "release"]), "release")
                }, summaries: [photo]),
                Path(name: "Activate rec in STILL", run: { try still($0); try ok(try $0.busctlCall(c, "Activate", ["s", "rec"]), "Activate") }, summaries: [photo]),
                Path(name: "self-timer photo", run: {
                    let before = try $0.property("LastTake")
                    try ok(try $0.busctlCall(i, "SetTimer", ["s", "3"]), "timer")
                    try ok(try $0.busctlCall(i, "TakePhoto"), "TakePhoto")
                    let daemon: DaemonHarness = $0
                    #expect(daemon.waitUntil(60) { try daemon.property("LastTake") != before }, "the countdown's photo")
                    try ok(try $0.busctlCall(i, "SetTimer", ["s", "off"]), "timer off")
                }, summaries: [photo]),
                Path(name: "Press/ReleaseAction (the action button)", run: {
                    try still($0)
                    try ok(try $0.busctlCall(BusContract.shortcutsInterface, "PressAction"), "press")
                    try ok(try $0.busctlCall(BusContract.shortcutsInterface, "ReleaseAction"), "release")
                }, summaries: [photo]),
                Path(name: "StartClip + PauseClip", run: {
                    try ok(try $0.busctlCall(i, "StartClip"), "StartClip"); #expect($0.waitForRecordedFrames(5))
                    try ok(try $0.busctlCall(i, "PauseClip"), "PauseClip")
                }, summaries: [clip]),
                Path(name: "ToggleRecord in CINE", run: {
                    try cine($0); try ok(try $0.busctlCall(i, "ToggleRecord"), "start"); #expect($0.waitForRecordedFrames(5))
                    try ok(try $0.busctlCall(i, "ToggleRecord"), "stop")
                }, summaries: [clip]),
                Path(name: "Shutter press in CINE", run: {
                    try cine($0); try ok(try $0.busctlCall(c, "Shutter", ["s", "press"]), "start"); #expect($0.waitForRecordedFrames(5))
                    try ok(try $0.busctlCall(c, "Shutter", ["s", "press"]), "stop")
                }, summaries: [clip]),
                Path(name: "RunShortcut (a photo and a clip)", run: {
                    try ok(try $0.busctlCall(BusContract.shortcutsInterface, "RunShortcut", ["s", "both"]), "RunShortcut")
                }, summaries: [photo, clip]),
            ]
            var shown = 0
            for path in paths {
                try path.run(daemon)
                let appeared = Self.waitShown(desk, path.summaries.count)
                let notes = try desk.closeAllAndRead()
                let summaries = Set(notes.map(\.summary))
                let complete = appeared && path.summaries.allSatisfy(summaries.contains)
                #expect(complete, "\(path.name): shown \(notes)")
                if complete { shown += 1 }
                for note in notes { #expect(note.body.contains(", for ") || note.body.contains(" for "), "\(path.name): \(note.body)") }
            }
            print("capture paths that notify: \(shown) of \(paths.count)")
            #expect(shown == paths.count)
        }

        @Test func aClipShowsWhoItFilmsForUntilStopIsClicked() throws {
            let bus = try PrivateBus()
            let desk = try NotificationDesk(bus: bus)
            defer { desk.stop() }
            let daemon = try DaemonHarness(bus: bus)
            defer { daemon.stop() }
            let notifies = try BusMonitor(address: bus.address, member: "Notify")
            defer { notifies.stop() }
            #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
            #expect(Self.waitShown(desk, 1), "no recording notification")
            #expect(daemon.waitForRecordedFrames(30), "a second of the clip")
            #expect(try desk.displayed() == 1, "the recording notification stays while the clip records")
            let clicks = try BusMonitor(address: bus.address, member: "ActionInvoked", kind: .signal)
            defer { clicks.stop() }
            try desk.clickAction()
            #expect(clicks.waitForCalls(1), "dunst sent no ActionInvoked for the click")
            // Recording turns false when the pause takes effect; LastTake once the clip is saved.
            #expect(daemon.waitUntil(60) {
                try daemon.property("Recording") == "b false" && daemon.property("LastTake").hasSuffix(".webm\"")
            }, "Stop did not pause the clip")
            let last = try daemon.property("LastTake")
            #expect(last.hasSuffix(".webm\""), "the clip was saved: \(last)")
            #expect(notifies.waitForCalls(2), "the recording notification, then the saved one in its place")
            let notes = try desk.closeAllAndRead()
            #expect(notes.count == 1, "the recording notification was replaced, not added to: \(notes)")
            #expect(notes.first?.summary == "Clip saved", "\(notes)")
            #expect(notes.first?.body.contains("with Test card (colour bars), for busctl.") == true, "\(notes)")
        }

        @Test func aStalledNotificationServerDelaysNobody() throws {
            let bus = try PrivateBus()
            let desk = try NotificationDesk(bus: bus)
            defer { desk.stop() }
            let daemon = try DaemonHarness(bus: bus)
            defer { daemon.stop() }
            desk.pause()
            for _ in 0..<4 { #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0) }
            for _ in 0..<10 { #expect(try daemon.busctlCall(DaemonHarness.camera, "Describe", ["s", "zoom"]).status == 0) }
            desk.resume()
            // Each Notify sent to the stopped server timed out (3 s); the ones after it arrive.
            #expect(Self.waitShown(desk, 1, seconds: 20), "no notification after the server woke up")
        }
    }
}
