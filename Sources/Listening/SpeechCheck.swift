/// Whether what the grammar heard is really a camera command, by two measures of its best path:
///
/// - **fit**: its acoustic score against the free phones' (`PhoneLoop`) on the same audio, per 10 ms frame
///   (pocketsphinx's log units; 0 fits as well as free phones, more negative is worse). Speech that is not
///   for the camera is forced into the nearest sentence and fits it badly.
/// - **stretch**: the most frames per phone of any word before the last (the last is drawn out by nature).
///   A word that swallowed words the grammar does not have ("turn on the kitchen lights" heard as "turn on
///   the light") lasts far longer than its phones take.
///
/// Both limits were measured on espeak-ng speech in four voices (`ListenTests` makes it): 116 of 120 commands
/// recognised right fit above −6 and stretch a word at most 13.3 frames a phone; unrelated requests that came
/// out as a sentence fit down to 0 (they sound close: "turn on the kitchen lights") but those stretched a
/// word to 19–25 frames a phone. Near misses of the same length ("open the front door" as "open the last
/// photo") still pass: the check lowers them, it does not end them.
public struct SpeechCheck: Sendable, Equatable {
    /// The lowest fit accepted.
    public var lowestFit: Double = -6
    /// The lowest fit accepted for a command that makes a take (`TakeIntents`): those commands are short and
    /// distinct and fit at −2.1 or better, and a take nobody asked for costs more than saying it again.
    public var lowestFitForTakes: Double = -3
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

    /// True when both measures are within the limits.
    func accepts(fit: Double, stretch: Double) -> Bool {
        fit >= lowestFit && stretch < longestStretch
    }
}
