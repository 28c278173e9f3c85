import CPocketSphinx
import Foundation

/// One pocketsphinx decoder (`ps_decoder_t`) with named grammar searches: audio in, words out.
///
/// pocketsphinx keeps its state between calls, so one decoder serves one utterance at a time; the
/// listener owns it on one thread. The C calls live here and nowhere else.
final class SpeechDecoder: @unchecked Sendable {
    /// What pocketsphinx heard in one utterance.
    struct Hypothesis: Sendable, Equatable {
        /// The words of the best path, fillers (silence, noise) left out.
        let words: [String]
        /// The best path's total score (log domain, larger is better), as pocketsphinx reports it.
        let score: Int32
        /// The acoustic part of the path's score, in natural log: how well the sounds fit the words.
        let acousticScore: Double
        /// Frames (10 ms each) the decoder searched.
        let frames: Int
        /// Every segment of the path, fillers included: word, first and last frame, acoustic score.
        let segments: [Segment]
    }

    /// One word (or filler) of a path and where it lies.
    struct Segment: Sendable, Equatable {
        let word: String
        let startFrame: Int
        let endFrame: Int
        /// Acoustic score, in pocketsphinx's log units.
        let acoustic: Int32
    }

    private let decoder: OpaquePointer
    private let config: OpaquePointer
    /// The sample rate the model expects.
    static let sampleRate = 16_000

    /// Loads the acoustic model and the dictionary. `settings` are extra pocketsphinx arguments
    /// (`["-vad_threshold", "3.0"]`); `quiet` sends pocketsphinx's log to nowhere.
    init(model: SpeechModel, dictionary: URL, settings: [String] = [], quiet: Bool = true) throws(ListenError) {
        if quiet { err_set_logfp(nil) }
        var arguments = ["-hmm", model.acousticModel.path, "-dict", dictionary.path, "-samprate", String(Self.sampleRate)]
        arguments += settings
        arguments += (ProcessInfo.processInfo.environment["PSARGS"] ?? "").split(separator: " ").map(String.init)
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(cStrings.count), &cStrings, 0) else {
            throw .recognizer("pocketsphinx refused its settings: \(arguments.joined(separator: " "))")
        }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw .recognizer("pocketsphinx could not load the model at \(model.acousticModel.path) with \(dictionary.path).")
        }
        self.config = config
        self.decoder = decoder
    }

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    /// Adds a JSGF grammar as the search `name`; its public rule is the root.
    func addGrammar(_ name: String, jsgf: String) throws(ListenError) {
        guard ps_set_jsgf_string(decoder, name, jsgf) == 0 else {
            throw .recognizer("pocketsphinx could not read the grammar \(name) (a word missing from the dictionary?).")
        }
    }

    /// Makes the search `name` the one the next utterance uses.
    func use(_ name: String) throws(ListenError) {
        guard ps_set_search(decoder, name) == 0 else { throw .recognizer("pocketsphinx has no search called \(name).") }
    }

    /// Starts an utterance.
    func start() throws(ListenError) {
        guard ps_start_utt(decoder) == 0 else { throw .recognizer("pocketsphinx could not start an utterance.") }
    }

    /// Feeds 16 kHz mono samples.
    func process(_ samples: UnsafeBufferPointer<Int16>) throws(ListenError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        guard ps_process_raw(decoder, base, samples.count, 0, 0) >= 0 else {
            throw .recognizer("pocketsphinx failed while decoding.")
        }
    }

    /// True while the voice activity detector hears speech.
    var inSpeech: Bool { ps_get_in_speech(decoder) != 0 }

    /// Ends the utterance and answers the best path, or nil when nothing was heard.
    func finish() throws(ListenError) -> Hypothesis? {
        guard ps_end_utt(decoder) == 0 else { throw .recognizer("pocketsphinx could not end the utterance.") }
        var score: Int32 = 0
        guard ps_get_hyp(decoder, &score) != nil else { return nil }
        var words: [String] = []
        var acoustic: Int64 = 0
        var segments: [Segment] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            var ascr: Int32 = 0, lscr: Int32 = 0, lback: Int32 = 0
            _ = ps_seg_prob(current, &ascr, &lscr, &lback)
            acoustic += Int64(ascr)
            var start: Int32 = 0, end: Int32 = 0
            ps_seg_frames(current, &start, &end)
            let name = ps_seg_word(current).map { String(cString: $0) } ?? ""
            segments.append(Segment(word: name, startFrame: Int(start), endFrame: Int(end), acoustic: ascr))
            if let word = ps_seg_word(current).map({ String(cString: $0).trimmingCharacters(in: .whitespaces) }), !word.isEmpty, !Self.isFiller(word) {
                // An alternative pronunciation is the same word: "the(2)" → "the".
                words.append(word.hasSuffix(")") ? String(word.prefix { $0 != "(" }) : word)
            }
            segment = ps_seg_next(current)
        }
        let logmath = ps_get_logmath(decoder)
        let natural = logmath_log_to_ln(logmath, Int32(clamping: acoustic))
        return Hypothesis(words: words, score: score, acousticScore: natural, frames: Int(ps_get_n_frames(decoder)),
                          segments: segments)
    }

    /// Silence and noise markers pocketsphinx puts in a path (`<s>`, `<sil>`, `[NOISE]`, `+breath+`), and the
    /// grammar's empty steps (`(NULL)`).
    private static func isFiller(_ word: String) -> Bool {
        word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+") || word.hasPrefix("(")
    }
}
