import Foundation
import Testing
@testable import Intents

/// Interpret on the sentences strangers wrote (`strangers/`): the tuning sets `dev/` to `dev5/` with their misses, and
/// the held-out sets `heldout/`, `fresh/`, `fresh3/`, `fresh5/` and `fresh6/` by their totals only (their misses are
/// printed only when RETROCAM_SHOW_HELDOUT is set, so they cannot leak into the grammar). On every set: no wrong intent
/// (none beyond those a set gave when first scored), every refusal kept, and the commands understood not
/// below the floor reached.
@Suite struct StrangerCorpusTests {
    /// A set of files under `strangers/`, the least share of its commands Interpret must understand, and the
    /// wrong intents it gave when the set was first scored (never more; the goal is none), of which refusals
    /// taken as commands (never more; the goal is none).
    struct StrangerSet: Sendable {
        let name: String
        let floor: Double
        let showsMisses: Bool
        var wrongWhenFirstScored = 0
        var refusalsTakenWhenFirstScored = 0
    }

    /// Floors a little under what the grammar reaches with asides after a comma dropped, settings before a take
    /// cut without "and", values said again and the learners' control-first order (dev 216/222, dev2 190/228,
    /// heldout 223/334, fresh 32/120, fresh3 196/312); before them, with self-corrections, restatements and the
    /// learners', describers' and photographers' words: dev 216/222, dev2 169/228, heldout 221/334, fresh 27/120,
    /// fresh3 188/312. `fresh3/`'s two wrong intents left are unseen misreadings still to be fixed. `fresh5/`,
    /// written before those last rules, was first scored at 197/327 (60.2%) with 4 wrong intents, one of them a
    /// refusal taken as a command (unseen, still to be fixed), and reaches 213/327 with them, wrong intents unchanged.
    /// Sound-alikes read by the CMU dictionary then brought heldout to 224/334 and fresh5 to 214/327, and a self-timer
    /// said before its take dev2 to 192/228, wrong intents unchanged.
    static let sets = [
        StrangerSet(name: "dev", floor: 97, showsMisses: true),
        StrangerSet(name: "dev2", floor: 84, showsMisses: true),
        StrangerSet(name: "dev3", floor: 43, showsMisses: true, wrongWhenFirstScored: 3),
        StrangerSet(name: "dev4", floor: 51, showsMisses: true, wrongWhenFirstScored: 5, refusalsTakenWhenFirstScored: 3),
        StrangerSet(name: "dev5", floor: 40, showsMisses: true, wrongWhenFirstScored: 3),
        StrangerSet(name: "heldout", floor: 66, showsMisses: false),
        StrangerSet(name: "fresh", floor: 26, showsMisses: false),
        StrangerSet(name: "fresh3", floor: 62, showsMisses: false, wrongWhenFirstScored: 2),
        StrangerSet(name: "fresh5", floor: 64, showsMisses: false, wrongWhenFirstScored: 4, refusalsTakenWhenFirstScored: 1),
        StrangerSet(name: "fresh6", floor: 56, showsMisses: false, wrongWhenFirstScored: 5),
    ]

    /// Lines of `dev/` whose label contradicts the regression corpora, which win: "take a selfie" is a photo
    /// in `corpus.tsv` and `people-heldout.tsv`, so "ok take a selfie" cannot also be the front camera and a
    /// photo. They are scored apart, by what they said and got, and printed.
    static let disputed: Set<String> = ["ok take a selfie"]

    /// Every line of every `.tsv` file of one set, files in name order.
    static func lines(of set: String) -> [CorpusLine] {
        let folder = VoiceCorpus.folder.appendingPathComponent("strangers").appendingPathComponent(set)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".tsv") }.sorted().flatMap { VoiceCorpus.read("strangers/\(set)/\($0)") }
    }

    @Test func scoresOnTheStrangersSentences() async {
        let showHeldOut = ProcessInfo.processInfo.environment["RETROCAM_SHOW_HELDOUT"] != nil
        for set in Self.sets {
            let all = Self.lines(of: set.name)
            #expect(!all.isEmpty, "strangers/\(set.name) has lines")
            let disputed = set.showsMisses ? all.filter { Self.disputed.contains($0.said) } : []
            let lines = all.filter { line in !disputed.contains { $0.said == line.said } }
            let score = await CorpusScore.interpret(lines)
            for line in disputed {
                let got = await CorpusScore.interpret([line]).failures.first?.got ?? "as labelled"
                print("  disputed, scored apart: \(line.file):\(line.line) \"\(line.said)\" → \(got)")
            }
            let wrong = score.commandsWrong + score.refusalsWrong
            print("Interpret on strangers/\(set.name): commands \(score.commandsRight)/\(score.commands) "
                  + "(\(CorpusScore.percent(score.commandRate))), wrong intents \(wrong), "
                  + "refusals held \(score.refusalsRight)/\(score.refusals)")
            if set.showsMisses || showHeldOut {
                for failure in score.failures {
                    print("  \(failure.line.file):\(failure.line.line) \"\(failure.line.said)\" "
                          + "expected \(zip(failure.line.expected, failure.line.values).map { "\($0) \($1)" }.joined(separator: " + ")) → \(failure.got)")
                }
            }
            #expect(wrong <= set.wrongWhenFirstScored, "strangers/\(set.name): no more wrong intents than \(set.wrongWhenFirstScored): \(score)")
            #expect(score.refusals - score.refusalsRight <= set.refusalsTakenWhenFirstScored,
                    "strangers/\(set.name): every refusal held (but \(set.refusalsTakenWhenFirstScored) taken when first scored): \(score)")
            #expect(score.commandRate >= set.floor, "strangers/\(set.name): at least \(set.floor)% of the commands: \(score)")
        }
    }
}
