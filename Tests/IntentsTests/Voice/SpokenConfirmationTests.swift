import RetrocamTesting
import Testing
@testable import Intents

/// The yes and no a destructive spoken command waits for.
@Suite struct SpokenConfirmationTests {
    @Test(arguments: ["yes", "Yes.", "yeah", "yes please", "um, yes", "OK", "okay", "do it", "go ahead", "Yes do it!"])
    func yes(_ text: String) { #expect(SpokenConfirmation.answer(text) == true, "\(text)") }

    @Test(arguments: ["no", "No!", "nope", "cancel", "don't", "dont", "no thanks", "never mind", "keep it", "please, no"])
    func no(_ text: String) { #expect(SpokenConfirmation.answer(text) == false, "\(text)") }

    @Test(arguments: ["", "   ", "maybe", "yes no", "take a picture", "undo that", "please", "um",
                      TextCase(String(repeating: "yes ", count: 400)), "\u{0}yes", "yesterday", "not now"] as [TextCase])
    func anythingElseIsNoAnswer(_ said: TextCase) { #expect(SpokenConfirmation.answer(said.text) == nil, "\(said.testDescription)") }

    @Test func onlyUndoWaitsForAYes() {
        #expect(SpokenConfirmation.needsConfirmation("Undo"))
        for intent in IntentName.allCases where intent != .undo { #expect(!SpokenConfirmation.needsConfirmation(intent.rawValue)) }
        #expect(!SpokenConfirmation.needsConfirmation("undo"), "names are matched as Interpret answers them")
        #expect(!SpokenConfirmation.needsConfirmation(""))
        #expect(SpokenConfirmation.prompt("Move the last take to the Trash?") == "Move the last take to the Trash? Say yes or no.")
    }
}
