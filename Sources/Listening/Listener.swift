import Foundation
import Intents

/// How an utterance ends.
public enum Endpoint: Sendable, Equatable {
    /// At the end of the input: a file's end, or `Listener.stop()` (hold-to-talk: the key was released).
    case endOfInput(maximumSeconds: Double)
    /// When the speaker stops (push-to-talk): after speech then half a second of silence, or when nobody
    /// spoke within `noSpeechSeconds`, or after `maximumSeconds`.
    case silence(maximumSeconds: Double, noSpeechSeconds: Double)
}

/// What one utterance turned out to be.
public struct Heard: Sendable, Equatable {
    /// The words, when they follow the grammar and fit it well enough; nil otherwise.
    public let text: String?
    /// True when words were found but fit their sentence too badly: speech that is not for the camera.
    public let notForTheCamera: Bool
    /// The grammar's best path, whether accepted or not (for `--json` and for tuning).
    public let path: [String]
    /// How well the path fits against the free phones: natural log of the likelihood ratio per frame
    /// (0 is as good as free phones, more negative is worse); nil when nothing was heard.
    public let fit: Double?
    /// Seconds of audio read.
    public let audioSeconds: Double
    /// Wall-clock seconds from the first sample to the answer.
    public let elapsedSeconds: Double
    /// Wall-clock seconds from the end of the audio to the answer.
    public let afterEndSeconds: Double
}

/// Hears one utterance at a time: audio from a source, through the decoder with a grammar made from the
/// voice templates, to words or a refusal. `stop()` ends the current utterance from another thread.
public final class Listener: @unchecked Sendable {
    private let decoder: SpeechDecoder
    private var english: SpeechDecoder?
    /// What was loaded.
    public let assets: SpeechAssets
    private let lock = NSLock()
    private var current: AudioInput?
    private var stopRequested = false

    /// The lowest fit accepted.
    public let threshold: Double

    /// Loads the model with the assets' dictionary, both grammars and the phone loop.
    public init(model: SpeechModel, assets: SpeechAssets, threshold: Double = RejectionThreshold.standard,
                quiet: Bool = true) throws(ListenError) {
        decoder = try SpeechDecoder(model: model, dictionary: assets.dictionaryFile, quiet: quiet)
        for search in [SpeechAssets.commandsSearch, SpeechAssets.answerSearch, PhoneLoop.search] {
            try decoder.addGrammar(search, jsgf: assets.jsgf(search))
        }
        self.assets = assets
        self.threshold = threshold
        if ProcessInfo.processInfo.environment["LMREF"] != nil {
            let t0 = Date()
            english = try SpeechDecoder(model: model, dictionary: model.dictionary,
                                        settings: ["-lm", model.acousticModel.deletingLastPathComponent().appendingPathComponent("en-us.lm.bin").path], quiet: quiet)
            FileHandle.standardError.write(Data("english decoder loaded in \(Date().timeIntervalSince(t0))\n".utf8))
        }
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
    public func hear(_ source: AudioSource, search: String, endpoint: Endpoint) throws(ListenError) -> Heard {
        let input = try AudioInput(source)
        try decoder.use(search)
        try decoder.start()
        let started = Date()
        try input.start()
        let alreadyStopped = lock.withLock {
            current = input
            return stopRequested
        }
        if alreadyStopped { input.stop() }
        defer { lock.withLock { current = nil; stopRequested = false } }

        var audio: [Int16] = []
        var spoke = false
        var ending = false
        var ended: Date?
        while true {
            let chunk: [Int16]?
            do { chunk = try input.next(timeout: 0.1) } catch {
                _ = try? decoder.finish()
                throw error
            }
            guard let chunk else { break }
            try chunk.withUnsafeBufferPointer { (buffer) throws(ListenError) in try decoder.process(buffer) }
            audio += chunk
            let seconds = Double(audio.count) / Double(SpeechDecoder.sampleRate)
            guard !ending else { continue }
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
        let hypothesis = try decoder.finish()
        let path = hypothesis?.words ?? []
        var fit: Double?
        if let hypothesis, !path.isEmpty {
            fit = try measure(hypothesis, against: audio)
        }
        let accepted = (fit.map { $0 >= threshold } ?? false) && !path.contains { $0.hasPrefix("_") || $0.hasPrefix(PhoneLoop.prefix) }
        let now = Date()
        return Heard(text: accepted ? path.joined(separator: " ") : nil, notForTheCamera: !path.isEmpty && !accepted,
                     path: path, fit: fit, audioSeconds: Double(audio.count) / Double(SpeechDecoder.sampleRate),
                     elapsedSeconds: now.timeIntervalSince(started), afterEndSeconds: now.timeIntervalSince(endOfAudio))
    }

    /// The grammar path's acoustic score against the phone loop's on the same audio, per frame.
    private func measure(_ hypothesis: SpeechDecoder.Hypothesis, against audio: [Int16]) throws(ListenError) -> Double {
        if let english {
            let t0 = Date()
            try english.start()
            try audio.withUnsafeBufferPointer { (buffer) throws(ListenError) in try english.process(buffer) }
            guard let free = try english.finish() else { return -.infinity }
            if let dump = ProcessInfo.processInfo.environment["DEBUGFIT"] {
                let line = "{\"ga\":\(hypothesis.acousticScore),\"ea\":\(free.acousticScore),\"gs\":\(hypothesis.score),\"gf\":\(hypothesis.frames),\"es\":\(free.score),\"ef\":\(free.frames),\"ew\":\"\(free.words.joined(separator: " "))\",\"t\":\(Date().timeIntervalSince(t0))}\n"
                if let handle = FileHandle(forWritingAtPath: dump) { handle.seekToEndOfFile(); handle.write(Data(line.utf8)); try? handle.close() }
            }
            return (hypothesis.acousticScore - free.acousticScore) * 1e4 / Double(max(1, hypothesis.frames))
        }
        try decoder.use(PhoneLoop.search)
        try decoder.start()
        try audio.withUnsafeBufferPointer { (buffer) throws(ListenError) in try decoder.process(buffer) }
        guard let free = try decoder.finish() else { return -.infinity }
        if let dump = ProcessInfo.processInfo.environment["DEBUGFIT"] {
            func rows(_ h: SpeechDecoder.Hypothesis) -> String {
                "[" + h.segments.map { "[\"\($0.word)\",\($0.startFrame),\($0.endFrame),\($0.acoustic)]" }.joined(separator: ",") + "]"
            }
            let line = "{\"g\":\(rows(hypothesis)),\"p\":\(rows(free)),\"gs\":\(hypothesis.score),\"ps\":\(free.score)}\n"
            if let handle = FileHandle(forWritingAtPath: dump) { handle.seekToEndOfFile(); handle.write(Data(line.utf8)); try? handle.close() }
        }
        return (hypothesis.acousticScore - free.acousticScore) / Double(max(1, hypothesis.frames))
    }
}
