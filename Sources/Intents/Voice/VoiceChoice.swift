import Body

/// The reading chosen for one command of an utterance.
struct VoiceChoice: Sendable {
    let intent: IntentName
    /// Its parameters read against the body.
    let resolved: ResolvedIntent
    /// The parameters to perform it with, as said (read again by `perform`).
    let parameters: [String: ParameterValue]
    let slots: [String: ParameterValue]
    let spans: [String: TextSpan]
    let confidence: Double

    /// Picks the most specific candidate whose parameters resolve against `body` (more fixed words first,
    /// then a slot that holds a whole value); refuses a tie between two intents.
    static func choose(_ command: VoiceMatcher.Command, in said: Utterance, body: CameraBody) throws(IntentError) -> VoiceChoice {
        let resolver = Resolver(body: body)
        let ordered = command.candidates.sorted { ($0.score, -$0.loose, -$0.sentence) > ($1.score, -$1.loose, -$1.sentence) }
        var readings: [(candidate: VoiceGrammar.Candidate, choice: VoiceChoice)] = []
        var failures: [IntentError] = []
        for candidate in ordered {
            var parameters = candidate.values.mapValues(ParameterValue.string)
            var spans: [String: TextSpan] = [:]
            if let slot = candidate.slot {
                parameters[IntentParameter.value] = .string(said.texts[slot.range].joined(separator: " "))
                spans[IntentParameter.value] = said.span(slot.range)
            }
            let resolved: ResolvedIntent
            do {
                resolved = try resolver.resolve(candidate.intent, parameters)
            } catch {
                failures.append(error)
                continue
            }
            readings.append((candidate, VoiceChoice(intent: candidate.intent, resolved: resolved, parameters: parameters,
                                                    slots: resolved.slots, spans: spans, confidence: 1.0)))
        }
        guard let winner = readings.first else {
            throw failures.first { if case .ambiguous = $0 { true } else { false } } ?? failures[0]
        }
        guard let runnerUp = readings.first(where: { $0.choice.intent != winner.choice.intent }) else { return winner.choice }
        if runnerUp.candidate.score >= winner.candidate.score, runnerUp.candidate.loose <= winner.candidate.loose {
            let names = [winner.choice.intent.rawValue, runnerUp.choice.intent.rawValue]
            throw .ambiguous("That could mean \(names[0]) or \(names[1]). Please say it another way.", choices: names)
        }
        let confidence = 1.0 - 0.5 * Double(runnerUp.candidate.score) / Double(winner.candidate.score)
        let chosen = winner.choice
        return VoiceChoice(intent: chosen.intent, resolved: chosen.resolved, parameters: chosen.parameters,
                           slots: chosen.slots, spans: chosen.spans, confidence: confidence)
    }

    /// What the command would do to `body` (as Resolve asks it: "Set the decade to the 1980s?"), and the
    /// body after it, for the commands that follow.
    func question(on body: CameraBody) -> (question: String, after: CameraBody) {
        var after = body
        switch resolved {
        case .setting(let setting):
            _ = try? setting.apply(to: &after)
            return (setting.confirmation, after)
        case .adjustment(let adjustment):
            _ = try? after.adjust(adjustment.control, steps: adjustment.steps)
            return (CameraController.adjustmentWords(adjustment, before: body, after: after).question, after)
        case .action:
            if intent == .takePhoto, after.mode == .cine { after.setMode(.still) }
            if intent == .startClip, after.mode == .still { after.setMode(.cine) }
            return (CameraController.actionQuestion(intent, body: body), after)
        }
    }
}
