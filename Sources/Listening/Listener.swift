import Foundation
import Intents
import Synchronization

/// How an utterance ends.
public enum Endpoint: Sendable, Equatable {
    /// At the end of the input: a file's end, or `Listener.stop()` (hold-to-talk: the key was released).
    case endOfInput(maximumSeconds: Double)
    /// When the speaker stops (push-to-talk): after speech then half a second of silence, or when nobody
    /// spoke within `noSpeechSeconds`, or after `maximumSeconds`.
    case silence(maximumSeconds: Double, noSpeechSeconds: Double)
}

extension Endpoint {
    /// The longest the utterance may run.
    var maximumSeconds: Double {
        switch self {
        case .endOfInput(let maximum), .silence(let maximum, _): return maximum
        }
    }
}

/// What one utterance turned out to be.
public struct Heard: Sendable, Equatable {
    /// The words, when they follow the grammar and fit it well enough; nil otherwise.
    public let text: String?
    /// True when words were found but fit their sentence too badly: speech that is not for the camera.
    public let notForTheCamera: Bool
    /// The grammar's best path, whether accepted or not (for `--json` and for tuning).
    public let path: [String]
    /// How well the path fits against the free phones, per frame (`SpeechCheck`); nil when nothing was heard.
    public let fit: Double?
    /// The most frames per phone of a word before the last (`SpeechCheck`); nil when nothing was heard.
    public let stretch: Double?
    /// Seconds of audio read.
    public let audioSeconds: Double
    /// Wall-clock seconds from the first sample to the answer.
    public let elapsedSeconds: Double
    /// Wall-clock seconds from the end of the audio to the answer.
    public let afterEndSeconds: Double
    /// Processor seconds the process spent on it (capture, both decoding passes), all threads.
    public let cpuSeconds: Double
    /// The utterance's samples, for a `SecondOpinion`.
    let audio: [Int16]
    /// The path aligned again on its own (`ForcedAlignment`), when it could be.
    let aligned: SpeechDecoder.Hypothesis?
}

/// Hears one utterance at a time: audio from a source, through the decoder with a grammar made from the
/// voice templates, to words or a refusal. `stop()` ends the current utterance from another thread.
public final class Listener: @unchecked Sendable {
    private let decoder: SpeechDecoder
    /// What was loaded.
    public let assets: SpeechAssets
    private let lock = NSLock()
    private var current: AudioInput?
    private var stopRequested = false
    private let model: SpeechModel
    private let quiet: Bool
    /// The recognizer of general English, loaded the first time a second opinion is asked for (a failure to
    /// load is kept, and said again for every take); its decoder is used under this lock only.
    private let dictation = Mutex<Result<Dictation, ListenError>?>(nil)

    /// The limits an utterance must meet to be a command.
    public let check: SpeechCheck

    /// Loads the model with the assets' dictionary, both grammars and the phone loop.
    public init(model: SpeechModel, assets: SpeechAssets, check: SpeechCheck = SpeechCheck(), quiet: Bool = true) throws(ListenError) {
        decoder = try SpeechDecoder(model: model, dictionary: assets.dictionaryFile, quiet: quiet)
        for search in [SpeechAssets.commandsSearch, SpeechAssets.answerSearch] {
            try decoder.addGrammar(search, jsgf: assets.jsgf(search), beams: .wide)
        }
        try decoder.addGrammar(PhoneLoop.search, jsgf: assets.jsgf(PhoneLoop.search))
        self.assets = assets
        self.check = check
        self.model = model
        self.quiet = quiet
    }

    /// Ends the utterance being heard (or the next one, if none is under way yet).
    public func stop() {
        lock.withLock {
            stopRequested = true
            current?.stop()
        }
    }

    /// Hears one utterance from `source` with the grammar `search` (`SpeechAssets.commandsSearch` or
    /// `.answerSearch`), until `endpoint`.
    /// `onCapture` is called once the source is capturing (to tell the speaker to go ahead).
    public func hear(_ source: AudioSource, search: String, endpoint: Endpoint,
                     onCapture: (@Sendable () -> Void)? = nil) throws(ListenError) -> Heard {
        let input = try AudioInput(source)
        try decoder.use(search)
        try decoder.start()   // while capturing, only the voice activity detector runs (for the end of speech)
        let started = Date()
        let cpuAtStart = Self.processorSeconds()
        try input.start()
        let alreadyStopped = lock.withLock {
            current = input
            return stopRequested
        }
        if alreadyStopped { input.stop() }
        onCapture?()
        defer { lock.withLock { current = nil; stopRequested = false } }

        var audio: [Int16] = []
        var spoke = false
        var ending = false
        var ended: Date?
        // A source that delivers nothing (a microphone nobody drives) must not hold the listener: the
        // utterance also ends on the wall clock, and a source that will not stop is left behind.
        let wallLimit = started.addingTimeInterval(endpoint.maximumSeconds + 2)
        while true {
            let chunk: [Int16]?
            do { chunk = try input.next(timeout: 0.1) } catch {
                _ = try? decoder.finish()
                throw error
            }
            guard let chunk else { break }
            if !ending, Date() > wallLimit {
                ending = true
                ended = Date()
                input.stop()
            }
            if let ended, Date().timeIntervalSince(ended) > 2 { break }
            guard !ending else { continue }   // what comes after the end is drained, not kept
            try chunk.withUnsafeBufferPointer { (buffer) throws(ListenError) in try decoder.process(buffer, search: false) }
            audio += chunk
            let seconds = Double(audio.count) / Double(SpeechDecoder.sampleRate)
            let speaking = decoder.inSpeech
            spoke = spoke || speaking
            switch endpoint {
            case .endOfInput(let maximum):
                ending = seconds >= maximum
            case .silence(let maximum, let noSpeech):
                ending = seconds >= maximum || (spoke && !speaking) || (!spoke && seconds >= noSpeech)
            }
            if ending {
                ended = Date()
                input.stop()
            }
        }
        let endOfAudio = ended ?? Date()
        _ = try decoder.finish()
        let hypothesis = audio.isEmpty ? nil : try decoder.decode(audio, with: search)
        let path = hypothesis?.words ?? []
        var measured: (fit: Double, stretch: Double, aligned: SpeechDecoder.Hypothesis?)?
        if let hypothesis, !path.isEmpty { measured = try measure(hypothesis, on: audio) }
        let accepted = measured.map { check.accepts(fit: $0.fit, stretch: $0.stretch) } ?? false
        let now = Date()
        return Heard(text: accepted ? path.joined(separator: " ") : nil, notForTheCamera: !path.isEmpty && !accepted,
                     path: path, fit: measured?.fit, stretch: measured?.stretch,
                     audioSeconds: Double(audio.count) / Double(SpeechDecoder.sampleRate),
                     elapsedSeconds: now.timeIntervalSince(started), afterEndSeconds: now.timeIntervalSince(endOfAudio),
                     cpuSeconds: Self.processorSeconds() - cpuAtStart, audio: audio, aligned: measured?.aligned)
    }

    /// What a recognizer of general English makes of the utterance `heard`, and how the grammar's words fit
    /// beside its words; nil when the grammar's words were not aligned or the dictation heard no words it
    /// could align. Blocks for about as long as hearing did (and half a second more the first time).
    public func secondOpinion(on heard: Heard) throws(ListenError) -> SecondOpinion? {
        guard let aligned = heard.aligned else { return nil }
        let started = Date()
        let written = try dictation.withLock { (loaded) throws(ListenError) -> SpeechDecoder.Hypothesis? in
            if loaded == nil { loaded = Result { () throws(ListenError) in try Dictation(model: model, quiet: quiet) } }
            return try loaded!.get().hear(heard.audio)
        }
        guard let written else { return nil }
        return SecondOpinion(words: written.words, margin: SpeechCheck.margin(aligned, against: written),
                             seconds: Date().timeIntervalSince(started))
    }

    /// User and system time of the whole process so far.
    private static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Measures the words the grammar heard against free phones on the same audio. The grammar's own path
    /// cannot be measured as it is: pocketsphinx counts the grammar's branching (every alternative passed on
    /// the way to a word) in the path's acoustic score, so the larger the grammar, the worse any sentence
    /// would seem to fit. The words are aligned again with a grammar of that one sentence, which has no
    /// branches, and that alignment is measured (`ForcedAlignment`).
    private func measure(_ hypothesis: SpeechDecoder.Hypothesis,
                         on audio: [Int16]) throws(ListenError) -> (fit: Double, stretch: Double, aligned: SpeechDecoder.Hypothesis?) {
        guard let free = try decoder.decode(audio, with: PhoneLoop.search) else { return (-.infinity, .infinity, nil) }
        guard let aligned = try decoder.align(hypothesis.words, in: audio, widenIfLost: true) else { return (-.infinity, .infinity, nil) }
        let measured = SpeechCheck.measure(aligned, against: free, lexicon: assets.lexicon)
        return (measured.fit, measured.stretch, aligned)
    }
}
