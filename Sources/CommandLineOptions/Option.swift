/// One option of a program: the single row that parsing, help, the man page and the shell completions
/// are all made from. `Values` is the program's options struct the row writes into.
public struct Option<Values>: Sendable {
    /// What the row does with the command line.
    enum Binding: Sendable {
        /// A flag: no value.
        case flag(@Sendable (inout Values) -> Void)
        /// An option that takes a value; the closure checks and stores it.
        case value(@Sendable (inout Values, String) throws(UsageError) -> Void)
        /// `-h`, `--help`: the parser answers with help instead of running.
        case help
    }

    /// `json` for `--json`.
    public let long: String
    /// `f` for `-f`, or nil.
    public let short: Character?
    /// The value's name in help (`TEMPLATE`), nil for a flag.
    public let value: String?
    /// What the option does, in a few words for help (no full stop).
    public let summary: String
    let binding: Binding

    /// A flag that runs `set` (`--keys-volume` sets two fields).
    public static func flag(_ long: String, short: Character? = nil, _ summary: String,
                            _ set: @escaping @Sendable (inout Values) -> Void) -> Option {
        Option(long: long, short: short, value: nil, summary: summary, binding: .flag(set))
    }

    /// A flag that sets `key` to true.
    public static func flag(_ long: String, short: Character? = nil, _ summary: String,
                            _ key: WritableKeyPath<Values, Bool> & Sendable) -> Option {
        flag(long, short: short, summary) { $0[keyPath: key] = true }
    }

    /// An option with a value named `value` in help; `store` checks it (throwing a sentence) and keeps it.
    public static func value(_ long: String, short: Character? = nil, _ value: String, _ summary: String,
                             _ store: @escaping @Sendable (inout Values, String) throws(UsageError) -> Void) -> Option {
        Option(long: long, short: short, value: value, summary: summary, binding: .value(store))
    }

    /// An option whose value is kept as it is in `key`.
    public static func text(_ long: String, short: Character? = nil, _ value: String, _ summary: String,
                            _ key: WritableKeyPath<Values, String?> & Sendable) -> Option {
        self.value(long, short: short, value, summary) { $0[keyPath: key] = $1 }
    }

    /// A repeatable option: each use adds its value to `key` (`--file A --file B`).
    public static func list(_ long: String, short: Character? = nil, _ value: String, _ summary: String,
                            _ key: WritableKeyPath<Values, [String]> & Sendable) -> Option {
        self.value(long, short: short, value, summary) { $0[keyPath: key].append($1) }
    }

    /// `-h, --help`, which every parser has.
    static func help(_ summary: String) -> Option {
        Option(long: "help", short: "h", value: nil, summary: summary, binding: .help)
    }

    /// `--name`, the way messages name the option.
    public var name: String { "--\(long)" }

    /// `-f, --format TEMPLATE` as help shows it.
    public var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "") + name
        return value.map { "\(names) \($0)" } ?? names
    }

    /// Every word that selects the option: `--format`, `-f`.
    public var words: [String] { [name] + (short.map { ["-\($0)"] } ?? []) }
}

/// Readers for option values that say what is wrong in one sentence.
public enum OptionValue {
    /// A number of seconds within `range` (finite), or "`--linger` takes seconds from 0 to 3600, not 'soon'.".
    public static func seconds(_ text: String, for option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard text.count <= 32, let value = Double(text), value.isFinite, range.contains(value) else {
            throw UsageError("\(option) takes seconds from \(number(range.lowerBound)) to \(number(range.upperBound)), not '\(shown(text))'.")
        }
        return value
    }

    /// A whole number within `range` in the unit `unit` ("milliseconds").
    public static func integer(_ text: String, for option: String, unit: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard text.count <= 32, let value = Int(text), range.contains(value) else {
            throw UsageError("\(option) takes \(unit) from \(range.lowerBound) to \(range.upperBound), not '\(shown(text))'.")
        }
        return value
    }

    /// A value with something in it, at most `limit` characters.
    public static func nonBlank(_ text: String, for option: String, limit: Int = 4096, saying what: String) throws(UsageError) -> String {
        guard !text.allSatisfy(\.isWhitespace), text.count <= limit else {
            throw UsageError("\(option) takes \(what).")
        }
        return text
    }

    /// A value as a message quotes it: at most 40 characters, a longer one cut with "…".
    public static func shown(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
