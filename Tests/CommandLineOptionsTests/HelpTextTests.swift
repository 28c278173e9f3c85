import CommandLineOptions
import Testing

/// Help is laid out from the option rows and fits an 80-column terminal: descriptions wrap under
/// themselves, a long option puts its description on the next line, and no line passes 80 columns.
@Suite struct HelpTextTests {
    struct Values: Sendable { var flag = false }

    static let parser = OptionParser<Values>(
        program: "sample", about: "A sample program whose description is long enough that it has to wrap at least once on a terminal.",
        options: [
            .flag("short", short: "s", "a flag", \.flag),
            .flag("a-very-long-option-name-indeed", "its description goes on the next line, and wraps as well when it is too long to fit", \.flag),
            .value("value", "SECONDS", String(repeating: "words and ", count: 20) + "more") { _, _ in },
        ],
        footer: "Environment: ONE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, ELEVEN, TWELVE, THIRTEEN.",
        defaults: Values())

    @Test func everyLineFitsEightyColumns() {
        let help = Self.parser.help()
        for line in help.split(separator: "\n") {
            #expect(line.count <= 80, "\(line.count) columns: \(line)")
        }
        #expect(help.hasPrefix("Usage: sample [OPTIONS]\n\nA sample program"))
        #expect(help.contains("  -s, --short"))
        #expect(help.contains("  -h, --help"))
        #expect(help.hasSuffix("THIRTEEN."))
    }

    @Test func descriptionsStartAtOneColumnAndWrapUnderIt() {
        let lines = HelpText.table([("-a", "first"), ("--bee VALUE", "one two three four five six"), ("--" + String(repeating: "c", count: 40), "next line")],
                                   width: 30).split(separator: "\n").map(String.init)
        #expect(lines == [
            "  -a           first",
            "  --bee VALUE  one two three",
            "               four five six",
            "  --\(String(repeating: "c", count: 40))",
            "               next line",
        ])
    }

    @Test func aWordLongerThanTheWidthStaysWhole() {
        #expect(HelpText.wrap("a " + String(repeating: "x", count: 20) + " b", width: 10) == "a\n" + String(repeating: "x", count: 20) + "\nb")
        #expect(HelpText.wrap("", width: 10) == "")
    }
}
