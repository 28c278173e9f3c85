import Foundation

/// The fact of the day, read aloud at launch (the seed: "The fact of the day is read aloud at launch").
extension CameraController {
    /// A true fact about the decade on the wheel, the same one all day long (UTC days): dialog
    /// "Fact of the day: …", `value` the fact, and `decade` in the extras.
    public func factOfTheDay(on date: Date = Date()) -> IntentResult {
        let decade = body.decade
        guard !decade.facts.isEmpty else {
            return IntentResult(dialog: "The \(decade.name) have no fact of the day.", extra: ["decade": .string(decade.name)])
        }
        let day = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        let fact = decade.facts[((day % decade.facts.count) + decade.facts.count) % decade.facts.count]
        return IntentResult(dialog: "Fact of the day: \(fact)", value: .string(fact), extra: ["decade": .string(decade.name)])
    }
}
