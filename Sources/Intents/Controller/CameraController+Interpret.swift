import Body

/// The built-in voice matcher, wired to the same resolver and intents as the bus methods.
extension CameraController {
    /// Understands an utterance ("go to the seventies", "take a picture and zoom to two x"): the intent,
    /// its slot resolved, the slot's span, a confidence, and the result when `perform` is true.
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
        var chosen: [VoiceChoice] = []
        for command in commands {
            let choice = try VoiceChoice.choose(command, in: said, body: scratch)
            if let setting = choice.setting { _ = try? setting.apply(to: &scratch) }
            chosen.append(choice)
        }
        var interpretations: [Interpretation] = []
        for choice in chosen {
            let result = perform ? try await self.perform(choice.intent.rawValue, choice.parameters) : nil
            interpretations.append(Interpretation(intent: choice.intent.rawValue, slots: choice.slots, spans: choice.spans,
                                                  confidence: choice.confidence, result: result))
        }
        let first = interpretations[0]
        return Interpretation(intent: first.intent, slots: first.slots, spans: first.spans, confidence: first.confidence,
                              result: first.result, andThen: Array(interpretations.dropFirst()))
    }
}

/// The reading chosen for one command of an utterance.
struct VoiceChoice: Sendable {
    let intent: IntentName
    /// The resolved setting of a Set* intent.
    let setting: Setting?
    /// The parameters to perform it with (the value as said, resolved again by `perform`).
    let parameters: [String: ParameterValue]
    let slots: [String: ParameterValue]
    let spans: [String: TextSpan]
    let confidence: Double

    /// Picks the most specific candidate whose slot resolves against `body`; refuses a near-tie.
    static func choose(_ command: VoiceMatcher.Command, in said: Utterance, body: CameraBody) throws(IntentError) -> VoiceChoice {
        let resolver = Resolver(body: body)
        let ordered = command.candidates.sorted {
            ($0.literalCount, -$0.sentence) > ($1.literalCount, -$1.sentence)
        }
        var readings: [(candidate: VoiceGrammar.Candidate, choice: VoiceChoice)] = []
        var failures: [IntentError] = []
        for candidate in ordered {
            var text: String?
            var spans: [String: TextSpan] = [:]
            if let slot = candidate.slot {
                text = said.texts[slot.range].joined(separator: " ")
                spans["value"] = said.span(slot.range)
            } else {
                text = candidate.fixedValue
            }
            var setting: Setting?
            if let kind = candidate.intent.setting {
                do {
                    setting = try resolver.resolve(kind, text.map(ParameterValue.string))
                } catch {
                    failures.append(error)
                    continue
                }
            }
            let choice = VoiceChoice(intent: candidate.intent, setting: setting,
                                     parameters: text.map { ["value": .string($0)] } ?? [:],
                                     slots: setting.map { ["value": $0.value] } ?? [:], spans: spans, confidence: 1.0)
            readings.append((candidate, choice))
        }
        guard let winner = readings.first else {
            throw failures.first { if case .ambiguous = $0 { true } else { false } } ?? failures[0]
        }
        guard let runnerUp = readings.first(where: { $0.choice.intent != winner.choice.intent }) else { return winner.choice }
        if runnerUp.candidate.literalCount >= winner.candidate.literalCount {
            let names = [winner.choice.intent.rawValue, runnerUp.choice.intent.rawValue]
            throw .ambiguous("That could mean \(names[0]) or \(names[1]). Please say it another way.", choices: names)
        }
        let confidence = 1.0 - 0.5 * Double(runnerUp.candidate.literalCount) / Double(winner.candidate.literalCount)
        let chosen = winner.choice
        return VoiceChoice(intent: chosen.intent, setting: chosen.setting, parameters: chosen.parameters, slots: chosen.slots,
                           spans: chosen.spans, confidence: confidence)
    }
}
