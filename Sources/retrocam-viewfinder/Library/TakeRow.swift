import DBus
import Foundation

/// One take of `Camera1.ListTakes`, and the words the LIBRARY shows and says for it.
struct TakeRow: Sendable, Equatable {
    let path: String
    let kind: String
    let created: Date?
    let decade: String
    let technology: String
    let seconds: Double
    let recovered: Bool

    /// The rows of an `a(sssssdb)` reply.
    static func rows(_ reply: [Value]) -> [TakeRow] {
        (reply.first?.arrayValues ?? []).compactMap { value in
            guard let fields = value.structureFields, fields.count == 7,
                  let path = fields[0].stringValue, let kind = fields[1].stringValue,
                  let created = fields[2].stringValue, let decade = fields[3].stringValue,
                  let technology = fields[4].stringValue, let seconds = fields[5].doubleValue,
                  let recovered = fields[6].boolValue else { return nil }
            return TakeRow(path: path, kind: kind, created: try? Date(created, strategy: .iso8601), decade: decade,
                           technology: technology, seconds: seconds, recovered: recovered)
        }
    }

    /// "Clip, 1970s, 30 Nov 2026 at 14:05, 12 seconds, recovered".
    var summary: String {
        var parts = [kind == "clip" ? "Clip" : "Photo"]
        if !decade.isEmpty { parts.append(decade) }
        if let created { parts.append(created.formatted(date: .abbreviated, time: .shortened)) }
        if kind == "clip" { parts.append(Self.length(seconds)) }
        if recovered { parts.append("recovered") }
        return parts.joined(separator: ", ")
    }

    /// "12 seconds", "1 minute 5 seconds".
    static func length(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds.rounded()))
        let minutes = whole / 60, rest = whole % 60
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        if minutes == 0 { return count(rest, "second") }
        return rest == 0 ? count(minutes, "minute") : "\(count(minutes, "minute")) \(count(rest, "second"))"
    }
}
