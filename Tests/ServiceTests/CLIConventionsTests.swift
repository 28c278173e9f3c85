import Foundation
import RetrocamTesting
import Testing

/// The client behaves as playerctl and git do: letters as playerctl has them (`-f` format, `-F` follow),
/// `--version`, usage on stderr for a bare call, and a man page and completions generated from its
/// command table, shipped in `docs/` and equal to what it generates.
@Suite struct CLIConventionsTests {
    static var retrocam: String { ProcessRunner.binDirectory.appendingPathComponent("retrocam").path }

    /// Runs the client with no bus at all (these commands never need the daemon).
    func client(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessOutput {
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/bus"
        return try ProcessRunner.run(Self.retrocam, arguments, environment: env.merging(environment) { $1 })
    }

    @Test func aBareCallPrintsUsageOnStderrAndExits64() throws {
        let bare = try client([])
        #expect(bare.status == 64)
        #expect(bare.stdout.isEmpty)
        #expect(bare.stderr.hasPrefix("Usage: retrocam [OPTIONS] COMMAND [ARGUMENTS]\n"), "\(bare.stderr)")
        let help = try client(["--help"])
        #expect(help.status == 0 && help.stdout.contains("-F, --follow") && help.stdout.contains("-f, --format TEMPLATE"))
        #expect(try client(["help", "rock"]).text == "Usage: retrocam rock zoom|exposure STEPS\n  Press the ZOOM or EXPOSURE rocker on the body (+N/-N); EXPOSURE wraps past ±2")
    }

    @Test(arguments: ["--version", "-v"])
    func versionIsOneLine(_ flag: String) throws {
        let version = try client([flag])
        #expect(version.status == 0)
        #expect(version.stdout.range(of: #"^retrocam \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(version.stdout)")
    }

    @Test(arguments: [
        (["-q"], "Unknown option '-q'."), (["--follow=yes", "status"], "--follow takes no value."),
        (["status", "-f"], "--format needs a value (TEMPLATE)."), (["--timeout", "0", "photo"], "--timeout takes seconds, more than 0"),
        (["--timeout", "nan", "photo"], "--timeout takes seconds, more than 0"), (["rock", "zoom", "lots"], "rock takes a whole number of steps"),
        (["rock", "zoom", "99999999999"], "rock takes a whole number of steps"), (["bind", "plasma"], "No desktop called 'plasma'."),
        (["bind", "sway", "remove"], "bind takes 'install' after the desktop"), (["completions", "tcsh"], "completions takes bash, zsh or fish"),
        (["man", "extra"], "Usage: retrocam man"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) throws {
        let output = try client(arguments)
        #expect(output.status == 64, "\(arguments): \(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func theShippedManPageAndCompletionsAreTheGeneratedOnes() throws {
        let docs = ProcessRunner.packageRoot.appendingPathComponent("docs")
        let generated: [(file: String, arguments: [String])] = [
            ("retrocam.1", ["man"]), ("completions/retrocam.bash", ["completions", "bash"]),
            ("completions/_retrocam", ["completions", "zsh"]), ("completions/retrocam.fish", ["completions", "fish"]),
        ]
        for (file, arguments) in generated {
            let output = try client(arguments)
            #expect(output.status == 0, "\(output.stderr)")
            let shipped = try String(contentsOf: docs.appendingPathComponent(file), encoding: .utf8)
            #expect(shipped == output.stdout, "docs/\(file) differs: regenerate it with 'retrocam \(arguments.joined(separator: " ")) > docs/\(file)'")
        }
    }

    @Test func theManPageHasNoRoffWarnings() throws {
        let page = ProcessRunner.packageRoot.appendingPathComponent("docs/retrocam.1").path
        let lint = try ProcessRunner.run("/usr/bin/groff", ["-man", "-ww", "-z", page])
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
        let rendered = try ProcessRunner.run("/usr/bin/groff", ["-man", "-Tutf8", "-P-cbou", page])
        #expect(rendered.stdout.contains("retrocam rock zoom|exposure STEPS"))
    }

    @Test(arguments: [
        (["retrocam", "cl"], ["clip"]), (["retrocam", "clip", ""], ["start", "pause", "toggle"]),
        (["retrocam", "-f", "{{mode}}", "bind", ""], ["gnome", "kde", "sway", "i3", "hyprland"]),
        (["retrocam", "bind", "sway", ""], ["install"]), (["retrocam", "rock", "e"], ["exposure"]),
        (["retrocam", "--fo"], ["--format", "--follow"]), (["retrocam", "set", "de"], ["decade", "degree"]),
    ])
    func bashCompletesFromTheTable(words: [String], expected: [String]) throws {
        let script = ProcessRunner.packageRoot.appendingPathComponent("docs/completions/retrocam.bash").path
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let output = try ProcessRunner.run("/usr/bin/bash", ["-c", "source '\(script)'; COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _retrocam; printf '%s\\n' \"${COMPREPLY[@]}\""])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Set(output.text.split(separator: "\n").map(String.init)) == Set(expected))
    }

    @Test(arguments: [
        ("retrocam cl", ["clip"]), ("retrocam clip ", ["start", "pause", "toggle"]), ("retrocam bind sway ", ["install"]),
        ("retrocam -f x bind ", ["gnome", "kde", "sway", "i3", "hyprland"]), ("retrocam completions ", ["bash", "zsh", "fish"]),
    ])
    func fishCompletesFromTheTable(line: String, expected: [String]) throws {
        let script = ProcessRunner.packageRoot.appendingPathComponent("docs/completions/retrocam.fish").path
        let output = try ProcessRunner.run("/usr/bin/fish", ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"])
        #expect(output.status == 0, "\(output.stderr)")
        let words = output.text.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        #expect(Set(words) == Set(expected), "\(output.stdout)")
    }

    /// zsh's completion system needs a terminal to be driven; here zsh parses the script and loads it
    /// as a completion function.
    @Test func zshLoadsTheCompletion() throws {
        let folder = ProcessRunner.packageRoot.appendingPathComponent("docs/completions").path
        let output = try ProcessRunner.run("/usr/bin/zsh", ["-f", "-c", "fpath=('\(folder)' $fpath); autoload -Uz compinit; compinit -u -D; "
                                                           + "autoload -Uz _retrocam; print -r -- ${_comps[retrocam]}"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.text == "_retrocam", "\(output.stdout)\(output.stderr)")
    }
}
