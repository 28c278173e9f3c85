import Foundation
import RetrocamTesting
import Testing

/// Rows of the seed page, through the real daemon: the shipped noir-portrait shortcut reports the photo
/// its self-timer takes, a clip shorter than a second is said so, and MENU says "Adjusted" for DATE
/// IMPRINT alone. (The EXPOSURE rocker is in RockerTests.)
@Suite struct SeedRowTests {
    @Test func noirPortraitReportsItsSavedPhoto() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let run = try daemon.retrocam(["shortcut", "run", "noir-portrait"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("Ran noir-portrait: 6 steps, 1 take saved."), "\(run.stdout)")
        let photo = lines.last ?? ""
        #expect(photo.hasSuffix(".jpg") && MediaProbe.isJPEG(photo), "\(run.stdout)")
        #expect(try daemon.property("Timer") == "i 0", "the step after the photo ran")
    }

    @Test func aClipShorterThanASecondIsSaidSo() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        let paused = try daemon.gdbusCall(DaemonHarness.intents, "PauseClip")
        #expect(paused.text.contains("Saved a clip shorter than a second."), "\(paused.stdout)\(paused.stderr)")
        #expect(!paused.text.contains("0-second"))
    }

    @Test func menuSaysAdjustedForTheDateImprintAlone() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        #expect(try daemon.retrocam(["describe", "menu"]).text == "Menu")
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDateImprint", ["s", "on"]).status == 0)
        #expect(try daemon.retrocam(["describe", "menu"]).text == "Menu, Adjusted")
    }
}
