/// A program's command line as one table: binds tokens to its options, checks them as a whole before
/// the program runs, and writes its help from the same rows, so help cannot drift from parsing.
public struct OptionParser<Values: Sendable>: Sendable {
    /// What parsing gave.
    public enum Outcome: Sendable {
        /// Run with these options and operands.
        case run(Values, operands: [String])
        /// `-h` or `--help` was given (with these operands, for `retrocam --help set`): print help, exit 0.
        case help(operands: [String])
    }

    /// The program's name (`retrocamd`).
    public let program: String
    /// What follows the name in the usage line (`[OPTIONS] COMMAND [ARGUMENTS]`).
    public let synopsis: String
    /// One sentence: what the program is.
    public let about: String
    /// The options, in the order help lists them (`-h, --help` is added at the end).
    public let options: [Option<Values>]
    /// Said after the options in help (the environment variables), wrapped to fit.
    public let footer: String?
    /// The options as they start, before the command line changes them.
    public let defaults: Values
    /// How many operands the program takes; nil for a program with commands, which checks them itself.
    public let operands: ClosedRange<Int>?
    /// Checks the options together once all are bound (one that needs another, values read together).
    public let validate: @Sendable (inout Values) throws(UsageError) -> Void

    /// A parser for `program`.
    public init(program: String, synopsis: String = "[OPTIONS]", about: String, options: [Option<Values>],
                helpSummary: String = "print this help and exit",
                footer: String? = nil, defaults: Values, operands: ClosedRange<Int>? = 0...0,
                validate: @escaping @Sendable (inout Values) throws(UsageError) -> Void = { _ throws(UsageError) in }) {
        self.program = program
        self.synopsis = synopsis
        self.about = about
        self.options = options + [.help(helpSummary)]
        self.footer = footer
        self.defaults = defaults
        self.operands = operands
        self.validate = validate
    }

    /// Reads `raw` (the arguments after the program's name): tokens first, then each bound to its row,
    /// then the whole checked. A mistake is a `UsageError` naming the word at fault.
    public func parse(_ raw: [String]) throws(UsageError) -> Outcome {
        var values = defaults
        var words: [String] = []
        var help = false
        var tokens = Token.split(raw)[...]
        while let token = tokens.popFirst() {
            switch token {
            case .word(let word):
                words.append(word)
            case .terminator:
                continue
            case .long(let name, let inline):
                guard let option = options.first(where: { $0.long == name }) else {
                    throw UsageError("Unknown option '--\(OptionValue.shown(name))'.")
                }
                try bind(option, inline: inline, rest: &tokens, into: &values, help: &help)
            case .short(let letters):
                var rest = Substring(letters)
                while let letter = rest.popFirst() {
                    guard let option = options.first(where: { $0.short == letter }) else {
                        throw UsageError("Unknown option '-\(letter)'.")
                    }
                    if option.value != nil {
                        try bind(option, inline: rest.isEmpty ? nil : String(rest), rest: &tokens, into: &values, help: &help)
                        break
                    }
                    try bind(option, inline: nil, rest: &tokens, into: &values, help: &help)
                }
            }
        }
        if help { return .help(operands: words) }
        if let operands, !operands.contains(words.count) {
            guard let first = words.first else { throw UsageError("\(program) needs \(operands.lowerBound) operands.") }
            throw UsageError("Unexpected argument '\(OptionValue.shown(first))'.")
        }
        try validate(&values)
        return .run(values, operands: words)
    }

    /// Applies `option`, taking its value inline (`--name=value`, `-fvalue`) or from the next word.
    private func bind(_ option: Option<Values>, inline: String?, rest: inout ArraySlice<Token>,
                      into values: inout Values, help: inout Bool) throws(UsageError) {
        switch option.binding {
        case .flag(let set):
            guard inline == nil else { throw UsageError("\(option.name) takes no value.") }
            set(&values)
        case .help:
            guard inline == nil else { throw UsageError("\(option.name) takes no value.") }
            help = true
        case .value(let store):
            if let inline { return try store(&values, inline) }
            guard case .word(let next)? = rest.first else {
                throw UsageError("\(option.name) needs a value (\(option.value ?? "")).")
            }
            rest.removeFirst()
            try store(&values, next)
        }
    }
}
