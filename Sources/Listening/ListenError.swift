/// Why listening failed; each case carries a sentence fit to print.
public enum ListenError: Error, Equatable, CustomStringConvertible {
    /// The speech model is not installed.
    case noModel(String)
    /// pocketsphinx refused something.
    case recognizer(String)
    /// The microphone or the audio file could not be read.
    case audio(String)
    /// Pronunciations could not be made or cached.
    case lexicon(String)

    /// The sentence.
    public var description: String {
        switch self {
        case .noModel(let text), .recognizer(let text), .audio(let text), .lexicon(let text): return text
        }
    }
}
