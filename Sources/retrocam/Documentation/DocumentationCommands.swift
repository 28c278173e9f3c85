import CommandLineOptions

/// The client's own documentation, generated from the command and option tables so it cannot drift:
/// `retrocam man` (roff for `man -l -`) and `retrocam completions bash|zsh|fish`. Neither needs the daemon.
/// The shipped `docs/retrocam.1` and `docs/completions/*` are these outputs (a test keeps them equal).
let documentationCommands: [Command] = [
    Command(name: "completions", operands: "bash|zsh|fish", summary: "Print the shell completion script for bash, zsh or fish",
            arity: 1...1, choices: [Completions.Shell.allCases.map(\.rawValue)]) { invocation in
        guard let shell = Completions.Shell(rawValue: invocation.operands[0].lowercased()) else {
            throw UsageError("completions takes bash, zsh or fish, not '\(invocation.operands[0])'.")
        }
        return .text(String(Completions.script(for: shell).dropLast()))
    },
    Command(name: "man", operands: "", summary: "Print the manual page (roff): retrocam man | man -l -", arity: 0...0) { _ in
        .text(String(ManPage.text().dropLast()))
    },
]
