import CommandLineOptions
import Testing

/// The tokenizer reads words without any table: long options with or without `=value`, letter groups,
/// `--`, and the words that stay operands (`-`, signed numbers, everything after `--`).
@Suite struct TokenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let raw: [String]
        let tokens: [Token]
        var testDescription: String { raw.map { "'\($0)'" }.joined(separator: " ") }
    }

    @Test(arguments: [
        Case(raw: ["--json"], tokens: [.long("json", value: nil)]),
        Case(raw: ["--format={{decade}}"], tokens: [.long("format", value: "{{decade}}")]),
        Case(raw: ["--format="], tokens: [.long("format", value: "")]),
        Case(raw: ["--a=b=c"], tokens: [.long("a", value: "b=c")]),
        Case(raw: ["-abc"], tokens: [.short("abc")]),
        Case(raw: ["-", "photo"], tokens: [.word("-"), .word("photo")]),
        Case(raw: ["adjust", "exposure", "-1"], tokens: [.word("adjust"), .word("exposure"), .word("-1")]),
        Case(raw: ["+2", "-0.5", ".5"], tokens: [.word("+2"), .word("-0.5"), .word(".5")]),
        Case(raw: ["-nan", "-inf"], tokens: [.short("nan"), .short("inf")]),
        Case(raw: ["--", "--json", "-F"], tokens: [.terminator, .word("--json"), .word("-F")]),
        Case(raw: ["--", "--"], tokens: [.terminator, .word("--")]),
        Case(raw: [], tokens: []),
    ])
    func wordsBecomeTokens(_ example: Case) {
        #expect(Token.split(example.raw) == example.tokens)
    }
}
