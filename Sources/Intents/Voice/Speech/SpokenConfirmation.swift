import Foundation

/// A spoken yes or no, and which intents need one first.
///
/// Speech can mishear, so a command that throws something away (UNDO moves the last take to the Trash)
/// is not done on a recognizer's word alone: the listener asks the intent's `Resolve` question ("Move
/// the last take to the Trash?") and acts on a yes. `retrocam listen` and the Wyoming endpoint both use
/// these words, and the speech grammar is built from them.
public enum SpokenConfirmation {
    /// Answers that mean yes.
    public static let yes = ["yes", "yeah", "yep", "yup", "sure", "okay", "ok", "do it", "confirm", "go ahead", "yes do it"]
    /// Answers that mean no.
    public static let no = ["no", "nope", "cancel", "don't", "stop", "keep it", "no thanks", "never mind", "no don't"]

    /// The intents that wait for a yes when heard by speech.
    public static let destructive: Set<IntentName> = [.undo]

    /// True when the intent called `name` (an `Interpret` answer's `intent`) must be confirmed first.
    public static func needsConfirmation(_ name: String) -> Bool {
        IntentName(rawValue: name).map(destructive.contains) ?? false
    }

    /// Until when a question waits for its answer, asked at `now` with `undoSecondsLeft` on the UNDO window
    /// (the body's `undoSecondsLeft`, the daemon's `UndoSecondsLeft`): while the take it would throw away can
    /// still be undone. The window's length is the daemon's setting (`RETROCAM_UNDO_SECONDS`), so a listener
    /// never forgets a question the daemon would still answer, nor keeps one it would refuse.
    public static func answerDeadline(undoSecondsLeft: Int, from now: Date) -> Date {
        now.addingTimeInterval(TimeInterval(max(0, undoSecondsLeft)))
    }

    /// What to say to ask: the intent's own question (from `Resolve`) and how to answer.
    public static func prompt(_ question: String) -> String {
        "\(question) Say yes or no."
    }

    /// Reads an answer: true for yes, false for no, nil for anything else. Case, punctuation,
    /// apostrophes and filler around it ("yes please", "um, no") do not matter.
    public static func answer(_ text: String) -> Bool? {
        let said = normalized(text)
        if yesForms.contains(said) { return true }
        if noForms.contains(said) { return false }
        return nil
    }

    private static let yesForms = Set(yes.map(normalized))
    private static let noForms = Set(no.map(normalized))

    /// The words without punctuation or apostrophes, filler dropped around them when more than one is left.
    private static func normalized(_ text: String) -> String {
        guard text.utf8.count <= Utterance.maximumLength else { return "" }
        var words = Utterance.tokens(Array(text.unicodeScalars)).map(\.text)
        while words.count > 1, let first = words.first, Utterance.fillerWords.contains(first) { words.removeFirst() }
        while words.count > 1, let last = words.last, Utterance.fillerWords.contains(last) { words.removeLast() }
        return words.joined(separator: " ")
    }
}

/// The intents that make a take: a recognizer that mishears unrelated speech as one of them puts a photo or a
/// clip nobody asked for on the disk, so `retrocam listen` asks more of the speech before doing them
/// (`SpeechCheck.isSureOfTake`).
public enum TakeIntents {
    /// TakePhoto, StartClip and ToggleRecord.
    public static let all = Set(IntentName.allCases.filter(\.makesTake))

    /// True when the intent called `name` makes a take.
    public static func contains(_ name: String) -> Bool {
        IntentName(rawValue: name).map(all.contains) ?? false
    }
}
