import DBus
import Intents

extension ParameterValue {
    /// A parameter as the caller typed it: a string, a number or a boolean, possibly inside a
    /// variant. Anything else (arrays, structs, paths) is a wrong type.
    init(bus value: Value, name: String) throws {
        switch value.unwrapped {
        case .string(let text): self = .string(text)
        case .bool(let flag): self = .bool(flag)
        case .double(let number): self = .double(number)
        default:
            guard let number = value.int64Value else {
                throw DBusError.invalidArgs(
                    "Parameter '\(name)' must be a string, a number or a boolean, not the D-Bus type '\(value.unwrapped.signature)'.")
            }
            self = .int(number)
        }
    }

    /// The value as a D-Bus value (inside an `a{sv}` it is wrapped in a variant).
    var bus: Value {
        switch self {
        case .string(let text): return .string(text)
        case .int(let number): return Int32(exactly: number).map(Value.int32) ?? .int64(number)
        case .double(let number): return .double(number)
        case .bool(let flag): return .bool(flag)
        }
    }

    /// Decodes an `a{sv}` of parameters.
    static func parameters(_ dict: [String: Value]) throws -> [String: ParameterValue] {
        try dict.reduce(into: [:]) { result, entry in
            result[entry.key] = try ParameterValue(bus: entry.value, name: entry.key)
        }
    }
}

extension IntentResult {
    /// The `a{sv}` every intent method returns: `dialog`, and `value`, `path` and extras when set.
    var bus: Value {
        var entries: [(String, Value)] = [("dialog", .string(dialog))]
        if let value { entries.append(("value", value.bus)) }
        if let path { entries.append(("path", .string(path))) }
        for key in extra.keys.sorted() { entries.append((key, extra[key]!.bus)) }
        return .orderedStringDict(entries)
    }
}

extension Interpretation {
    /// `Interpret`'s answer: `intent`, `slots`, `spans` (slot → `{text, start, end}`, offsets in Unicode
    /// scalars), `confidence`, `performed`, `dialog`, and `result` when performed. An utterance of several
    /// commands ("… and …") adds `commands`, an array with one such dictionary per command, in order; its
    /// top-level `dialog` is then `utteranceDialog`.
    var bus: Value {
        var entries = Self.entries(of: self)
        if !andThen.isEmpty {
            let parts = commands
            entries.removeAll { $0.0 == "dialog" }
            entries.append(("dialog", .string(utteranceDialog)))
            entries.append(("commands", .array("a{sv}", parts.map { .orderedStringDict(Self.entries(of: $0)) })))
        }
        return .orderedStringDict(entries)
    }

    /// One command's entries.
    private static func entries(of command: Interpretation) -> [(String, Value)] {
        var entries: [(String, Value)] = [
            ("intent", .string(command.intent)),
            ("slots", .stringDict(command.slots.mapValues(\.bus))),
            ("spans", .stringDict(command.spans.mapValues { span in
                .orderedStringDict([("text", .string(span.text)), ("start", .int32(Int32(clamping: span.start))),
                                    ("end", .int32(Int32(clamping: span.end)))])
            })),
            ("confidence", .double(command.confidence)),
            ("performed", .bool(command.result != nil)),
            ("dialog", .string(command.dialog)),
        ]
        if let result = command.result { entries.append(("result", result.bus)) }
        return entries
    }

}
