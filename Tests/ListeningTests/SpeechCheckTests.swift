import Testing
@testable import Listening
import Pronunciation

/// The two measures that refuse speech which is not for the camera, on paths made by hand.
@Suite struct SpeechCheckTests {
    typealias Segment = SpeechDecoder.Segment
    static let lexicon = Lexicon(entries: ["turn": ["T ER N"], "on": ["AA N", "AO N"], "the": ["DH AH", "DH IY"], "light": ["L AY T"]],
                                 made: [:], missing: [])

    /// "turn on the light" over 60 frames; `theFrames` is how long "the(2)" lasts.
    static func path(theFrames: Int, acoustic: Int32) -> SpeechDecoder.Hypothesis {
        var frame = 0
        func segment(_ word: String, _ frames: Int, _ score: Int32) -> Segment {
            defer { frame += frames }
            return Segment(word: word, startFrame: frame, endFrame: frame + frames - 1, acoustic: score)
        }
        return SpeechDecoder.Hypothesis(segments: [segment("<sil>", 10, 0), segment("turn", 15, acoustic), segment("on(2)", 10, acoustic),
                                                   segment("the(2)", theFrames, acoustic), segment("light", 40, acoustic),
                                                   segment("<sil>", 10, 0)])
    }

    @Test func fitIsTheAcousticGapPerFrame() {
        let heard = Self.path(theFrames: 10, acoustic: -1000)
        let free = SpeechDecoder.Hypothesis(segments: [Segment(word: "phone_aa", startFrame: 0, endFrame: 94, acoustic: -3800)])
        let measured = SpeechCheck.measure(heard, against: free, lexicon: Self.lexicon)
        #expect(heard.frames == 95 && heard.words == ["turn", "on", "the", "light"])
        #expect(abs(measured.fit - (-200.0 / 95)) < 1e-9)
        // "turn" 15 frames / 3 phones = 5; "the(2)" 10 / 2 = 5; the last word ("light", 40/3) does not count.
        #expect(measured.stretch == 5)
        var lenient = SpeechCheck()
        lenient.lowestFit = -3
        #expect(lenient.accepts(fit: measured.fit, stretch: measured.stretch))
        #expect(!SpeechCheck().accepts(fit: measured.fit, stretch: measured.stretch), "-2.1 a frame is below the standard limit")
    }

    @Test func aWordThatSwallowedOthersIsTooLong() {
        let swallowed = Self.path(theFrames: 40, acoustic: -1000)   // "the" over "the kitchen": 20 frames a phone
        let measured = SpeechCheck.measure(swallowed, against: swallowed, lexicon: Self.lexicon)
        #expect(measured.fit == 0)
        #expect(measured.stretch == 20)
        let check = SpeechCheck()
        #expect(!check.accepts(fit: check.lowestFit + 5, stretch: measured.stretch), "a good fit does not save a swallowed word")
        #expect(!check.accepts(fit: check.lowestFit - 0.5, stretch: 5))
        #expect(check.accepts(fit: check.lowestFit, stretch: check.longestStretch - 0.1))
        #expect(!check.accepts(fit: check.lowestFit + 5, stretch: check.longestStretch))
        #expect(check.lowestFitForTakes > check.lowestFit, "a take asks for a closer fit than other commands")
        #expect(check.fitsTake(check.lowestFitForTakes) && !check.fitsTake(check.lowestFitForTakes - 0.1))
        #expect(!check.fitsTake(nil), "a take that was not measured is asked about")
    }

    @Test func marginIsTheGapBetweenTheGrammarsWordsAndTheDictationsPerFrame() {
        let heard = Self.path(theFrames: 10, acoustic: -1000)   // 95 frames, -4000 in all
        let written = SpeechDecoder.Hypothesis(segments: [Segment(word: "turn", startFrame: 0, endFrame: 94, acoustic: -3050)])
        #expect(abs(SpeechCheck.margin(heard, against: written) - (-950.0 / 95)) < 1e-9, "the dictation fits 10 a frame better")
        #expect(SpeechCheck.margin(heard, against: heard) == 0, "the same words fit the same")
        let longer = SpeechDecoder.Hypothesis(segments: [Segment(word: "turn", startFrame: 0, endFrame: 189, acoustic: -4190)])
        #expect(abs(SpeechCheck.margin(heard, against: longer) - (190.0 / 190)) < 1e-9, "over the longer of the two paths")
    }

    @Test func aTakeIsDoneAtOnceOnlyWhenItFitsAndTheDictationAgreesOrFitsNoBetter() {
        let check = SpeechCheck()
        let fit = check.lowestFitForTakes
        #expect(check.isSureOfTake(fit: fit, margin: nil, agrees: true), "the dictation's words mean the same take")
        #expect(check.isSureOfTake(fit: fit, margin: check.lowestMarginForTakes, agrees: false))
        #expect(!check.isSureOfTake(fit: fit, margin: check.lowestMarginForTakes - 0.1, agrees: false),
                "other words of general English fit the sound better")
        #expect(!check.isSureOfTake(fit: fit, margin: nil, agrees: false), "no second opinion: asked about")
        #expect(!check.isSureOfTake(fit: fit - 0.1, margin: 5, agrees: true), "a weak fit is asked about whatever the dictation says")
        #expect(!check.isSureOfTake(fit: nil, margin: 5, agrees: true))
    }

    @Test func onlyWordsAJSGFRuleCanHoldAreAligned() {
        for word in ["take", "we're", "x-ray", "a.", "hi8", "phone_aa"] { #expect(ForcedAlignment.isWord(word), "\(word)") }
        for word in ["", "a;b", "<sil>", "(2)", "a b", "a|b", "*", "public", "import", "grammar"] { #expect(!ForcedAlignment.isWord(word), "\(word)") }
    }

    @Test func segmentsKnowTheirWordAndVariant() {
        let segment = Segment(word: "the(2)", startFrame: 3, endFrame: 12, acoustic: 0)
        #expect(segment.baseWord == "the" && segment.variant == 1 && segment.frames == 10 && !segment.isFiller)
        for filler in ["<sil>", "[NOISE]", "+breath+", "(NULL)", ""] {
            #expect(Segment(word: filler, startFrame: 0, endFrame: 0, acoustic: 0).isFiller)
        }
        #expect(Segment(word: "odd(x)", startFrame: 0, endFrame: 0, acoustic: 0).variant == 0)
    }
}
