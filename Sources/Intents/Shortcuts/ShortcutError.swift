import Body

/// Why a shortcut file could not be loaded, or a shortcut name not used: always names the file
/// (and the line, when one is at fault) in a sentence.
public struct ShortcutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Equatable {
        /// No shortcut of that name exists.
        case notFound
        /// The name could reach outside the shortcut folders or is not allowed.
        case badName
        /// The file could not be read, is too large, or is not text.
        case unreadable
        /// A line is not a step the format knows, or its value is wrong.
        case invalid
        /// The file exceeds a limit (steps, repeats, waiting time).
        case tooLarge
    }

    /// The kind of problem.
    public let kind: Kind
    /// The file at fault ("noir-portrait.retrocam" or a path).
    public let file: String
    /// The line at fault, from 1; nil when the whole file is.
    public let line: Int?
    /// The sentence explaining the problem (without the file and line).
    public let reason: String

    /// Makes an error.
    public init(_ kind: Kind, file: String, line: Int? = nil, _ reason: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`, as compilers say it.
    public var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }

    /// The same error as the intent error a caller of RunShortcut sees.
    public var intentError: IntentError {
        switch kind {
        case .notFound: return .notFound(description)
        case .badName: return .invalidArguments(description)
        case .unreadable, .invalid, .tooLarge: return .unsupported(description)
        }
    }
}

/// The limits every shortcut file is held to, so a file cannot tie up the camera.
public struct ShortcutLimits: Sendable, Equatable {
    /// The largest file read, in bytes.
    public var maximumFileBytes: Int = 64 * 1024
    /// The most steps a run may perform, repeats expanded.
    public var maximumSteps: Int = 1000
    /// The largest `repeat` count.
    public var maximumRepeat: Int = 100
    /// How deep `repeat` blocks may nest.
    public var maximumNesting: Int = 4
    /// The most waiting a run may do in all.
    public var maximumTotalWait: Duration = .seconds(3600)
    /// The longest name, in characters.
    public var maximumNameLength: Int = 64

    /// The standard limits: 64 KiB, 1000 steps, repeat ≤ 100, nesting ≤ 4, an hour of waiting.
    public init() {}
}
