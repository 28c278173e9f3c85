/// The command line split into words and options, before any command sees it
/// (swift-argument-parser keeps tokenizing apart from binding the same way).
struct Arguments: Sendable, Equatable {
    /// Words that are not options, in order: the command and its operands.
    var words: [String] = []
    /// `--json`: print results as JSON for scripts.
    var json = false
    /// `--follow` / `-f`: keep printing on every change (status).
    var follow = false
    /// `--format TEMPLATE`: a `{{name}}` template for status.
    var format: String?
    /// `--help` / `-h`.
    var help = false
    /// `--address ADDRESS`: a bus other than the session bus.
    var address: String?
    /// `--output DIR`: where `export-phrases` writes its files.
    var output: String?
    /// `--timeout SECONDS` for each call.
    var timeoutSeconds: Double = 25
    /// `--file PATH` (repeatable): `listen` reads these recordings, one utterance each, instead of the microphone.
    var files: [String] = []
    /// `--hold`: `listen` records until released (SIGUSR1, SIGTERM, stdin closed, `listen release`).
    var hold = false
    /// `--mic SOURCE`: `listen` records from this GStreamer source (`pulsesrc`, `pipewiresrc`, …).
    var microphone: String?
    /// `--dry-run`: `listen` says what it heard and what it means, and performs nothing.
    var dryRun = false

    /// Splits `raw` into words and options. Accepts `--name=value`, `--name value`, `-h`/`-f`
    /// and `--` (everything after it is a word). Words that look like numbers (`-1`, `-0.5`)
    /// are words, so `retrocam adjust exposure -1` works.
    static func parse(_ raw: [String]) throws(UsageError) -> Arguments {
        var result = Arguments()
        var index = 0
        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < raw.count else { throw UsageError("\(option) needs a value.") }
            return raw[index]
        }
        var onlyWords = false
        while index < raw.count {
            let word = raw[index]
            if onlyWords || !word.hasPrefix("-") || word == "-" || Arguments.isNumber(word) {
                result.words.append(word)
            } else if word == "--" {
                onlyWords = true
            } else {
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                let name = parts[0]
                let inline = parts.count > 1 ? parts[1] : nil
                switch name {
                case "--json": result.json = true
                case "--follow", "-f": result.follow = true
                case "--help", "-h": result.help = true
                case "--format": result.format = try value(for: name, inline: inline)
                case "--address": result.address = try value(for: name, inline: inline)
                case "--output", "-o": result.output = try value(for: name, inline: inline)
                case "--file": result.files.append(try value(for: name, inline: inline))
                case "--hold": result.hold = true
                case "--mic": result.microphone = try value(for: name, inline: inline)
                case "--dry-run", "-n": result.dryRun = true
                case "--timeout":
                    let text = try value(for: name, inline: inline)
                    guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                        throw UsageError("--timeout takes a number of seconds between 0 and 3600, not '\(text)'.")
                    }
                    result.timeoutSeconds = seconds
                default: throw UsageError("Unknown option '\(name)'.")
                }
            }
            index += 1
        }
        return result
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
