import Foundation
import Testing
@testable import Intents

/// Interpret on the corpus of how people talk: the part the grammar was written against, and the held-out
/// part by its score only (its misses are not printed unless RETROCAM_SHOW_HELDOUT is set, so they cannot
/// leak into the grammar). The goals hold on each: at least 95% of the commands, every refusal,
/// never a wrong intent.
@Suite struct PeopleCorpusTests {
    @Test func scoresOnThePeopleCorpus() async {
        let people = await CorpusScore.interpret(VoiceCorpus.people)
        let heldOut = await CorpusScore.interpret(VoiceCorpus.heldOut)
        let all = people + heldOut
        print("Interpret on people.tsv: \(people)")
        print("Interpret on people-heldout.tsv: \(heldOut)")
        print("Interpret on both: \(all)")
        for failure in people.failures { print("  people.tsv:\(failure.line.line) \"\(failure.line.said)\" → \(failure.got)") }
        if ProcessInfo.processInfo.environment["RETROCAM_SHOW_HELDOUT"] != nil {
            for failure in heldOut.failures { print("  held-out:\(failure.line.line) \"\(failure.line.said)\" → \(failure.got)") }
        }
        for (name, score) in [("people.tsv", people), ("people-heldout.tsv", heldOut)] {
            #expect(score.commandsWrong == 0 && score.refusalsWrong == 0, "\(name): never a wrong intent: \(score)")
            #expect(score.commandRate >= 95, "\(name): \(score)")
            #expect(score.refusalRate == 100, "\(name): \(score)")
        }
    }
}
