/// One option of the client, the single row that parsing, help, the man page and the shell
/// completions are all made from (letters as playerctl has them: `-f` format, `-F` follow).
struct CLIOption: Sendable {
    /// What the option sets once parsed.
    enum Effect: Sendable {
        case flag(WritableKeyPath<Arguments, Bool> & Sendable)
        case text(WritableKeyPath<Arguments, String?> & Sendable)
        case seconds(WritableKeyPath<Arguments, Double> & Sendable)
        /// Each use adds a value (`--file A --file B`).
        case list(WritableKeyPath<Arguments, [String]> & Sendable)
    }

    /// `--json`.
    let long: String
    /// `-f`, or nil.
    let short: Character?
    /// The value's name in help (`TEMPLATE`), nil for a flag.
    let value: String?
    /// One line of help.
    let summary: String
    /// Where the parsed value goes.
    let effect: Effect

    /// `-f, --format TEMPLATE` as help shows it.
    var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "") + "--\(long)"
        return value.map { "\(names) \($0)" } ?? names
    }
}

/// Every option, in the order help lists them.
let optionTable: [CLIOption] = [
    CLIOption(long: "format", short: "f", value: "TEMPLATE",
              summary: "print status with a template of property names: '{{decade}} {{mode}}' (export-phrases: the format)",
              effect: .text(\.format)),
    CLIOption(long: "follow", short: "F", value: nil, summary: "status: print again whenever it changes, and wait for the daemon when it goes",
              effect: .flag(\.follow)),
    CLIOption(long: "json", short: nil, value: nil, summary: "print results as JSON", effect: .flag(\.json)),
    CLIOption(long: "output", short: "o", value: "DIR", summary: "export-phrases: write the files under DIR", effect: .text(\.output)),
    CLIOption(long: "address", short: nil, value: "ADDRESS", summary: "use this bus instead of the session bus", effect: .text(\.address)),
    CLIOption(long: "timeout", short: nil, value: "SECONDS", summary: "give up on a call after this long (default 25)",
              effect: .seconds(\.timeoutSeconds)),
    CLIOption(long: "file", short: nil, value: "WAV", summary: "listen: read this recording instead of the microphone (repeatable)",
              effect: .list(\.files)),
    CLIOption(long: "mic", short: nil, value: "SOURCE", summary: "listen: record from this GStreamer source (default autoaudiosrc)",
              effect: .text(\.microphone)),
    CLIOption(long: "hold", short: nil, value: nil,
              summary: "listen: record until released (SIGUSR1, 'retrocam listen release', stdin closed)", effect: .flag(\.hold)),
    CLIOption(long: "dry-run", short: "n", value: nil, summary: "listen: say what was heard and meant, do nothing",
              effect: .flag(\.dryRun)),
    CLIOption(long: "at", short: nil, value: "CALENDAR",
              summary: "automate add: when a timer runs, in systemd's words ('Mon..Fri 09:00', 'daily', '*:0/15')", effect: .text(\.at)),
    CLIOption(long: "when", short: nil, value: "EVENT", summary: "automate add: the event it runs after (camera-added, take-saved, ...)",
              effect: .text(\.when)),
    CLIOption(long: "version", short: "v", value: nil, summary: "print the version and exit", effect: .flag(\.version)),
    CLIOption(long: "help", short: "h", value: nil, summary: "this help, or 'retrocam help COMMAND'", effect: .flag(\.help)),
]

/// The command line split into words and options, before any command sees it
/// (swift-argument-parser keeps tokenizing apart from binding the same way).
struct Arguments: Sendable, Equatable {
    /// Words that are not options, in order: the command and its operands.
    var words: [String] = []
    /// `--json`: print results as JSON for scripts.
    var json = false
    /// `-F` / `--follow`: keep printing on every change (status).
    var follow = false
    /// `-f` / `--format TEMPLATE`: a `{{name}}` template for status.
    var format: String?
    /// `-h` / `--help`.
    var help = false
    /// `-v` / `--version`.
    var version = false
    /// `--address ADDRESS`: a bus other than the session bus.
    var address: String?
    /// `-o` / `--output DIR`: where `export-phrases` writes its files.
    var output: String?
    /// `--timeout SECONDS` for each call.
    var timeoutSeconds: Double = 25
    /// `--file PATH` (repeatable): `listen` reads these recordings, one utterance each, instead of the microphone.
    var files: [String] = []
    /// `--hold`: `listen` records until released (SIGUSR1, SIGTERM, stdin closed, `listen release`).
    var hold = false
    /// `--mic SOURCE`: `listen` records from this GStreamer source (`pulsesrc`, `pipewiresrc`, …).
    var microphone: String?
    /// `-n` / `--dry-run`: `listen` says what it heard and what it means, and performs nothing.
    var dryRun = false
    /// `--at CALENDAR`: when `automate add`'s timer runs.
    var at: String?
    /// `--when EVENT`: the event `automate add`'s automation runs after.
    var when: String?

    /// Splits `raw` into words and options from `optionTable`. Accepts `--name=value`, `--name value`,
    /// `-f value`, `-fvalue`, grouped flags (`-Fh`) and `--` (everything after it is a word). Words that
    /// look like numbers (`-1`, `-0.5`) are words, so `retrocam adjust exposure -1` works.
    static func parse(_ raw: [String]) throws(UsageError) -> Arguments {
        var result = Arguments()
        var index = 0
        var onlyWords = false
        while index < raw.count {
            let word = raw[index]
            index += 1
            if onlyWords || !word.hasPrefix("-") || word == "-" || Arguments.isNumber(word) {
                result.words.append(word)
            } else if word == "--" {
                onlyWords = true
            } else if word.hasPrefix("--") {
                let parts = word.dropFirst(2).split(separator: "=", maxSplits: 1).map(String.init)
                guard let option = optionTable.first(where: { $0.long == parts[0] }) else {
                    throw UsageError("Unknown option '--\(parts[0])'.")
                }
                try result.apply(option, inline: parts.count > 1 ? parts[1] : nil, raw: raw, index: &index)
            } else {
                var letters = Substring(word.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    guard let option = optionTable.first(where: { $0.short == letter }) else {
                        throw UsageError("Unknown option '-\(letter)'.")
                    }
                    if option.value != nil {
                        try result.apply(option, inline: letters.isEmpty ? nil : String(letters), raw: raw, index: &index)
                        break
                    }
                    try result.apply(option, inline: nil, raw: raw, index: &index)
                }
            }
        }
        return result
    }

    /// Sets what `option` sets, taking its value inline or from the next word.
    private mutating func apply(_ option: CLIOption, inline: String?, raw: [String], index: inout Int) throws(UsageError) {
        func value() throws(UsageError) -> String {
            if let inline { return inline }
            guard index < raw.count else { throw UsageError("--\(option.long) needs a value (\(option.value ?? "")).") }
            index += 1
            return raw[index - 1]
        }
        switch option.effect {
        case .flag(let key):
            guard inline == nil else { throw UsageError("--\(option.long) takes no value.") }
            self[keyPath: key] = true
        case .text(let key):
            self[keyPath: key] = try value()
        case .list(let key):
            self[keyPath: key].append(try value())
        case .seconds(let key):
            let text = try value()
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError("--\(option.long) takes a number of seconds between 0 and 3600, not '\(text)'.")
            }
            self[keyPath: key] = seconds
        }
    }

    /// True for `-1`, `+2`, `-0.5`: signed numbers are operands, not options.
    static func isNumber(_ word: String) -> Bool {
        guard let first = word.first, first == "-" || first == "+" else { return false }
        return Double(word.dropFirst()) != nil
    }
}

/// A mistake in how the client was called: printed with the usage, exit status 64 (EX_USAGE).
struct UsageError: Error, Equatable {
    /// The sentence to print.
    let message: String
    init(_ message: String) { self.message = message }
}
