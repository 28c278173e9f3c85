import DBus
import Foundation
import Pronunciation
import Testing

/// The intents voice added, and Interpret's question, over the bus with busctl on the real daemon.
@Suite struct VoiceIntentsBusTests {
    @Test func relativeChangesFacingAndQuestionsOverTheBus() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let zoomIn = try daemon.busctlCall(DaemonHarness.intents, "AdjustControl", ["ss", "zoom", "+1"])
        #expect(zoomIn.stdout.contains("\"Zoomed in to 1.5x.\""), "\(zoomIn.stdout) \(zoomIn.stderr)")
        #expect(try property(daemon, "Zoom") == "d 1.5")
        // Typed steps through Perform; EXPOSURE stops at -2 as Camera1.Adjust does.
        let darker = try daemon.busctlCall(DaemonHarness.intents, "Perform",
                                           ["sa{sv}", "AdjustControl", "2", "control", "s", "exposure", "steps", "i", "-9"])
        #expect(darker.stdout.contains("\"Exposure lowered two stops, to -2 EV.\""), "\(darker.stdout) \(darker.stderr)")
        #expect(try daemon.busctlCall(DaemonHarness.camera, "Adjust", ["si", "exposure", "-1"]).text == "s \"Exposure, -2 EV\"")

        let asked = try daemon.busctlCall(DaemonHarness.intents, "Interpret", ["sb", "give me a sixties vibe", "false"])
        #expect(asked.stdout.contains("\"dialog\" s \"Set the decade to the 1960s?\""), "\(asked.stdout)")
        #expect(!asked.stdout.contains("That means"))
        let both = try daemon.busctlCall(DaemonHarness.intents, "Interpret", ["sb", "zoom in all the way and take a picture", "false"])
        #expect(both.stdout.contains("\"Zoom to 4.0x, then switch to STILL and take a photo?\""), "\(both.stdout)")
        #expect(try property(daemon, "Zoom") == "d 1.5", "nothing was performed")

        let selfie = try daemon.busctlCall(DaemonHarness.intents, "Interpret", ["sb", "switch to the selfie camera", "true"])
        #expect(selfie.stdout.contains("Using the front camera."), "\(selfie.stdout) \(selfie.stderr)")
        #expect(try property(daemon, "Facing") == "s \"front\"")

        let intents = try daemon.busctlCall(DaemonHarness.intents, "ListIntents")
        #expect(intents.stdout.contains("\"AdjustControl\""))
        #expect(intents.stdout.contains("\"control\" \"s\" 5 \"decade\" \"style\" \"degree\" \"exposure\" \"zoom\""), "\(intents.stdout.prefix(300))")
        #expect(daemon.answersPing())
    }

    /// A sound-alike over the bus (busctl prints its quotes escaped): a take heard only through one is asked even with `perform` true, and needs no
    /// consent since nothing is done; a setting is done, and its dialog says what was heard.
    @Test func soundAlikesAreAskedOrPerformedOverTheBus() throws {
        _ = try #require(PronouncingDictionary.installed(), "the CMU dictionary of pocketsphinx-en-us is installed")
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let asked = try daemon.busctlCall(DaemonHarness.intents, "Interpret", ["sb", "snapp a pic", "true"])
        #expect(asked.stdout.contains(#"Heard \'snapp\' as \'snap\'. Switch to STILL and take a photo?"#), "\(asked.stdout) \(asked.stderr)")
        #expect(asked.stdout.contains("\"performed\" b false"), "nothing performed: \(asked.stdout)")
        let light = try daemon.busctlCall(DaemonHarness.intents, "Interpret", ["sb", "turn on the lite", "true"])
        #expect(light.stdout.contains(#"Heard \'lite\' as \'light\'. Light on."#), "\(light.stdout) \(light.stderr)")
        #expect(try property(daemon, "Light") == "b true")
    }

    /// A Camera1 property as busctl prints it ("d 1.5").
    func property(_ daemon: DaemonHarness, _ name: String) throws -> String {
        try daemon.busctl(["get-property", DaemonHarness.busName, DaemonHarness.path, DaemonHarness.camera, name]).text
    }
}
