import Foundation

/// Work a program could not do (not a mistake in how it was called): one clear line on stderr, exit status 1.
public struct CommandFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sentence to print.
    public let message: String

    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}

extension OptionParser {
    /// Parses the process's own arguments for a program without commands: prints help and exits 0 for
    /// `--help`, prints the mistake and the usage on stderr and exits 64 for a usage error, and
    /// otherwise returns the options.
    public func parseOrExit(_ raw: [String] = Array(CommandLine.arguments.dropFirst())) -> Values {
        do {
            switch try parse(raw) {
            case .help:
                FileHandle.standardOutput.write(Data((help() + "\n").utf8))
                exit(ExitStatus.success)
            case .run(let values, _):
                return values
            }
        } catch {
            FileHandle.standardError.write(Data(usageError(error).utf8))
            exit(ExitStatus.usage)
        }
    }

    /// Prints `program: message` on stderr and exits 1.
    public func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(program): \(message)\n".utf8))
        exit(ExitStatus.failure)
    }
}
