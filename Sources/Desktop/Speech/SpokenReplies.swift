import Body
import Foundation
import Intents
import Synchronization

/// What the daemon says aloud when speech is on: each result's dialog, refusals' sentences, the fact of the
/// day at launch, and the tape counter's readout ("12 minutes of tape left") when it changes.
public final class SpokenReplies: Sendable {
    /// Where the sentences go.
    public let speaker: Speaker
    private let lastSpoken = Mutex("")
    /// The counter's readout last seen (see `followCounter(of:)`).
    private let counterShown = Mutex("")

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
        lastSpoken.withLock { $0 = text }
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
        let first = Self.counterReadout(await controller.body)
        counterShown.withLock { $0 = first }
        await controller.observe { [self] body in
            let now = Self.counterReadout(body)
            let before = counterShown.withLock { shown in
                defer { shown = now }
                return shown
            }
            guard before != now else { return }
            let words = now.dropLast().lowercased()
            if lastSpoken.withLock({ $0 }).lowercased().contains(words) { return }
            say(now)
        }
    }
}
