import Foundation

/// A recognizer with no grammar: pocketsphinx's language model of general English over the whole CMU
/// dictionary, which writes down whatever was said ("start the washing machine") where the command grammar
/// can only find its nearest sentence ("start recording movie"). Its words, aligned again on the same audio,
/// tell whether the grammar's sentence is what was said or only the nearest it had (`SecondOpinion`).
///
/// Loading it takes about half a second and decoding about as long as the grammar's own pass, so the
/// listener loads it the first time it is asked and asks only about takes (`ListenSession`).
final class Dictation: @unchecked Sendable {   // one decoder: the listener calls it under its lock only
    /// The search name.
    static let search = "dictation"
    private let decoder: SpeechDecoder

    /// Loads the model's acoustic model with its whole dictionary and its language model.
    init(model: SpeechModel, quiet: Bool) throws(ListenError) {
        guard FileManager.default.isReadableFile(atPath: model.languageModel.path) else {
            throw .noModel("No language model of general English at \(model.languageModel.path) (Debian's pocketsphinx-en-us has it).")
        }
        decoder = try SpeechDecoder(model: model, dictionary: model.dictionary, quiet: quiet)
        try decoder.addLanguageModel(Self.search, file: model.languageModel)
    }

    /// The words heard in `audio`, aligned again on their own so that their acoustic score is the sound alone
    /// (`ForcedAlignment`); nil when nothing was heard or the words cannot be aligned.
    func hear(_ audio: [Int16]) throws(ListenError) -> SpeechDecoder.Hypothesis? {
        guard let written = try decoder.decode(audio, with: Self.search), !written.words.isEmpty,
              written.words.allSatisfy(ForcedAlignment.isWord) else { return nil }
        return try decoder.align(written.words, in: audio)
    }
}

/// What a recognizer of general English (`Dictation`) made of an utterance the grammar heard as a command.
public struct SecondOpinion: Sendable, Equatable {
    /// The words it wrote down.
    public let words: [String]
    /// How much better the grammar's words fit the audio than the dictation's, per 10 ms frame (pocketsphinx's
    /// log units, both aligned on the sound alone): near 0 when both heard the same words (the two dictionaries
    /// pronounce some words apart: −2.1 to +0.1 on the tuning set), well below 0 when words that are not the
    /// camera's fit the sound better — the grammar found only its nearest sentence.
    public let margin: Double
    /// Wall-clock seconds it took, loading included.
    public let seconds: Double
}
