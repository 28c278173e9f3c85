import Body
import Foundation
import Testing
@testable import Intents

@Suite struct ShortcutParserTests {
    @Test(arguments: ["noir-portrait", "super8-birthday", "timelapse"])
    func shippedShortcutsLoad(name: String) throws {
        let url = shippedShortcutsDirectory.appendingPathComponent("\(name).retrocam")
        let shortcut = try ShortcutLibrary.load(url: url, name: name)
        #expect(shortcut.name == name)
        #expect(!shortcut.description.isEmpty)
        #expect(!shortcut.steps.isEmpty)
    }

    @Test func stepsMapOntoIntents() throws {
        let shortcut = try parseShortcut("""
            # A description
            set decade 1940s
            set style film noir
            photo
            clip start
            light on
            shutter click
            activate timer
            adjust exposure +1
            perform SetZoom value=2x
            perform AdjustControl control=zoom steps=+1
            """)
        #expect(shortcut.description == "A description")
        #expect(shortcut.steps.map(\.action) == [
            .perform(intent: .setDecade, params: ["value": .string("1940s")]),
            .perform(intent: .setStyle, params: ["value": .string("film noir")]),
            .perform(intent: .takePhoto, params: [:]),
            .perform(intent: .startClip, params: [:]),
            .perform(intent: .setLight, params: ["value": .string("on")]),
            .shutter([.press, .release]),
            .activate("timer"),
            .adjust("exposure", steps: 1),
            .perform(intent: .setZoom, params: ["value": .string("2x")]),
            .perform(intent: .adjustControl, params: ["control": .string("zoom"), "steps": .string("+1")]),
        ])
        #expect(shortcut.steps.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    }

    @Test func repeatsAndWaitsExpand() throws {
        let shortcut = try parseShortcut("repeat 3\n  photo\n  wait 1.5s\n  repeat 2\n    wait 500ms\n  end\nend\nwait 1m\n")
        #expect(shortcut.expandedStepCount == 3 * (2 + 2) + 1)
        #expect(shortcut.totalWait == .seconds(3 * (1.5 + 1)) + .seconds(60))
    }

    @Test func quotedWordsKeepTheirSpaces() throws {
        let shortcut = try parseShortcut("set style \"film noir\"")
        #expect(shortcut.steps[0].action == .perform(intent: .setStyle, params: ["value": .string("film noir")]))
    }

    struct BadCase: Sendable, CustomTestStringConvertible {
        let text: String
        let line: Int?
        let reasonPrefix: String
        var testDescription: String { text.prefix(30).description }
    }

    @Test(arguments: [
        BadCase(text: "photo\nsnapshot now", line: 2, reasonPrefix: "'snapshot' is not a step. Steps: photo, clip"),
        BadCase(text: "rm -rf /", line: 1, reasonPrefix: "'rm' is not a step."),
        BadCase(text: "set decade 2090s", line: 1, reasonPrefix: "The DECADE wheel"),
        BadCase(text: "set degree 13", line: 1, reasonPrefix: ""),
        BadCase(text: "set colour red", line: 1, reasonPrefix: "set takes one of decade, style"),
        BadCase(text: "clip rewind", line: 1, reasonPrefix: "clip takes start, pause, toggle or a length such as 10s or 1m"),
        BadCase(text: "photo now", line: 1, reasonPrefix: "Usage: photo"),
        BadCase(text: "wait forever", line: 1, reasonPrefix: "wait takes a time"),
        BadCase(text: "wait -2s", line: 1, reasonPrefix: "wait takes a time"),
        BadCase(text: "repeat 3\nphoto", line: 1, reasonPrefix: "This repeat has no end."),
        BadCase(text: "photo\nend", line: 2, reasonPrefix: "end without a repeat"),
        BadCase(text: "repeat 2\nend", line: 1, reasonPrefix: "This repeat has no steps"),
        BadCase(text: "repeat lots\nphoto\nend", line: 1, reasonPrefix: "repeat takes a whole number"),
        BadCase(text: "repeat 101\nphoto\nend", line: 1, reasonPrefix: "repeat 101 is more than"),
        BadCase(text: "set style \"film noir", line: 1, reasonPrefix: "A quote is opened"),
        BadCase(text: "activate shutter", line: 1, reasonPrefix: "No control called 'shutter'"),
        BadCase(text: "adjust zoom lots", line: 1, reasonPrefix: "adjust takes a whole number"),
        BadCase(text: "perform Explode", line: 1, reasonPrefix: "There is no intent called Explode"),
        BadCase(text: "perform TakePhoto value=1", line: 1, reasonPrefix: "perform TakePhoto takes no parameters"),
        BadCase(text: "perform AdjustControl value=1", line: 1, reasonPrefix: "perform AdjustControl takes control=VALUE steps=VALUE"),
        BadCase(text: "perform SetZoom value=2 value=3", line: 1, reasonPrefix: "perform SetZoom takes value=VALUE"),
        BadCase(text: "photo\nperform AdjustControl control=zoom steps=0", line: 2, reasonPrefix: "Steps go from -100 to +100"),
        BadCase(text: "set decade 1940s\nset style vhs", line: 2, reasonPrefix: ""),
        BadCase(text: "# only a comment\n\n", line: nil, reasonPrefix: "The shortcut has no steps."),
        BadCase(text: "repeat 100\nrepeat 100\nphoto\nend\nend", line: nil, reasonPrefix: "A run would take 10000 steps"),
        BadCase(text: "repeat 100\nwait 1m\nend", line: nil, reasonPrefix: "A run would wait 6000 s"),
    ])
    func badFilesNameTheLine(_ bad: BadCase) throws {
        let error = try #require(shortcutError(bad.text))
        #expect(error.file == "test.retrocam")
        #expect(error.line == bad.line)
        #expect(error.reason.hasPrefix(bad.reasonPrefix), "\(error.reason)")
        #expect(error.description.hasPrefix(bad.line.map { "test.retrocam:\($0): " } ?? "test.retrocam: "))
    }

    @Test func aStyleIsCheckedOnceTheDecadeIsKnown() throws {
        // Before any decade is set, the style depends on where the user left the wheel.
        _ = try parseShortcut("set style film noir\nphoto")
        let error = try #require(shortcutError("set decade 1990s\nset style film noir"))
        #expect(error.line == 2)
    }

    @Test func hugeFileIsRefusedBeforeReading() throws {
        let data = Data(repeating: UInt8(ascii: "#"), count: 64 * 1024 + 1)
        #expect(throws: ShortcutError(.tooLarge, file: "big.retrocam", "The file is larger than the 65536 bytes a shortcut may have.")) {
            try ShortcutParser.parse(data, name: "big", file: "big.retrocam")
        }
    }

    @Test func binaryGarbageIsNotText() throws {
        let garbage = Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00, 0xFF, 0xFE])
        let error = try #require(throws: ShortcutError.self) { try ShortcutParser.parse(garbage, name: "elf", file: "elf.retrocam") }
        #expect(error.kind == .unreadable)
        #expect(error.reason.hasPrefix("This is not a text file"))
        let latin1 = Data("set style caf\u{E9}".utf8.map { $0 }).dropLast(2) + Data([0xE9])
        let notUTF8 = try #require(throws: ShortcutError.self) { try ShortcutParser.parse(latin1, name: "l", file: "l.retrocam") }
        #expect(notUTF8.reason == "This is not UTF-8 text.")
    }

    @Test func errorsBecomeIntentErrors() {
        let error = ShortcutError(.invalid, file: "a.retrocam", line: 3, "Bad.")
        #expect(error.intentError == .unsupported("a.retrocam:3: Bad."))
        #expect(ShortcutError(.notFound, file: "b.retrocam", "Gone.").intentError == .notFound("b.retrocam: Gone."))
    }
}
