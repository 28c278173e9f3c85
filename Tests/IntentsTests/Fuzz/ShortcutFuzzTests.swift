import Foundation
import RetrocamTesting
import Testing
@testable import Intents

/// The shortcut-file parser on random bytes and mutations of the shipped shortcuts: every input
/// parses or throws a `ShortcutError` naming the file, and a parsed shortcut stays inside the limits.
@Suite struct ShortcutFuzzTests {
    static let tokens = ["repeat 99999", "repeat 0", "repeat -1", "end", "end end", "wait 1000000h", "wait -5s",
                         "wait 1.5s", "photo", "clip start", "clip stop", "set decade 2090s", "set style \"film noir",
                         "perform SetZoom value=", "perform", "adjust exposure +999999999999", "activate", "shutter",
                         "#", "\"", "=", "\u{0}", "\r\n", "\u{FEFF}", "😀", "repeat 3\nrepeat 3\nrepeat 3\nrepeat 3\n"]

    static func shippedFiles() throws -> [[UInt8]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: shippedShortcutsDirectory.path)
            .filter { $0.hasSuffix(".retrocam") }.sorted()
        return try names.map { Array(try Data(contentsOf: shippedShortcutsDirectory.appendingPathComponent($0))) }
    }

    @Test func randomAndMutatedFilesParseOrFailWithANamedError() throws {
        let seeds = try Self.shippedFiles()
        #expect(!seeds.isEmpty)
        var random = SeededGenerator(seed: FuzzRun.seed)
        let limits = ShortcutLimits()
        var parsed = 0, refused = 0
        for number in 0..<FuzzRun.count(default: 3000) {
            let bytes = number % 4 == 0 ? Mutator.noise(using: &random, maximum: 400)
                : Mutator.mutate(seeds.randomElement(using: &random)!, tokens: Self.tokens, using: &random)
            do {
                let shortcut = try ShortcutParser.parse(Data(bytes), name: "fuzz", file: "fuzz.retrocam", limits: limits)
                #expect(shortcut.name == "fuzz")
                #expect(shortcut.expandedStepCount <= limits.maximumSteps,
                        "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                #expect(shortcut.totalWait <= limits.maximumTotalWait)
                parsed += 1
            } catch {
                #expect(error.file == "fuzz.retrocam")
                #expect(!error.reason.isEmpty)
                if let line = error.line { #expect(line >= 1) }
                refused += 1
            }
        }
        #expect(parsed > 0 && refused > 0, "parsed \(parsed), refused \(refused)")
    }

    @Test func deepAndLongFilesAreRefusedWithinTheLimits() {
        for text in [String(repeating: "repeat 9\n", count: 5_000), String(repeating: "photo\n", count: 200_000),
                     String(repeating: "end\n", count: 1_000), "repeat 999999999999999999999999\nphoto\nend\n"] {
            do {
                let shortcut = try ShortcutParser.parse(Data(text.utf8), name: "deep", file: "deep.retrocam")
                #expect(shortcut.expandedStepCount <= ShortcutLimits().maximumSteps)
            } catch {
                #expect(!error.reason.isEmpty)
            }
        }
    }
}
