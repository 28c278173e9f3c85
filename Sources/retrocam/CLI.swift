import BusNames
import DBus
import Foundation

/// Parses, validates, runs one command and turns its outcome into an exit status:
/// 0 done, 1 the daemon refused or failed (one clear line on stderr), 64 a usage error.
enum CLI {
    static let exitFailure: Int32 = 1
    static let exitUsage: Int32 = 64

    /// Runs the client with `raw` (the arguments after the program name).
    static func run(_ raw: [String]) async -> Int32 {
        let arguments: Arguments
        do { arguments = try Arguments.parse(raw) } catch { return usage(error) }
        if arguments.version {
            writeLine("retrocam \(Version.current)")
            return 0
        }
        if arguments.help || arguments.words.first == "help" {
            let topic = arguments.words.first == "help" ? arguments.words.dropFirst().first : arguments.words.first
            writeLine(Help.text(for: topic))
            return 0
        }
        guard !arguments.words.isEmpty else {
            FileHandle.standardError.write(Data((Help.usage + "\n").utf8))
            return exitUsage
        }
        let name = arguments.words[0]
        guard let command = commandTable.first(where: { $0.name == name }) else {
            return usage(UsageError("Unknown command '\(name)'. Try 'retrocam help'."))
        }
        let operands = Array(arguments.words.dropFirst())
        guard command.arity.contains(operands.count) else {
            return usage(UsageError("Usage: \(command.usage)"))
        }
        do {
            let connection = LazyClient {
                try CameraClient(address: arguments.address, timeoutSeconds: arguments.timeoutSeconds)
            }
            let invocation = Invocation(connection: connection, operands: operands, arguments: arguments) { output in
                writeLine(output.rendered(json: arguments.json, format: arguments.format))
            }
            let output = try await command.run(invocation)
            if case .nothing = output { return 0 }
            writeLine(output.rendered(json: arguments.json, format: arguments.format))
            return 0
        } catch let error as UsageError {
            return usage(error)
        } catch let error as DBusError {
            printError(message(for: error))
            return exitFailure
        } catch let error as CommandFailure {
            printError(error.message)
            return exitFailure
        } catch {
            printError("\(error)")
            return exitFailure
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

    private static func usage(_ error: any Error) -> Int32 {
        let message = (error as? UsageError)?.message ?? "\(error)"
        printError(message)
        FileHandle.standardError.write(Data("Run 'retrocam help' for the commands.\n".utf8))
        return exitUsage
    }

    /// Writes a line to stdout unbuffered, so `status --follow` reaches a pipe at once.
    static func writeLine(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data("retrocam: \(message)\n".utf8))
    }
}

/// Help text generated from the command table.
enum Help {
    /// The whole help, or one command's usage when `topic` names a command.
    static func text(for topic: String?) -> String {
        if let topic, let command = commandTable.first(where: { $0.name == topic }) {
            return "Usage: \(command.usage)\n  \(command.summary)"
        }
        let width = commandTable.map { $0.usage.count }.max() ?? 0
        let rows = commandTable.map { "  " + $0.usage.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        let optionWidth = optionTable.map(\.synopsis.count).max() ?? 0
        let options = optionTable.map { "  " + $0.synopsis.padding(toLength: optionWidth + 2, withPad: " ", startingAt: 0) + $0.summary }
        return """
        \(synopsis)

        Commands:
        \(rows.joined(separator: "\n"))

        Options:
        \(options.joined(separator: "\n"))

        \(exitStatus)
        """
    }

    /// One line that says what the program is.
    static let synopsis = "retrocam — drive the Retrocam camera daemon (\(BusContract.busName) on the session bus)"

    /// What a bare `retrocam` prints on stderr.
    static var usage: String {
        "Usage: retrocam [OPTIONS] COMMAND [ARGUMENTS]\nCommands: \(commandTable.map(\.name).joined(separator: ", ")).\n"
            + "Run 'retrocam help' for more, 'retrocam help COMMAND' for one command."
    }

    /// The exit statuses, as help and the man page state them.
    static let exitStatus = "Exit status: 0 done, 1 the camera refused or failed (one line on stderr), 64 usage error."
}

/// A command that could not do its work (not the daemon's refusal): one line on stderr, exit status 1.
struct CommandFailure: Error {
    /// The sentence to print.
    let message: String
    init(_ message: String) { self.message = message }
}
