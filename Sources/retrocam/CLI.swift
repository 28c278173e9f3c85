import BusNames
import CommandLineOptions
import DBus
import Foundation

/// Parses, validates, runs one command and turns its outcome into an exit status:
/// 0 done, 1 the daemon refused or failed (one clear line on stderr), 64 a usage error.
enum CLI {
    /// Runs the client with `raw` (the arguments after the program name).
    static func run(_ raw: [String]) async -> Int32 {
        var arguments: Arguments
        do {
            switch try Arguments.parser.parse(raw) {
            case .help(let words):
                writeLine(Help.text(for: words.first == "help" ? words.dropFirst().first : words.first))
                return ExitStatus.success
            case .run(let parsed, let words):
                arguments = parsed
                arguments.words = words
            }
        } catch {
            return usage(error)
        }
        if arguments.version {
            writeLine("retrocam \(Version.current)")
            return ExitStatus.success
        }
        if arguments.words.first == "help" {
            writeLine(Help.text(for: arguments.words.dropFirst().first))
            return ExitStatus.success
        }
        guard !arguments.words.isEmpty else {
            FileHandle.standardError.write(Data((Help.usage + "\n").utf8))
            return ExitStatus.usage
        }
        let name = arguments.words[0]
        guard let command = commandTable.first(where: { $0.name == name }) else {
            return usage(UsageError("Unknown command '\(OptionValue.shown(name))'."))
        }
        let operands = Array(arguments.words.dropFirst())
        guard command.arity.contains(operands.count) else {
            return usage(UsageError("Usage: \(command.usage)"))
        }
        do {
            let connection = LazyClient { [arguments] in
                try CameraClient(address: arguments.address, timeoutSeconds: arguments.timeoutSeconds)
            }
            let invocation = Invocation(connection: connection, operands: operands, arguments: arguments) { [arguments] output in
                writeLine(output.rendered(json: arguments.json, format: arguments.format))
            }
            let output = try await command.run(invocation)
            if case .nothing = output { return ExitStatus.success }
            writeLine(output.rendered(json: arguments.json, format: arguments.format))
            return ExitStatus.success
        } catch let error as UsageError {
            return usage(error)
        } catch let error as DBusError {
            printError(message(for: error))
            return ExitStatus.failure
        } catch let error as CommandFailure {
            printError(error.message)
            return ExitStatus.failure
        } catch {
            printError("\(error)")
            return ExitStatus.failure
        }
    }

    /// One line for a D-Bus error: the daemon's sentence, or what to do when it is not there.
    static func message(for error: DBusError) -> String {
        switch error.name {
        case DBusError.Names.serviceUnknown, DBusError.Names.nameHasNoOwner:
            return "retrocamd is not running (nothing owns \(BusContract.busName) on the bus). Start it with 'retrocamd &'."
        case DBusError.Names.noServer, DBusError.Names.badAddress, DBusError.Names.disconnected:
            return "Cannot reach the session bus: \(error.message)"
        default:
            return error.message.isEmpty ? error.name : "\(error.message) (\(error.name))"
        }
    }

    /// Prints a usage error with the usage line on stderr: exit status 64.
    private static func usage(_ error: UsageError) -> Int32 {
        FileHandle.standardError.write(Data(Arguments.parser.usageError(error, helpCommand: "retrocam help").utf8))
        return ExitStatus.usage
    }

    /// Writes a line to stdout unbuffered, so `status --follow` reaches a pipe at once.
    static func writeLine(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data("retrocam: \(message)\n".utf8))
    }
}

/// Help text generated from the command and option tables, fitting 80 columns.
enum Help {
    /// The whole help, or one command's usage when `topic` names a command.
    static func text(for topic: String?) -> String {
        if let topic, let command = commandTable.first(where: { $0.name == topic }) {
            return "Usage: \(command.usage)\n" + HelpText.wrap(command.summary, width: HelpText.width - 2)
                .split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        }
        let commands = commandTable.map { ($0.name + ($0.operands.isEmpty ? "" : " " + $0.operands), $0.summary) }
        return Arguments.parser.help(sections: [("Commands", commands)]) + "\n\n" + HelpText.wrap(exitStatus)
    }

    /// What a bare `retrocam` prints on stderr.
    static var usage: String {
        Arguments.parser.usageLine + "\n" + HelpText.wrap("Commands: \(commandTable.map(\.name).joined(separator: ", ")).") + "\n"
            + "Run 'retrocam help' for more, 'retrocam help COMMAND' for one command."
    }

    /// The exit statuses, as help and the man page state them.
    static let exitStatus = "Exit status: 0 done, 1 the camera refused or failed (one line on stderr), 64 usage error."
}
