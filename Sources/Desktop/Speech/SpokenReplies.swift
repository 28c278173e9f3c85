import Body
import Foundation
import Intents

/// What the daemon says aloud when speech is on: each result's dialog, refusals' sentences, the fact of the
/// day at launch, and the tape counter's readout ("12 minutes of tape left") when it changes.
public final class SpokenReplies: Sendable {
    /// Where the sentences go.
    public let speaker: Speaker
    private let lastSpoken = LockedText()

    /// Speaks through `speaker`.
    public init(speaker: Speaker) {
        self.speaker = speaker
    }

    /// Says a result's dialog; returns at once.
    public func say(_ result: IntentResult) { say(result.dialog) }

    /// Says an interpretation's dialogs, every command's, in order.
    public func say(_ interpretation: Interpretation) {
        let dialogs = interpretation.commands.compactMap { $0.result?.dialog }
        say(dialogs.joined(separator: " "))
    }

    /// Says why an intent was refused.
    public func say(_ error: IntentError) { say(error.message) }

    /// Says any sentence.
    public func say(_ text: String) {
        lastSpoken.set(text)
        speaker.say(text)
    }

    /// Reads the fact of the day (at launch).
    public func sayFactOfTheDay(_ controller: CameraController, on date: Date = Date()) async {
        say(await controller.factOfTheDay(on: date))
    }

    /// The counter's readout for a body: "12 minutes of tape left".
    public static func counterReadout(_ body: CameraBody) -> String {
        let words = Spoken.tapeLeft(minutes: body.tapeMinutesLeft)
        return words.prefix(1).uppercased() + words.dropFirst() + "."
    }

    /// Speaks the counter's readout whenever it changes (a take saved, another technology), unless the
    /// last thing said already said it ("Saved a 3-second clip. 12 minutes of tape left.").
    public func followCounter(of controller: CameraController) async {
        let readout = LockedText()
        readout.set(Self.counterReadout(await controller.body))
        await controller.observe { [self] body in
            let now = Self.counterReadout(body)
            guard readout.exchange(now) != now else { return }
            let words = now.dropLast().lowercased()
            if lastSpoken.get().lowercased().contains(words) { return }
            say(now)
        }
    }
}

/// A string behind a lock, shared with observer callbacks.
final class LockedText: @unchecked Sendable {
    private var text = ""
    private let lock = NSLock()
    func get() -> String { lock.withLock { text } }
    func set(_ new: String) { lock.withLock { text = new } }
    /// Stores `new` and answers the previous text.
    func exchange(_ new: String) -> String { lock.withLock { defer { text = new }; return text } }
}
