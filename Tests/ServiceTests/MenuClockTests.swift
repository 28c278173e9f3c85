import DBus
import Foundation
import RetrocamTesting
import Testing

extension CaptureEndToEndTests {
    /// MENU rows, SET CLOCK, the date imprint, the self-timer's Countdown signal and the new tape, over the bus.
    @Suite struct MenuClockTests {
        @Test func setClockOverTheBus() throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            let menu = try daemon.busctlCall(DaemonHarness.camera, "ListMenu")
            #expect(menu.text.hasPrefix("a(ssss) 9 \"menu.date-imprint\" \"Date imprint\" \"Off\""), "\(menu.text)")
            #expect(menu.text.contains("Double tap to show the choices"))
            let early = try daemon.busctlCall(DaemonHarness.camera, "Adjust", ["si", "adjust", "1"])
            #expect(early.stderr.contains("Select a clock field first."), "\(early.stderr)")
            #expect(try daemon.busctlCall(DaemonHarness.camera, "Describe", ["s", "adjust"]).text
                == "s \"Adjust, Select a clock field first\"")
            let year = Calendar.current.component(.year, from: Date())
            let selected = try daemon.busctlCall(DaemonHarness.camera, "SelectClockField", ["s", "year"])
            #expect(selected.text == "s \"Clock year, \(year), selected\"")
            let turned = try daemon.busctlCall(DaemonHarness.camera, "Adjust", ["si", "adjust", "-40"])
            #expect(turned.text == "s \"Adjust, Clock year, \(year - 40), selected\"", "\(turned.text) \(turned.stderr)")
            let badField = try daemon.busctlCall(DaemonHarness.camera, "SelectClockField", ["s", "fortnight"])
            #expect(badField.stderr.contains("Fields: year, month, day, hour, minute"))
        }

        @Test func theDateImprintStampsPhotos() throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            let plain = try #require(busctlPath(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").stdout))
            let on = try daemon.busctlCall(DaemonHarness.intents, "SetDateImprint", ["s", "on"])
            #expect(on.stdout.contains("Date imprint on. The stamp reads"), "\(on.stdout) \(on.stderr)")
            #expect(try daemon.busctlCall(DaemonHarness.camera, "Describe", ["s", "menu.date-imprint"]).text
                == "s \"Date imprint, On\"")
            // A take carries every setting answered before it: the stamp is on the next photo.
            let stamped = try #require(busctlPath(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").stdout))
            // The test card is still: only the stamp makes the two photos differ this much.
            let a = try Data(contentsOf: URL(fileURLWithPath: plain)), b = try Data(contentsOf: URL(fileURLWithPath: stamped))
            #expect(a != b)
            #expect(MediaProbe.isJPEG(stamped))
        }

        @Test func theSelfTimerSendsACountdownSignalEachSecond() async throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            let connection = try daemon.connect()
            defer { connection.close() }
            let heard = HeardSignals()
            try await connection.onSignal(path: DaemonHarness.path, interface: DaemonHarness.camera, member: "Countdown") {
                heard.add($0)
            }
            #expect(try daemon.busctlCall(DaemonHarness.intents, "SetTimer", ["s", "3"]).status == 0)
            let started = Date()
            let answer = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
            #expect(Date().timeIntervalSince(started) < 2.5, "the call answers at once, well before the 3 s")
            #expect(answer.stdout.contains("Taking a photo in 3 seconds."), "\(answer.stdout)")
            #expect(answer.stdout.contains("\"countdown\" i 3"), "\(answer.stdout)")
            let done = daemon.waitUntil(6) { heard.all.count >= 4 }
            #expect(done)
            #expect(heard.all.map { $0.arguments.first?.int64Value ?? -1 } == [3, 2, 1, 0])
            #expect(daemon.waitUntil(3) { try daemon.property("LastTake").hasSuffix(".jpg\"") })
        }

        @Test func aNewTapeFromTheMenu() throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            let inserted = try daemon.busctlCall(DaemonHarness.intents, "InsertTape")
            #expect(inserted.stdout.contains("\"dialog\" s \"New "), "\(inserted.stdout) \(inserted.stderr)")
            let row = try daemon.busctlCall(DaemonHarness.camera, "Activate", ["s", "menu.insert-tape"])
            #expect(row.text.hasPrefix("s \"New "), "\(row.text)")
        }
    }
}
