import Synchronization

/// The matcher's commands for the utterances heard lately, so an utterance said again ("take a photo",
/// "zoom in": voice clients repeat a few) is not matched again. The matcher reads the words alone, never
/// the body, and its grammar is fixed, so the same text always gives the same commands; what they do is
/// still chosen against the body each time.
final class RecentUtterances: Sendable {
    /// The most utterances kept; when full, the memory starts again (a bound, not a policy).
    static let capacity = 64
    private let matched = Mutex<[String: Matched]>([:])

    /// An utterance cut into words and the commands the matcher found in it.
    struct Matched: Sendable {
        let said: Utterance
        let commands: [VoiceMatcher.Command]
    }

    /// `text` matched: from memory when it was heard lately, else by the matcher (outside the lock).
    func matching(_ text: String) -> Matched {
        if let known = matched.withLock({ $0[text] }) { return known }
        let (said, commands) = VoiceMatcher.reading(Utterance(text))
        let found = Matched(said: said, commands: commands)
        matched.withLock { matched in
            if matched.count >= Self.capacity { matched.removeAll(keepingCapacity: true) }
            matched[text] = found
        }
        return found
    }
}
