import CommandLineOptions
import Testing

/// A table of options binds the tokens: values inline or from the next word, letter groups, repeated
/// options, operands counted, the whole checked at the end, and every mistake a usage error that names it.
@Suite struct OptionParserTests {
    struct Values: Sendable, Equatable {
        var verbose = false
        var json = false
        var format: String?
        var files: [String] = []
        var seconds: Double = 4
        var other: Bool = false
    }

    static let parser = OptionParser<Values>(
        program: "sample", synopsis: "[OPTIONS] [WORD]", about: "A sample program.",
        options: [
            .flag("verbose", short: "v", "say more", \.verbose),
            .flag("json", short: "j", "print JSON", \.json),
            .text("format", short: "f", "TEMPLATE", "print with a template", \.format),
            .list("file", "PATH", "read this file (repeatable)", \.files),
            .value("linger", "SECONDS", "stay this long") { values, text throws(UsageError) in
                values.seconds = try OptionValue.seconds(text, for: "--linger", in: 0...3600)
            },
            .flag("other", "needs --json", \.other),
        ],
        defaults: Values(), operands: 0...1,
        validate: { values throws(UsageError) in
            if values.other && !values.json { throw UsageError("--other needs --json.") }
        })

    func run(_ raw: [String]) throws -> (Values, [String]) {
        guard case .run(let values, let operands) = try Self.parser.parse(raw) else {
            Issue.record("\(raw) asked for help")
            return (Values(), [])
        }
        return (values, operands)
    }

    @Test func valuesComeInlineOrFromTheNextWord() throws {
        #expect(try run(["--format={{a}}"]).0.format == "{{a}}")
        #expect(try run(["--format", "{{a}}"]).0.format == "{{a}}")
        #expect(try run(["-f{{a}}"]).0.format == "{{a}}")
        #expect(try run(["-f", "{{a}}"]).0.format == "{{a}}")
        #expect(try run(["-vjf", "{{a}}"]).0 == Values(verbose: true, json: true, format: "{{a}}"))
        #expect(try run(["-vf{{a}}"]).0 == Values(verbose: true, format: "{{a}}"))
        #expect(try run(["--linger", "+1.5"]).0.seconds == 1.5, "a signed number is a word, so it can be a value")
    }

    @Test func repeatableOptionsCollectAndOthersKeepTheLast() throws {
        #expect(try run(["--file", "a", "--file=b"]).0.files == ["a", "b"])
        #expect(try run(["-f", "one", "-f", "two"]).0.format == "two")
    }

    @Test func operandsAfterTheTerminatorAreWordsEvenWhenTheyLookLikeOptions() throws {
        let (values, operands) = try run(["-v", "--", "--json"])
        #expect(values.verbose && !values.json)
        #expect(operands == ["--json"])
        #expect(try run(["--linger", "-0"]).0.seconds == 0)
    }

    @Test func helpWinsOverOperandCountsAndChecks() throws {
        guard case .help(let operands) = try Self.parser.parse(["--other", "-h", "a", "b"]) else {
            Issue.record("no help")
            return
        }
        #expect(operands == ["a", "b"])
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        let raw: [String]
        let message: String
        var testDescription: String { raw.map { OptionValue.shown($0) }.joined(separator: " ") }
    }

    @Test(arguments: [
        Mistake(raw: ["--colour"], message: "Unknown option '--colour'."),
        Mistake(raw: ["-q"], message: "Unknown option '-q'."),
        Mistake(raw: ["-vq"], message: "Unknown option '-q'."),
        Mistake(raw: ["--json=yes"], message: "--json takes no value."),
        Mistake(raw: ["--help=me"], message: "--help takes no value."),
        Mistake(raw: ["--format"], message: "--format needs a value (TEMPLATE)."),
        Mistake(raw: ["-f"], message: "--format needs a value (TEMPLATE)."),
        Mistake(raw: ["--format", "--json"], message: "--format needs a value (TEMPLATE)."),
        Mistake(raw: ["--format", "--"], message: "--format needs a value (TEMPLATE)."),
        Mistake(raw: ["--linger", "soon"], message: "--linger takes seconds from 0 to 3600, not 'soon'."),
        Mistake(raw: ["--linger", "nan"], message: "--linger takes seconds from 0 to 3600, not 'nan'."),
        Mistake(raw: ["--linger", ""], message: "--linger takes seconds from 0 to 3600, not ''."),
        Mistake(raw: ["--linger=3601"], message: "--linger takes seconds from 0 to 3600, not '3601'."),
        Mistake(raw: ["--linger", String(repeating: "9", count: 10_000)],
                message: "--linger takes seconds from 0 to 3600, not '\(String(repeating: "9", count: 40))…'."),
        Mistake(raw: ["--" + String(repeating: "x", count: 100_000)], message: "Unknown option '--\(String(repeating: "x", count: 40))…'."),
        Mistake(raw: ["a", "b"], message: "Unexpected argument 'a'."),
        Mistake(raw: ["--other"], message: "--other needs --json."),
    ])
    func mistakesAreUsageErrorsThatNameTheWord(_ mistake: Mistake) {
        #expect(throws: UsageError(mistake.message)) { _ = try Self.parser.parse(mistake.raw) }
    }

    @Test func oddWordsAreOperandsNotCrashes() throws {
        #expect(try run(["\u{0}"]).1 == ["\u{0}"])
        #expect(try run([""]).1 == [""])
        #expect(try run(["-"]).1 == ["-"])
    }

    @Test func aUsageErrorSaysTheMistakeTheUsageAndWhereHelpIs() {
        #expect(Self.parser.usageError(UsageError("Unknown option '-q'.")) ==
            "sample: Unknown option '-q'.\nUsage: sample [OPTIONS] [WORD]\nRun 'sample --help' for more.\n")
    }
}
