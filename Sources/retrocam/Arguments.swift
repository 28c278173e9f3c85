import BusNames
import CommandLineOptions

/// The client's options once parsed, with the words that are not options (the command and its operands).
struct Arguments: Sendable, Equatable {
    /// Words that are not options, in order: the command and its operands.
    var words: [String] = []
    /// `--json`: print results as JSON for scripts.
    var json = false
    /// `-F` / `--follow`: keep printing on every change (status).
    var follow = false
    /// `-f` / `--format TEMPLATE`: a `{{name}}` template for status.
    var format: String?
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

    /// The client's command line: every option in the order help lists them (letters as playerctl has
    /// them: `-f` format, `-F` follow). Help, the man page and the completions are made from these rows.
    static let parser = OptionParser<Arguments>(
        program: "retrocam", synopsis: "[OPTIONS] COMMAND [ARGUMENTS]",
        about: "retrocam — drive the Retrocam camera daemon (\(BusContract.busName) on the session bus).",
        options: [
            .text("format", short: "f", "TEMPLATE",
                  "print status with a template of property names: '{{decade}} {{mode}}' (export-phrases: the format)", \.format),
            .flag("follow", short: "F", "status: print again whenever it changes, and wait for the daemon when it goes", \.follow),
            .flag("json", "print results as JSON", \.json),
            .text("output", short: "o", "DIR", "export-phrases: write the files under DIR", \.output),
            .text("address", "ADDRESS", "use this bus instead of the session bus", \.address),
            .value("timeout", "SECONDS", "give up on a call after this long (default 25)") { arguments, text throws(UsageError) in
                arguments.timeoutSeconds = try timeout(text)
            },
            .list("file", "WAV", "listen: read this recording instead of the microphone (repeatable)", \.files),
            .text("mic", "SOURCE", "listen: record from this GStreamer source (default autoaudiosrc)", \.microphone),
            .flag("hold", "listen: record until released (SIGUSR1, 'retrocam listen release', stdin closed)", \.hold),
            .flag("dry-run", short: "n", "listen: say what was heard and meant, do nothing", \.dryRun),
            .text("at", "CALENDAR", "automate add: when a timer runs, in systemd's words ('Mon..Fri 09:00', 'daily', '*:0/15')", \.at),
            .text("when", "EVENT", "automate add: the event it runs after (camera-added, take-saved, ...)", \.when),
            .flag("version", short: "v", "print the version and exit", \.version),
        ],
        helpSummary: "this help, or 'retrocam help COMMAND'",
        defaults: Arguments(), operands: nil)

    /// Every option, in the order help lists them (the man page and the completions read them).
    static var options: [Option<Arguments>] { parser.options }

    /// `--timeout`'s seconds: more than 0, at most an hour.
    private static func timeout(_ text: String) throws(UsageError) -> Double {
        guard text.count <= 32, let seconds = Double(text), seconds > 0, seconds <= 3600 else {
            throw UsageError("--timeout takes seconds, more than 0 and at most 3600, not '\(OptionValue.shown(text))'.")
        }
        return seconds
    }
}
