import DBus

/// One control as the bus says it: a row of `ListControls` or `ListMenu` — id, spoken name,
/// spoken value, hint. What the accessible objects carry, word for word.
struct SpokenRow: Equatable, Sendable {
    let id: String
    let name: String
    let value: String
    let hint: String

    /// What `Describe` says: name and value joined by ", ", or the name alone.
    var description: String { value.isEmpty ? name : "\(name), \(value)" }

    /// The rows of an `a(ssss)` reply.
    static func rows(_ reply: [Value]) -> [SpokenRow] {
        (reply.first?.arrayValues ?? []).compactMap { row in
            guard let fields = row.structureFields, fields.count == 4,
                  let id = fields[0].stringValue, let name = fields[1].stringValue,
                  let value = fields[2].stringValue, let hint = fields[3].stringValue else { return nil }
            return SpokenRow(id: id, name: name, value: value, hint: hint)
        }
    }
}

/// The choices each Set* intent offers (from `ListIntents`), so an adjustable control can give
/// assistive technologies a number and a range for its value (AtkValue) without knowing the catalog.
struct DialChoices: Sendable {
    private var choices: [String: [String]] = [:]

    /// Reads an `a(ssa(ssas)as)` reply of `ListIntents`.
    init(listIntents reply: [Value] = []) {
        for intent in reply.first?.arrayValues ?? [] {
            guard let fields = intent.structureFields, fields.count >= 3, let name = fields[0].stringValue,
                  let parameter = fields[2].arrayValues?.first?.structureFields, parameter.count >= 3,
                  let options = parameter[2].stringArray, !options.isEmpty else { continue }
            choices[name] = options
        }
    }

    /// The number, range and step for a control whose value is `current` among the choices of
    /// `intent`: the choices' own numbers when they all have one ("1970s", "+0.5", "2.0x"),
    /// otherwise their positions.
    func number(intent: String, current: String) -> (value: Double, minimum: Double, maximum: Double, step: Double)? {
        guard let options = choices[intent] else { return nil }
        let numbers = options.compactMap(Self.leadingNumber)
        if numbers.count == options.count, let low = numbers.min(), let high = numbers.max(),
           let value = Self.leadingNumber(current) {
            let sorted = numbers.sorted()
            let step = zip(sorted, sorted.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.min() ?? 1
            return (value, low, high, step)
        }
        guard let index = options.firstIndex(of: current) else { return nil }
        return (Double(index), 0, Double(options.count - 1), 1)
    }

    /// "1970s" → 1970, "+0.5" → 0.5, "2.0x" → 2, "7 of 12" → 7, "Super 8" → nil.
    static func leadingNumber(_ text: String) -> Double? {
        var digits = ""
        for character in text {
            if character.isNumber || character == "." || ((character == "-" || character == "+") && digits.isEmpty) {
                digits.append(character)
            } else {
                break
            }
        }
        return Double(digits)
    }
}
