import Body
import CallOrder

/// What an utterance says, matched once against the body: the commands chosen, with the question each
/// asks. `interpret(_:perform:)` then asks or performs them; in between, a caller may check whether the
/// utterance films (`capturesOrDestroys`) without matching it again.
public struct UtteranceReading: Sendable {
    let commands: [(choice: VoiceChoice, question: String)]
    /// The words of each command read by how they sound (`SoundAlikes`).
    var soundAlikes: [SoundAlikeWords] = []

    /// True when a command of the utterance films or destroys a take (a photo, a clip, REC, UNDO).
    public var capturesOrDestroys: Bool { commands.contains { $0.choice.intent.capturesOrDestroys } }

    /// True when a command is only a guess from how words sound that must be asked, not performed: one that
    /// films or destroys a take, or one whose every word was a sound-alike ("paws").
    public var asksFirst: Bool {
        zip(commands, soundAlikes).contains { command, heard in
            !heard.words.isEmpty && (command.choice.intent.capturesOrDestroys || heard.whole)
        }
    }

    /// What was heard as what, said before the dialog of command `index` ("Heard 'flesh' as 'flash'. "), or "".
    func heardNote(_ index: Int) -> String {
        guard index < soundAlikes.count, !soundAlikes[index].words.isEmpty else { return "" }
        return "Heard " + soundAlikes[index].words.map { "'\($0.heard)' as '\($0.meant)'" }.joined(separator: " and ") + ". "
    }
}

/// The words of one command read by how they sound (`SoundAlikes`).
struct SoundAlikeWords: Sendable {
    /// Each word as written and as read ("flesh", "flash").
    let words: [(heard: String, meant: String)]
    /// True when they are all the command's words.
    let whole: Bool
}

/// The built-in voice matcher, wired to the same resolver and intents as the bus methods.
extension CameraController {
    /// Builds what the voice matcher makes once: its grammar (`VoiceGrammar.standard`) and the sound-alikes of the
    /// pronouncing dictionary (`SoundAlikes.standard`, whose lines are sorted once) — together about half a second
    /// in a debug build — so that the first utterance does not pay for them on the thread that answers it.
    /// Blocks; call it from a thread that may wait.
    public nonisolated static func prepareVoiceMatcher() {
        _ = VoiceGrammar.standard
        _ = SoundAlikes.standard
    }

    /// Understands an utterance ("go to the seventies", "take a picture and zoom to two x"): the intent,
    /// its slots resolved, the slot's span, a confidence, and the result when `perform` is true, else the
    /// question Resolve would ask ("Set the decade to the 1970s?").
    public func interpret(_ utterance: String, perform: Bool) async throws(IntentError) -> Interpretation {
        try await interpret(try reading(of: utterance), perform: perform)
    }

    /// Matches an utterance against the body as it is now, performing nothing.
    ///
    /// Every command of the utterance is resolved (later ones against the body as the earlier ones leave
    /// it), so a command that cannot be done stops the whole utterance before the camera moves. Refusals
    /// are named errors with a sentence, never a guess: nothing for the camera is `.notFound`; two intents
    /// that say the words equally well is `.ambiguous` (choices: the intents); a slot that does not resolve
    /// throws the resolver's error.
    public nonisolated func reading(of utterance: String) throws(IntentError) -> UtteranceReading {
        let matched = recentUtterances.matching(utterance)
        let said = matched.said, commands = matched.commands
        guard !commands.isEmpty else { throw .notFound(VoiceMatcher.refusal(for: said)) }
        var scratch = publishedBody
        var chosen: [(choice: VoiceChoice, question: String)] = []
        for command in commands {
            let choice = try VoiceChoice.choose(command, in: said, body: scratch)
            let asked = choice.question(on: scratch)
            scratch = asked.after
            chosen.append((choice, asked.question))
        }
        let soundAlikes = commands.map { command in
            let alike = command.words.filter { said.words[$0].soundAlike }
            return SoundAlikeWords(words: alike.map { (said.span($0..<($0 + 1)).text, said.words[$0].text) },
                                   whole: alike.count == command.words.count)
        }
        return UtteranceReading(commands: chosen, soundAlikes: soundAlikes)
    }

    /// Performs the commands of `reading` in order when `perform` is true, else answers the questions. Only
    /// the last command may let later calls start while it finishes (a photo waiting for its frame): the
    /// ones before it take effect first.
    public func interpret(_ reading: UtteranceReading, perform: Bool) async throws(IntentError) -> Interpretation {
        // A take or a deletion heard only through a sound-alike is asked, as a weak speech take is.
        guard perform, !reading.asksFirst else { return Self.questions(of: reading) }
        var interpretations: [Interpretation] = []
        for (index, (choice, _)) in reading.commands.enumerated() {
            let isLast = index == reading.commands.count - 1
            var result = isLast ? try await self.perform(choice.intent, choice.parameters)
                : try await keepingTurn { () async throws(IntentError) in try await self.perform(choice.intent, choice.parameters) }
            result.dialog = reading.heardNote(index) + result.dialog
            interpretations.append(Interpretation(choice, result: result, question: nil))
        }
        return Interpretation(joining: interpretations)
    }

    /// What `reading` would do, asked, performing nothing (an Interpret with `perform` false).
    public nonisolated static func questions(of reading: UtteranceReading) -> Interpretation {
        Interpretation(joining: reading.commands.enumerated().map { index, command in
            Interpretation(command.choice, result: nil, question: reading.heardNote(index) + command.question)
        })
    }

    /// Runs `work` without letting the calls behind this one start: whatever in it would pass the turn keeps it.
    func keepingTurn<T: Sendable>(_ work: () async throws(IntentError) -> T) async throws(IntentError) -> T {
        let outcome: Result<T, IntentError> = await Turn.$current.withValue(nil) {
            do throws(IntentError) { return .success(try await work()) } catch { return .failure(error) }
        }
        return try outcome.get()
    }
}

extension Interpretation {
    /// One command's interpretation: what `choice` matched, and its result or its question.
    init(_ choice: VoiceChoice, result: IntentResult?, question: String?) {
        self.init(intent: choice.intent.rawValue, slots: choice.slots, spans: choice.spans, confidence: choice.confidence,
                  result: result, question: question)
    }

    /// The first of `interpretations`, with the others as the commands said after it.
    init(joining interpretations: [Interpretation]) {
        let first = interpretations[0]
        self.init(intent: first.intent, slots: first.slots, spans: first.spans, confidence: first.confidence,
                  result: first.result, question: first.question, andThen: Array(interpretations.dropFirst()))
    }
}
