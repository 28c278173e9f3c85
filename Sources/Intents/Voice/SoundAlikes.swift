import Foundation
import Pronunciation

/// Words the matcher does not know, read as the camera word they sound like: a recognizer writes the
/// homophone ("lite", "mowed", "undue"), and the CMU pronouncing dictionary the speech grammar already
/// reads says which camera word it sounds like. Only an utterance that says nothing as heard is read this
/// way, and only its words outside the vocabulary, so a sentence understood as written never changes and
/// never pays for the lookup.
///
/// A word becomes a camera word when it sounds the same (no phone apart), or, for words of four phones
/// or more that begin alike, one phone apart — and only one camera word is that close. The camera words
/// are the vocabulary's words of three phones or more that name something (`plainWords` are left out), with
/// their main pronunciation from the dictionary or `Lexicon.overrides`, read once.
struct SoundAlikes: Sendable {
    /// A camera word and its phones.
    struct Target: Sendable {
        let word: String
        let phones: [Substring]
    }

    /// The words the matcher knows: the speech grammar's vocabulary and the controls' names.
    let known: Set<String>
    /// The camera words a sound-alike may become.
    let targets: [Target]
    /// The CMU-format dictionary the unknown words are looked up in.
    let index: PronouncingIndex

    /// Fewest phones a camera word needs to be a target ("rec" has 3).
    static let fewestPhones = 3
    /// Fewest phones both words need before one phone apart is close enough.
    static let fewestPhonesForNear = 4

    /// Words of the vocabulary that only join, point or count: never what a sound-alike meant ("for", "there", "wait").
    static let plainWords: Set<String> = VoiceMatcher.negations.union(VoiceMatcher.questionWords).union(VoiceMatcher.asideOpeners)
        .union(VoiceMatcher.joiners).union(Utterance.fillerWords).union(SpokenConfirmation.yes).union(SpokenConfirmation.no)
        .union(["the", "there", "their", "here", "for", "four", "to", "two", "too", "one", "eight", "right", "write", "with",
                "your", "you", "our", "hour", "some", "sum", "would", "wood", "more", "less", "all", "any", "way", "weigh"])

    /// The matcher's sound-alikes, from the dictionary of the speech model (`PronouncingDictionary`), made once
    /// (sorting the dictionary's lines takes a moment): ahead of time by the daemon
    /// (`CameraController.prepareVoiceMatcher`), else at the first utterance refused as written; nil when it is
    /// not installed, and then unknown words stay unknown.
    static let standard: SoundAlikes? = PronouncingDictionary.installed().flatMap { try? SoundAlikes(dictionary: $0) }

    /// The vocabulary's camera words looked up once in `dictionary`.
    init(dictionary: URL, known: Set<String> = SoundAlikes.vocabulary) throws(PronunciationError) {
        index = try PronouncingIndex(dictionary)
        self.known = known
        let wanted = known.subtracting(Self.plainWords).filter { $0.count >= 3 && $0.allSatisfy(\.isLetter) }
        var found: [String: String] = [:]
        for word in wanted { found[word] = index.pronunciations(word).first }
        for (word, phones) in Lexicon.overrides where wanted.contains(word) { found[word] = phones }
        targets = found.map { Target(word: $0.key, phones: PronouncingDictionary.phones($0.value)) }
            .filter { $0.phones.count >= Self.fewestPhones }.sorted { $0.word < $1.word }
    }

    /// The speech grammar's words and the words of the controls' names.
    static var vocabulary: Set<String> {
        SpeechGrammar.vocabulary.union(VoiceMatcher.controlNames.values.joined().joined())
    }

    /// The camera word `phones` sound like, or nil when none is close or two are equally close.
    func target(_ phones: [Substring]) -> String? {
        var best: (word: String, distance: Int)?
        var tied = false
        for target in targets where abs(target.phones.count - phones.count) <= 1 {
            let distance = PronouncingDictionary.distance(phones, target.phones)
            guard distance <= 1 else { continue }
            if distance == 1, phones.count < Self.fewestPhonesForNear || target.phones.count < Self.fewestPhonesForNear
                || phones.first != target.phones.first { continue }
            if let current = best, current.distance == distance, current.word != target.word { tied = true }
            if best == nil || distance < best!.distance { (best, tied) = ((target.word, distance), false) }
        }
        return tied ? nil : best?.word
    }

    /// `utterance` with each unknown word that sounds like a camera word read as it, marked as a sound-alike;
    /// nil when none does.
    func reading(_ utterance: Utterance) -> Utterance? {
        let unknown = Set(utterance.texts.filter { !known.contains($0) && $0.allSatisfy(\.isLetter) })
        guard !unknown.isEmpty else { return nil }
        var meant: [Int: String] = [:]
        for (position, word) in utterance.texts.enumerated() where unknown.contains(word) {
            // Any of the word's pronunciations may be the one the speaker said.
            let heard = Set(index.pronunciations(word).compactMap { target(PronouncingDictionary.phones($0)) })
            if heard.count == 1 { meant[position] = heard.first! }
        }
        return meant.isEmpty ? nil : utterance.replacing(meant)
    }
}
