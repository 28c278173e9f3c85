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
        if arguments.help || arguments.words.first == "help" || arguments.words.isEmpty {
            let topic = arguments.words.first == "help" ? arguments.words.dropFirst().first : arguments.words.first
            writeLine(Help.text(for: topic))
            return arguments.words.isEmpty && !arguments.help ? exitUsage : 0
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
        } catch {
            printError("\(error)")
            return exitFailure
        }
    }

    /// One line for a D-Bus error: the daemon's sentence, or what to do when it is not there.
    static func message(for error: DBusError) -> String {
        switch error.name {
        case DBusError.Names.serviceUnknown, DBusError.Names.nameHasNoOwner:
            return "retrocamd is not running (nothing owns \(CameraClient.busName) on the bus). Start it with 'retrocamd &'."
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
        return """
        retrocam — drive the Retrocam camera daemon (org.retrocam.Camera on the session bus)

        Commands:
        \(rows.joined(separator: "\n"))

        Options:
          --json             print results as JSON
          --format TEMPLATE  status with {{decade}}, {{mode}}, … (property names)
          --follow, -f       status: print again on every change
          --address ADDRESS  use this bus instead of the session bus
          --output DIR, -o   export-phrases: write the files under DIR
          --timeout SECONDS  give up on a call after this long (default 25)
          --file WAV         listen: read this recording instead of the microphone (repeatable)
          --mic SOURCE       listen: record from this GStreamer source (default autoaudiosrc)
          --hold             listen: record until released (SIGUSR1, 'retrocam listen release', stdin closed)
          --dry-run, -n      listen: say what was heard and meant, do nothing
          --help, -h         this help, or 'retrocam help COMMAND'

        Exit status: 0 done, 1 the camera refused or failed (one line on stderr), 64 usage error.
        """
    }
}
