/// The built-in voice matcher, wired to the same resolver and intents as the bus methods.
extension CameraController {
    /// Understands an utterance ("go to the seventies"): the intent, its slot resolved, confidence 1.0
    /// for a full phrase match, and the result when `perform` is true.
    ///
    /// Several phrases may say it ("switch to still" could name a style, a mode or a decade): the first
    /// whose slot resolves wins. When none resolves, the error is an ambiguity if there is one, else the
    /// decade's when the slot reads as a decade, else the first phrase's. Nothing matched is `.notFound`.
    public func interpret(_ utterance: String, perform: Bool) async throws(IntentError) -> Interpretation {
        let candidates = Matcher.candidates(utterance)
        guard !candidates.isEmpty else { throw .notFound(Matcher.refusal) }
        let resolver = Resolver(body: body)
        var failures: [(candidate: Matcher.Candidate, error: IntentError)] = []
        for candidate in candidates {
            let intent = candidate.template.intent
            var slots: [String: ParameterValue] = [:]
            var params: [String: ParameterValue] = [:]
            if let kind = intent.setting {
                do {
                    let setting = try resolver.resolve(kind, candidate.slot.map(ParameterValue.string))
                    slots["value"] = setting.value
                    params["value"] = .string(candidate.slot ?? "")
                } catch {
                    failures.append((candidate, error))
                    continue
                }
            }
            let result = perform ? try await self.perform(intent.rawValue, params) : nil
            return Interpretation(intent: intent.rawValue, slots: slots, confidence: 1.0, result: result)
        }
        if let ambiguity = failures.first(where: { if case .ambiguous = $0.error { true } else { false } }) {
            throw ambiguity.error
        }
        if let decade = failures.first(where: {
            $0.candidate.template.intent == .setDecade && DecadeParser.parse($0.candidate.slot ?? "") != nil
        }) {
            throw decade.error
        }
        throw failures[0].error
    }
}
