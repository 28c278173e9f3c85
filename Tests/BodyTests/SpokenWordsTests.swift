import Testing
@testable import Body

@Suite struct SpokenWordsTests {
    @Test(arguments: [(1.0, "+1 EV"), (0, "0 EV"), (-0.5, "-0.5 EV"), (2, "+2 EV"), (-2, "-2 EV"),
                      (1.5, "+1.5 EV"), (-0.0, "0 EV")])
    func exposure(_ row: (ev: Double, said: String)) {
        #expect(Spoken.exposure(row.ev) == row.said)
    }

    @Test(arguments: [(1.0, "1.0x"), (2, "2.0x"), (2.5, "2.5x"), (4, "4.0x")])
    func zoom(_ row: (factor: Double, said: String)) {
        #expect(Spoken.zoom(row.factor) == row.said)
    }

    @Test(arguments: [(0, "Off"), (3, "3 seconds"), (10, "10 seconds"), (1, "1 second")])
    func timer(_ row: (seconds: Int, said: String)) {
        #expect(Spoken.timer(seconds: row.seconds) == row.said)
    }

    @Test(arguments: [
        (120.0, "120 minutes of tape left"), (2.99, "2 minutes of tape left"), (1.0, "1 minute of tape left"),
        (1.99, "1 minute of tape left"), (0.99, "less than a minute of tape left"),
        (0.01, "less than a minute of tape left"), (0, "No tape left"), (-3, "No tape left"),
        (.nan, "No tape left"), (.infinity, "\(Int.max / 2) minutes of tape left"),
    ])
    func tapeCounter(_ row: (minutes: Double, said: String)) {
        #expect(Spoken.tapeLeft(minutes: row.minutes) == row.said)
    }

    @Test(arguments: [(0, ""), (-2, ""), (1, "1 second left"), (30, "30 seconds left")])
    func undoWindow(_ row: (seconds: Int, said: String)) {
        #expect(Spoken.undoLeft(seconds: row.seconds) == row.said)
    }

    @Test(arguments: [([String](), ""), (["A"], "A"), (["A", "B"], "A or B"), (["A", "B", "C"], "A, B or C")])
    func lists(_ row: (items: [String], said: String)) {
        #expect(Spoken.list(row.items) == row.said)
    }

    @Test func aCallersWordIsShortenedForASentence() {
        #expect(Spoken.shortened("squeeze") == "squeeze")
        #expect(Spoken.shortened(String(repeating: "x", count: 40)) == String(repeating: "x", count: 40))
        #expect(Spoken.shortened(String(repeating: "x", count: 41)) == String(repeating: "x", count: 40) + "…")
        #expect(Spoken.shortened("📷\u{301}abc", to: 1) == "📷\u{301}…", "cut between characters, not inside one")
        #expect(Spoken.shortened(String(repeating: "y", count: 100), to: 60).count == 61)
    }
}
