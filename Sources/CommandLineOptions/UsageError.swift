/// A mistake in how a program was called: printed on stderr with the usage, exit status 64 (EX_USAGE).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sentence to print.
    public let message: String

    /// A usage error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The sentence.
    public var description: String { message }
}

/// The exit statuses the three programs share: 0 done, 1 failed (one line on stderr), 64 usage error.
public enum ExitStatus {
    /// Done, including `--help` and `--version`.
    public static let success: Int32 = 0
    /// The work could not be done: one clear line on stderr.
    public static let failure: Int32 = 1
    /// The command line was wrong: the mistake and the usage on stderr (EX_USAGE).
    public static let usage: Int32 = 64
}
