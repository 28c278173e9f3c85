import Foundation
import RetrocamTesting
import Testing

/// One command line of the README's "Driving it" block, with the output its trailing comment promises.
struct ReadmeExample: Sendable, CustomStringConvertible {
    /// The line as a shell runs it (continuation lines joined).
    let command: String
    /// The text after `  # ` on the line, which the output's last line must equal; nil when there is none.
    let expected: String?

    var description: String { command }

    /// True for `status -F`/`--follow`, which runs until it is stopped.
    var follows: Bool { command.contains(" -F ") || command.contains(" --follow") }

    /// The first ```sh block under `## Driving it` of the README, one example per command line.
    static func drivingIt(readme: String) throws -> [ReadmeExample] {
        guard let section = readme.range(of: "## Driving it"),
              let open = readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex),
              let close = readme.range(of: "\n```", range: open.upperBound..<readme.endIndex) else {
            throw HarnessError("README.md has no ```sh block under '## Driving it'")
        }
        let block = readme[open.upperBound..<close.lowerBound].replacingOccurrences(of: "\\\n", with: " ")
        return block.split(separator: "\n").compactMap { raw in
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            if let comment = line.range(of: #"\s{2,}# "#, options: .regularExpression) {
                return ReadmeExample(command: String(line[..<comment.lowerBound]), expected: String(line[comment.upperBound...]))
            }
            return ReadmeExample(command: line, expected: nil)
        }
    }
}

/// The README's "Driving it" examples, run top to bottom as written, with busctl, gdbus, dbus-send and
/// retrocam on PATH, against a real daemon on a private bus: each one succeeds, and prints what its
/// comment says. (A self-timer left on by one line would make a later `clip start` cancel it instead.)
@Suite struct ReadmeExamplesTests {
    @Test func drivingItRunsTopToBottom() throws {
        let readme = try String(contentsOf: ProcessRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let examples = try ReadmeExample.drivingIt(readme: readme)
        #expect(examples.count >= 20)
        for tool in ["busctl", "gdbus", "dbus-send", "retrocam"] {
            #expect(examples.contains { $0.command.hasPrefix(tool + " ") }, "no \(tool) example")
        }
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        var env = daemon.environment
        env["PATH"] = ProcessRunner.binDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for example in examples {
            let script = "set -e -o pipefail\n" + example.command
            if example.follows {
                let follower = try LineFollower("/bin/bash", ["-c", script], environment: env)
                let first = follower.waitFor { !$0.isEmpty }.first ?? ""
                follower.stop()
                #expect(first.hasPrefix("1980s "), "\(example): \(first)")
                continue
            }
            let output = try ProcessRunner.run("/bin/bash", ["-c", script], environment: env)
            #expect(output.status == 0, "\(example) failed: \(output.stderr)")
            if let expected = example.expected {
                #expect(output.text.split(separator: "\n").last.map(String.init) == expected, "\(example) printed: \(output.stdout)")
            }
        }
        #expect(try daemon.property("Recording") == "b false", "the examples leave no clip recording")
        #expect(try daemon.property("Timer") == "i 0", "nor a self-timer on")
    }

    @Test func commentsAndContinuationLinesAreRead() throws {
        let examples = try ReadmeExample.drivingIt(readme: """
            ## Driving it
            ```sh
            # a comment
            gdbus call --session \\
              --method x.Y
            retrocam describe zoom          # Zoom, 2.0x
            ```
            """)
        #expect(examples.map(\.command) == ["gdbus call --session    --method x.Y", "retrocam describe zoom"])
        #expect(examples.map(\.expected) == [nil, "Zoom, 2.0x"])
    }
}
