/// Why pronunciations could not be read or made, in a sentence fit to print.
public struct PronunciationError: Error, Equatable, CustomStringConvertible {
    /// The sentence.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
