/// The words typed into a desktop search, checked before anything is matched: a search box sends a few
/// short words, and the shell drops a provider that answers late, so anything far larger is refused at once.
public struct SearchQuery: Sendable, Equatable {
    /// Most words matched; a longer search is refused.
    public static let maximumWords = 12
    /// Most characters matched, all words together; a longer search is refused.
    public static let maximumCharacters = 160

    /// The words, lowercased, split at spaces.
    public let words: [String]

    /// The words as typed, joined (what Interpret is given).
    public var text: String { words.joined(separator: " ") }

    /// Reads the terms a search box sends (each may hold several words); throws a sentence for the log
    /// when there are too many or they are too long. No words at all is an empty query.
    public init(terms: [String]) throws(SearchRefusal) {
        var characters = 0
        var words: [String] = []
        for term in terms {
            characters += term.utf8.count
            guard characters <= Self.maximumCharacters else {
                throw SearchRefusal("the search is longer than \(Self.maximumCharacters) characters (\(terms.count) terms)")
            }
            for word in term.lowercased().split(whereSeparator: \.isWhitespace) {
                words.append(String(word))
                guard words.count <= Self.maximumWords else {
                    throw SearchRefusal("the search has more than \(Self.maximumWords) words (\(terms.count) terms)")
                }
            }
        }
        self.words = words
    }
}

/// Why a search was not matched, for the log.
public struct SearchRefusal: Error, Sendable, Equatable {
    /// The sentence.
    public let reason: String

    init(_ reason: String) { self.reason = reason }
}
