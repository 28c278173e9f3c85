import Testing

/// A test argument as the test runner should print it: short and on one line. A megabyte string or
/// a NUL in a test's description is a line the log cannot show (the runner cuts a line at a NUL, and a
/// line of a megabyte buries the rest of the log), so arguments print through this.
public enum TestText {
    /// `text` quoted, control characters escaped (`\0`, `\n`, `\u{7}`), and cut after `limit`
    /// characters with the full length said: `"take a photo take a p…" (1300000 characters)`.
    public static func shown(_ text: String, limit: Int = 40) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar {
            case "\0": escaped += "\\0"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    escaped += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        let count = text.unicodeScalars.count
        return count > limit ? "\"\(escaped)…\" (\(count) characters)" : "\"\(escaped)\""
    }

    /// Words as a command line shows them, each `shown`: `retrocamd "--linger" "9999…" (10000 characters)`.
    public static func shown(_ words: [String], limit: Int = 40) -> String {
        words.map { shown($0, limit: limit) }.joined(separator: " ")
    }
}

/// A text argument of a parameterized test, printed by the runner as `TestText.shown` prints it:
/// `@Test(arguments: ["", "decade", TextCase(String(repeating: "x", count: 1_000_000))] as [TextCase])`.
public struct TextCase: Sendable, Hashable, CustomTestStringConvertible, ExpressibleByStringLiteral {
    /// The text the test gets.
    public let text: String

    /// A case of `text`.
    public init(_ text: String) { self.text = text }

    /// A case of a literal.
    public init(stringLiteral text: String) { self.text = text }

    /// Short and on one line.
    public var testDescription: String { TestText.shown(text) }
}
