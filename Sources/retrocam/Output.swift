import DBus
import Foundation

/// What a command prints: plain text by default, JSON with `--json`.
enum Output {
    /// An intent's `a{sv}` result: its `dialog`, then the path of a take when there is one.
    case result([String: Value])
    /// A single line.
    case text(String)
    /// Rows of columns (controls, intents), tab-separated in plain text.
    case rows(header: [String], [[String]])
    /// Camera properties (status).
    case properties([String: Value])
    /// An empty line, in every format (`status --follow` when the daemon goes).
    case blank
    /// Nothing at all (a command that printed as it went).
    case nothing

    /// The text to print for this output.
    func rendered(json: Bool, format: String?) -> String {
        switch self {
        case .result(let dict):
            if json { return JSON.encode(dict.mapValues(JSON.plain)) }
            var lines = [dict["dialog"]?.stringValue ?? ""]
            if let path = dict["path"]?.stringValue, !path.isEmpty { lines.append(path) }
            return lines.joined(separator: "\n")
        case .text(let line):
            return json ? JSON.encode(line) : line
        case .nothing:
            return ""
        case .rows(let header, let rows):
            if json {
                return JSON.encode(rows.map { row in
                    Dictionary(uniqueKeysWithValues: zip(header, row).map { ($0, $1 as Any) })
                })
            }
            return rows.map { $0.joined(separator: "\t") }.joined(separator: "\n")
        case .blank:
            return ""
        case .properties(let props):
            if format == Waybar.formatName { return Waybar.line(props) }
            if let format { return Template.render(format, props) }
            if json { return JSON.encode(props.mapValues(JSON.plain)) }
            return props.keys.sorted().map { "\($0): \(Template.text(props[$0]!))" }.joined(separator: "\n")
        }
    }
}

/// `{{name}}` templates for `--format`; names match property names case-insensitively.
enum Template {
    /// Fills every `{{name}}` of `template` from `values`; an unknown name stays empty.
    static func render(_ template: String, _ values: [String: Value]) -> String {
        let byLowercase = Dictionary(values.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        var output = ""
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                output += rest[open.lowerBound...]
                return output
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces).lowercased()
            output += byLowercase[name].map(text) ?? ""
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    /// A property value as plain text: strings bare, numbers and booleans as written.
    static func text(_ value: Value) -> String {
        switch value.unwrapped {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .double(let d): return String(d)
        default:
            if let i = value.int64Value { return String(i) }
            return value.description
        }
    }
}

/// JSON for scripts, built from D-Bus values.
enum JSON {
    /// A D-Bus value as a JSON-compatible Foundation value.
    static func plain(_ value: Value) -> Any {
        switch value.unwrapped {
        case .string(let s): return s
        case .bool(let b): return b
        case .double(let d): return d.isFinite ? d : NSNull()   // JSON has no infinity: such a number is null, the rest is kept
        case .objectPath(let p): return p.rawValue
        case .signature(let s): return s.rawValue
        case .array(_, let items): return items.map(plain)
        case .structure(let fields): return fields.map(plain)
        case .dictionary(_, _, let entries):
            var dict: [String: Any] = [:]
            for entry in entries { dict[Template.text(entry.key)] = plain(entry.value) }
            return dict
        default:
            if let i = value.int64Value { return i }
            return value.description
        }
    }

    /// Encodes `object` with sorted keys; fragments (a bare string) are allowed.
    static func encode(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object,
                                                     options: [.sortedKeys, .fragmentsAllowed]),
              let text = String(data: data, encoding: .utf8) else { return "null" }
        return text
    }
}
