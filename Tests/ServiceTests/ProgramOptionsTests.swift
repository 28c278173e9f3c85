import Foundation
import RetrocamTesting
import Testing

/// The three programs read their command lines with one parser: `--help` prints help that fits an
/// 80-column terminal and exits 0; a mistake prints one sentence, the usage line and where help is on
/// stderr and exits 64, before anything starts; nothing reaches stdout.
@Suite struct ProgramOptionsTests {
    static let programs = ["retrocam", "retrocamd", "retrocam-viewfinder"]

    /// Runs `program` with no bus it could reach (none of these runs may need one).
    static func run(_ program: String, _ arguments: [String]) throws -> ProcessOutput {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/bus"
        environment["DISPLAY"] = nil
        return try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent(program).path, arguments,
                                     environment: environment, timeout: 30)
    }

    @Test(arguments: programs)
    func helpFitsEightyColumnsAndExitsZero(program: String) throws {
        for flag in ["--help", "-h"] {
            let help = try Self.run(program, [flag])
            #expect(help.status == 0, "\(program) \(flag): \(help.stderr)")
            #expect(help.stderr.isEmpty, "\(help.stderr)")
            #expect(help.stdout.hasPrefix("Usage: \(program) "), "\(help.stdout)")
            #expect(help.stdout.contains("  -h, --help"))
            for line in help.stdout.split(separator: "\n") {
                #expect(line.count <= 80, "\(program) --help: \(line.count) columns: \(line)")
            }
        }
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        let program: String
        let arguments: [String]
        let says: String
        var testDescription: String { program + " " + TestText.shown(arguments) }
    }

    static let huge = String(repeating: "9", count: 10_000)

    @Test(arguments: [
        Mistake(program: "retrocamd", arguments: ["--bogus"], says: "Unknown option '--bogus'."),
        Mistake(program: "retrocamd", arguments: ["-q"], says: "Unknown option '-q'."),
        Mistake(program: "retrocamd", arguments: ["photo"], says: "Unexpected argument 'photo'."),
        Mistake(program: "retrocamd", arguments: ["--verbose=yes"], says: "--verbose takes no value."),
        Mistake(program: "retrocamd", arguments: ["--source"], says: "--source needs a value"),
        Mistake(program: "retrocamd", arguments: ["--source", "--verbose"], says: "--source needs a value"),
        Mistake(program: "retrocamd", arguments: ["--source", "   "], says: "--source takes auto, synthetic"),
        Mistake(program: "retrocamd", arguments: ["--source=" + String(repeating: "x", count: 300)], says: "--source takes auto, synthetic"),
        Mistake(program: "retrocamd", arguments: ["--linger", huge], says: "--linger takes seconds from 0 to 3600, not '9999"),
        Mistake(program: "retrocamd", arguments: ["--wyoming-allow-remote"], says: "--wyoming-allow-remote needs --wyoming."),
        Mistake(program: "retrocamd", arguments: ["--wyoming", ""], says: "--wyoming:"),
        Mistake(program: "retrocamd", arguments: ["-" + String(repeating: "v", count: 5) + "x"], says: "Unknown option '-x'."),
        Mistake(program: "retrocam-viewfinder", arguments: ["--intro-ms", "-1"], says: "--intro-ms takes milliseconds from 0 to 600000, not '-1'."),
        Mistake(program: "retrocam-viewfinder", arguments: ["--intro-ms=soon"], says: "--intro-ms takes milliseconds from 0 to 600000, not 'soon'."),
        Mistake(program: "retrocam-viewfinder", arguments: ["--intro-ms", huge], says: "--intro-ms takes milliseconds from 0 to 600000"),
        Mistake(program: "retrocam-viewfinder", arguments: ["--intro-ms", "2.5"], says: "--intro-ms takes milliseconds"),
        Mistake(program: "retrocam-viewfinder", arguments: ["--report"], says: "--report needs a value (FILE)."),
        Mistake(program: "retrocam-viewfinder", arguments: ["--address", "--verbose"], says: "--address needs a value (ADDRESS)."),
        Mistake(program: "retrocam-viewfinder", arguments: ["--full-screen"], says: "Unknown option '--full-screen'."),
        Mistake(program: "retrocam-viewfinder", arguments: ["window"], says: "Unexpected argument 'window'."),
        Mistake(program: "retrocam", arguments: ["--timeout"], says: "--timeout needs a value (SECONDS)."),
        Mistake(program: "retrocam", arguments: ["--timeout", huge, "photo"], says: "--timeout takes seconds, more than 0 and at most 3600"),
        Mistake(program: "retrocam", arguments: ["--\u{7}"], says: "Unknown option '--\u{7}'."),
        Mistake(program: "retrocam", arguments: [huge], says: "Unknown command '9999"),
    ])
    func mistakesAreUsageErrorsBeforeAnythingStarts(_ mistake: Mistake) throws {
        let output = try Self.run(mistake.program, mistake.arguments)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stdout.isEmpty, "\(output.stdout)")
        #expect(output.stderr.hasPrefix("\(mistake.program): \(mistake.says)"), "\(output.stderr)")
        #expect(output.stderr.contains("\nUsage: \(mistake.program) "), "\(output.stderr)")
        #expect(output.stderr.count < 1_000, "a mistake is a few lines, not an echo of the input")
    }

    @Test func aFailureIsOneLineAndExitsOne() throws {
        let daemon = try Self.run("retrocamd", ["--address", "unix:path=/nonexistent/bus"])
        #expect(daemon.status == 1, "\(daemon.stderr)")
        let client = try Self.run("retrocam", ["--address", "unix:path=/nonexistent/bus", "photo"])
        #expect(client.status == 1, "\(client.stderr)")
        #expect(client.stderr.split(separator: "\n").count == 1, "\(client.stderr)")
        let viewfinder = try Self.run("retrocam-viewfinder", ["--address", "unix:path=/nonexistent/bus"])
        #expect(viewfinder.status == 1, "\(viewfinder.stderr)")
    }
}
