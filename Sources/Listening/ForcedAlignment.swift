import Foundation
import Intents

/// A grammar of one sentence, the words the command grammar heard: decoding the audio with it aligns those
/// words without any choice to make, so its acoustic score is the sound alone.
///
/// pocketsphinx (0.8) reports a word's acoustic score as the path's score gained over the word less the
/// probability of the word's own link; the probabilities of the grammar's empty links on the way to it (one
/// per alternative, optional part and rule passed) stay in. A closed grammar gives each branch an equal
/// share, so in the command grammar a sentence's "acoustic" score also says how many sentences the grammar
/// has: it fell by 4 to 11 per frame when the templates grew, and commands said right were refused.
/// A one-sentence grammar has no branches, so nothing but the sound is counted.
enum ForcedAlignment {
    /// The search name.
    static let search = "alignment"

    /// True when `word` can stand in a JSGF rule as it is: letters, digits, apostrophes, hyphens, dots and
    /// underscores (every word of the grammar and of the CMU dictionary has only these), and not one of the
    /// words sphinxbase's JSGF reader takes for its own wherever they stand (the dictionary has all three).
    static func isWord(_ word: String) -> Bool {
        !word.isEmpty && !keywords.contains(word)
            && word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "'-._".unicodeScalars.contains($0) }
    }

    /// JSGF's keywords.
    private static let keywords: Set = ["public", "import", "grammar"]

    /// The sentence `words` as a JSGF document.
    static func jsgf(_ words: [String]) -> String {
        "#JSGF V1.0;\ngrammar alignment;\npublic <sentence> = \(words.joined(separator: " "));\n"
    }
}
