import BoundedMemo

/// The matcher's commands for the utterances heard lately, so an utterance said again ("take a photo",
/// "zoom in": voice clients repeat a few) is not matched again. The matcher reads the words alone, never
/// the body, and its grammar is fixed, so the same text always gives the same commands; what they do is
/// still chosen against the body each time.
final class RecentUtterances: Sendable {
    /// The most utterances kept.
    static let capacity = 64
    private let matched = BoundedMemo<String, Matched>(capacity: capacity)

    /// An utterance cut into words and the commands the matcher found in it.
    struct Matched: Sendable {
        let said: Utterance
        let commands: [VoiceMatcher.Command]
    }

    /// `text` matched: from memory when it was heard lately, else by the matcher (outside the lock).
    func matching(_ text: String) -> Matched {
        matched.answer(for: text) {
            let (said, commands) = VoiceMatcher.reading(Utterance(text))
            return Matched(said: said, commands: commands)
        }
    }
}
