import Pronunciation

/// Whether what the grammar heard is really a camera command, by two measures of its best path, and for a take
/// a third, against another recognizer:
///
/// - **fit**: its acoustic score against the free phones' (`PhoneLoop`) on the same audio, per 10 ms frame
///   (pocketsphinx's log units; 0 fits as well as free phones, more negative is worse). Speech that is not
///   for the camera is forced into the nearest sentence and fits it badly.
/// - **stretch**: the most frames per phone of any word before the last (the last is drawn out by nature).
///   A word that swallowed words the grammar does not have ("turn on the kitchen lights" heard as "turn on
///   the light") lasts far longer than its phones take.
/// - **margin** (takes only): how much better the path fits than the words pocketsphinx's general English
///   wrote down for the same audio (`Dictation`, `SecondOpinion`).
///
/// The path measured is the heard words aligned again on their own (`ForcedAlignment`), not the grammar's
/// path: pocketsphinx counts the grammar's branching in that path's acoustic score. The phone loop still pays
/// for its own branching, so a sentence said right fits *better* than the free phones (fit above 0).
///
/// The limits are set with `scripts/tune-listen`, on the corpus of how people talk (`people.tsv`, less every
/// sentence `ListenTests` speaks) in espeak-ng's en-us and en-us+f2 voices, 291 commands and 73 refusals each:
/// of the 513 paths that meant the right intent, 470 (92%) pass; of the 136 refusals heard as a sentence, 50
/// pass, 4 of them as takes: two sentences in both voices, each beginning with a real camera command ("start
/// recording my screen", "film something funny for tiktok later"), which fit and stretch cannot tell apart; the
/// margin sends three of the four to a question (`lowestMarginForTakes`). With the larger templates
/// the grammar has many short sentences ("film that", "polacolor mood"), so unrelated speech often lands
/// near one: the check lowers those, it does not end them.
public struct SpeechCheck: Sendable, Equatable {
    /// The lowest fit accepted.
    public var lowestFit: Double = 7
    /// The lowest fit at which a command that makes a take (`TakeIntents`) is done at once; below it (and above
    /// `lowestFit`) `retrocam listen` asks first ("Take a photo? Say yes or no."): a take nobody asked for costs
    /// more than a question (on the tuning set, 9 keeps 61 of 68 take commands and catches 8 of 12 refusals heard as takes).
    /// Measured again on the tuning set's take commands and refusals: right takes fit 7.4 to 19.9, and the two
    /// refusals still heard as takes fit 12.4 to 21 ("start recording my screen", "film something funny for tiktok
    /// later": each begins with a whole take command), so no higher limit tells them apart; nor does the last
    /// word's length (8.2 frames a phone for "something" there, 6.5 to 16.6 for right takes).
    public var lowestFitForTakes: Double = 9
    /// A word before the last must take fewer frames per phone than this.
    public var longestStretch: Double = 14

    /// The standard limits.
    public init() {}

    /// The fit and the stretch of `path` (the grammar's) against `free` (the phone loop's), with the phone
    /// counts of each word's pronunciation from `lexicon`.
    static func measure(_ path: SpeechDecoder.Hypothesis, against free: SpeechDecoder.Hypothesis,
                        lexicon: Lexicon) -> (fit: Double, stretch: Double) {
        let fit = Double(path.acousticScore - free.acousticScore) / Double(path.frames)
        var stretch = 0.0
        for segment in path.spoken.dropLast() {
            let pronunciations = lexicon.entries[segment.baseWord] ?? []
            guard !pronunciations.isEmpty else { continue }
            let phones = pronunciations[min(segment.variant, pronunciations.count - 1)].split(separator: " ").count
            stretch = max(stretch, Double(segment.frames) / Double(max(1, phones)))
        }
        return (fit, stretch)
    }

    /// The lowest `SecondOpinion.margin` at which a take is done at once, unless the dictation's own words mean
    /// the same take: below it, words of general English fit the sound better than the take's sentence does.
    /// Measured with `scripts/tune-listen` on the tuning set's takes: where both recognizers heard the same
    /// words the margin was −2.1 to +0.1 (their dictionaries pronounce some words apart), and those agree on
    /// the take; right takes whose dictation meant something else were at −1.9 and above; the refusals heard
    /// as takes were at −7.1, −4.1, −1.4 and +2.6 (the last, "film something funny for tiktok later" heard as
    /// "film something", is still done at once), and a photo heard as a clip at −3.2.
    public var lowestMarginForTakes: Double = -1

    /// How much better `heard` (the grammar's words) fits the audio than `written` (the dictation's), both aligned
    /// on their own over the same audio: the gap in acoustic score per frame (`SecondOpinion.margin`).
    static func margin(_ heard: SpeechDecoder.Hypothesis, against written: SpeechDecoder.Hypothesis) -> Double {
        Double(heard.acousticScore - written.acousticScore) / Double(max(heard.frames, written.frames))
    }

    /// True when a take heard with `fit` (nil: not measured) fits well enough to be done without asking,
    /// if its second opinion agrees.
    public func fitsTake(_ fit: Double?) -> Bool {
        guard let fit else { return false }
        return fit >= lowestFitForTakes
    }

    /// True when a take heard with `fit` may be done without asking first: the dictation's words mean the same
    /// take (`agrees`), or they fit the sound no better than the take's words by `lowestMarginForTakes`
    /// (`margin`; nil when there was no second opinion).
    public func isSureOfTake(fit: Double?, margin: Double?, agrees: Bool) -> Bool {
        guard fitsTake(fit) else { return false }
        if agrees { return true }
        guard let margin else { return false }
        return margin >= lowestMarginForTakes
    }

    /// True when both measures are within the limits.
    func accepts(fit: Double, stretch: Double) -> Bool {
        fit >= lowestFit && stretch < longestStretch
    }
}
