import CPocketSphinx
import Foundation

/// One pocketsphinx decoder (`ps_decoder_t`) with named grammar searches: audio in, words out.
///
/// pocketsphinx keeps its state between calls, so one decoder serves one utterance at a time; the
/// listener owns it on one thread. The C calls live here and nowhere else.
final class SpeechDecoder: @unchecked Sendable {
    /// What pocketsphinx heard in one utterance.
    struct Hypothesis: Sendable, Equatable {
        /// Every segment of the best path, fillers included.
        let segments: [Segment]

        /// The words of the path, fillers (silence, noise) left out, pronunciation variants folded.
        var words: [String] { spoken.map(\.baseWord) }
        /// The segments that are words.
        var spoken: [Segment] { segments.filter { !$0.isFiller } }
        /// The acoustic part of the path's score (pocketsphinx's log units): how well the sounds fit the words.
        var acousticScore: Int64 { segments.reduce(0) { $0 + Int64($1.acoustic) } }
        /// Frames (10 ms each) from the first segment to the last.
        var frames: Int { max(1, (segments.last?.endFrame ?? 0) - (segments.first?.startFrame ?? 0) + 1) }
    }

    /// One word (or filler) of a path and where it lies.
    struct Segment: Sendable, Equatable {
        /// The dictionary entry: "the", "the(2)", "<sil>".
        let word: String
        let startFrame: Int
        let endFrame: Int
        /// Acoustic score, in pocketsphinx's log units.
        let acoustic: Int32

        /// Frames it lasts.
        var frames: Int { endFrame - startFrame + 1 }
        /// True for silence and noise markers (`<s>`, `<sil>`, `[NOISE]`, `+breath+`) and empty steps (`(NULL)`).
        var isFiller: Bool { word.isEmpty || word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("+") || word.hasPrefix("(") }
        /// The word without its pronunciation variant ("the(2)" → "the").
        var baseWord: String { word.hasSuffix(")") ? String(word.prefix { $0 != "(" }) : word }
        /// Which pronunciation was used: 0 for "the", 1 for "the(2)".
        var variant: Int {
            guard word.hasSuffix(")"), let number = Int(word.drop { $0 != "(" }.dropFirst().dropLast()) else { return 0 }
            return max(0, number - 1)
        }
    }

    private let decoder: OpaquePointer
    private let config: OpaquePointer
    /// The sample rate the model expects.
    static let sampleRate = 16_000

    /// Loads the acoustic model and the dictionary; `quiet` sends pocketsphinx's log to nowhere.
    init(model: SpeechModel, dictionary: URL, quiet: Bool = true) throws(ListenError) {
        if quiet { err_set_logfp(nil) }
        let arguments = ["-hmm", model.acousticModel.path, "-dict", dictionary.path, "-samprate", String(Self.sampleRate)]
        var cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(cStrings.count), &cStrings, 0) else {
            throw .recognizer("The speech recognizer (pocketsphinx) refused its settings: \(arguments.joined(separator: " "))")
        }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw .recognizer("The speech recognizer (pocketsphinx) could not load the model at \(model.acousticModel.path) with \(dictionary.path).")
        }
        self.config = config
        self.decoder = decoder
    }

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    /// How much of the search pocketsphinx keeps each frame: paths whose score is within `beam` of the best
    /// (`-beam`, `-pbeam`), and word ends within `wordBeam` (`-wbeam`). A search takes the beams in effect
    /// when it is added, and keeps them.
    struct Beams: Sendable, Equatable {
        /// `-beam` and `-pbeam`, as a probability ratio (smaller is wider).
        var beam: Double
        /// `-wbeam`.
        var wordBeam: Double

        /// pocketsphinx's own (1e-48, 7e-29): what the fit, stretch and margin limits were measured with.
        static let standard = Beams(beam: 1e-48, wordBeam: 7e-29)
        /// For the command grammar's thousands of sentences (and the answer grammar, which holds it): when the voice is far from the model's, the standard
        /// beams prune the right sentence early. Measured with `scripts/tune-listen` on voices of the tuning
        /// set only (`docs/voice.md`): espeak-ng's Scottish English in pink noise went from 67 to 80 commands
        /// right of 149 (and from 30 to 36 refusals of 77 accepted), at about a third more decoding time.
        static let wide = Beams(beam: 1e-60, wordBeam: 1e-40)
    }

    /// Adds a JSGF grammar as the search `name`, searched with `beams`; its public rule is the root.
    func addGrammar(_ name: String, jsgf: String, beams: Beams = .standard) throws(ListenError) {
        setBeams(beams)
        // A search replaced while it is the current one would stay current after pocketsphinx frees it.
        _ = ps_unset_search(decoder, name)
        let added = ps_set_jsgf_string(decoder, name, jsgf)
        setBeams(.standard)
        guard added == 0 else {
            throw .recognizer("The speech recognizer (pocketsphinx) could not read the grammar \(name) (a word missing from the dictionary?).")
        }
    }

    /// Sets the beams the next search added takes.
    private func setBeams(_ beams: Beams) {
        cmd_ln_set_float_r(config, "-beam", beams.beam)
        cmd_ln_set_float_r(config, "-pbeam", beams.beam)
        cmd_ln_set_float_r(config, "-wbeam", beams.wordBeam)
    }

    /// Adds an n-gram language model file as the search `name`: any sentence of the dictionary's words.
    func addLanguageModel(_ name: String, file: URL) throws(ListenError) {
        guard ps_set_lm_file(decoder, name, file.path) == 0 else {
            throw .recognizer("The speech recognizer (pocketsphinx) could not load the language model \(file.path).")
        }
    }

    /// Makes the search `name` the one the next utterance uses.
    func use(_ name: String) throws(ListenError) {
        guard ps_set_search(decoder, name) == 0 else { throw .recognizer("The speech recognizer (pocketsphinx) has no search called \(name).") }
    }

    /// Starts an utterance.
    func start() throws(ListenError) {
        guard ps_start_utt(decoder) == 0 else { throw .recognizer("The speech recognizer (pocketsphinx) could not start an utterance.") }
    }

    /// Feeds 16 kHz mono samples. `search: false` only runs the front end (the voice activity detector);
    /// `wholeUtterance` says these are all the samples of the utterance, so the cepstral mean is taken over
    /// them instead of being carried over from earlier utterances (the first utterance of a new decoder
    /// otherwise starts from the model's stock mean and is misheard).
    func process(_ samples: UnsafeBufferPointer<Int16>, search: Bool = true, wholeUtterance: Bool = false) throws(ListenError) {
        guard let base = samples.baseAddress, !samples.isEmpty else { return }
        guard ps_process_raw(decoder, base, samples.count, search ? 0 : 1, wholeUtterance ? 1 : 0) >= 0 else {
            throw .recognizer("The speech recognizer (pocketsphinx) failed while decoding.")
        }
    }

    /// True while the voice activity detector hears speech.
    var inSpeech: Bool { ps_get_in_speech(decoder) != 0 }

    /// Decodes a whole utterance with the search `name` and answers its best path.
    func decode(_ samples: [Int16], with name: String) throws(ListenError) -> Hypothesis? {
        try use(name)
        try start()
        do {
            try samples.withUnsafeBufferPointer { (buffer) throws(ListenError) in try process(buffer, wholeUtterance: true) }
        } catch {
            _ = try? finish()   // an utterance left open refuses every later change of search
            throw error
        }
        return try finish()
    }

    /// `words` aligned on `samples` with a grammar of that one sentence (`ForcedAlignment`), so that the path's
    /// acoustic score is the sound alone; nil when they could not be aligned. The standard beams first (the
    /// limits were measured with them); with `widenIfLost`, the wide ones when those lost the path, as they
    /// may for words a wide-beamed grammar found.
    func align(_ words: [String], in samples: [Int16], widenIfLost: Bool = false) throws(ListenError) -> Hypothesis? {
        for beams in widenIfLost ? [Beams.standard, .wide] : [.standard] {
            try addGrammar(ForcedAlignment.search, jsgf: ForcedAlignment.jsgf(words), beams: beams)
            if let aligned = try decode(samples, with: ForcedAlignment.search), aligned.words == words { return aligned }
        }
        return nil
    }

    /// Ends the utterance and answers the best path, or nil when nothing was heard.
    func finish() throws(ListenError) -> Hypothesis? {
        guard ps_end_utt(decoder) == 0 else { throw .recognizer("The speech recognizer (pocketsphinx) could not end the utterance.") }
        var score: Int32 = 0
        guard ps_get_hyp(decoder, &score) != nil else { return nil }
        var segments: [Segment] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            var acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            _ = ps_seg_prob(current, &acoustic, &language, &backoff)
            var start: Int32 = 0, end: Int32 = 0
            ps_seg_frames(current, &start, &end)
            let word = ps_seg_word(current).map { String(cString: $0).trimmingCharacters(in: .whitespaces) } ?? ""
            segments.append(Segment(word: word, startFrame: Int(start), endFrame: Int(end), acoustic: acoustic))
            segment = ps_seg_next(current)
        }
        return Hypothesis(segments: segments)
    }
}
