import Body

/// The built-in voice matcher, wired to the same resolver and intents as the bus methods.
extension CameraController {
    /// Understands an utterance ("go to the seventies", "take a picture and zoom to two x"): the intent,
    /// its slots resolved, the slot's span, a confidence, and the result when `perform` is true, else the
    /// question Resolve would ask ("Set the decade to the 1970s?").
    ///
    /// Every command of the utterance is resolved before anything is performed (later ones against the
    /// body as the earlier ones leave it), so a command that cannot be done stops the whole utterance
    /// before the camera moves. Refusals are named errors with a sentence, never a guess:
    /// nothing for the camera is `.notFound`; two intents that say the words equally well is `.ambiguous`
    /// (choices: the intents); a slot that does not resolve throws the resolver's error.
    public func interpret(_ utterance: String, perform: Bool) async throws(IntentError) -> Interpretation {
        let said = Utterance(utterance)
        let commands = VoiceMatcher.commands(in: said)
        guard !commands.isEmpty else { throw .notFound(VoiceMatcher.refusal) }
        var scratch = body
        var chosen: [(choice: VoiceChoice, question: String)] = []
        for command in commands {
            let choice = try VoiceChoice.choose(command, in: said, body: scratch)
            let asked = choice.question(on: scratch)
            scratch = asked.after
            chosen.append((choice, asked.question))
        }
        var interpretations: [Interpretation] = []
        for (choice, question) in chosen {
            let result = perform ? try await self.perform(choice.intent, choice.parameters) : nil
            interpretations.append(Interpretation(intent: choice.intent.rawValue, slots: choice.slots, spans: choice.spans,
                                                  confidence: choice.confidence, result: result,
                                                  question: perform ? nil : question))
        }
        let first = interpretations[0]
        return Interpretation(intent: first.intent, slots: first.slots, spans: first.spans, confidence: first.confidence,
                              result: first.result, question: first.question, andThen: Array(interpretations.dropFirst()))
    }
}
