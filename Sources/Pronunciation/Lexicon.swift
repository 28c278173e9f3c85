import Foundation

/// The pronunciations of every word the speech grammar may use: from the CMU dictionary of the model
/// when it has the word, else made by `Phonemizer` (espeak-ng), else from `overrides` — a few camera words
/// whose spelling misleads the letter-to-sound rules. Which words lack an entry is found by looking every
/// word of the templates up, so a template that brings a new word brings its pronunciation too.
public struct Lexicon: Sendable, Equatable, Codable {
    /// Makes a lexicon from its parts.
    public init(entries: [String: [String]], made: [String: String] = [:], missing: Set<String> = []) {
        self.entries = entries
        self.made = made
        self.missing = missing
    }

    /// Pronunciations by word, the first one the main one (ARPAbet, "K OW D AH K R OW M").
    public let entries: [String: [String]]
    /// The words the CMU dictionary lacks, with the pronunciation made for each.
    public let made: [String: String]
    /// Words that have no pronunciation at all (left out of the grammar).
    public let missing: Set<String>

    /// Camera words that the letter-to-sound rules get wrong, said the way the camera's users say them. The
    /// pronunciation here comes first; what the dictionary or espeak-ng says stays as a second one (espeak-ng
    /// itself, and some people, say cine as "sin").
    public static let overrides: [String: String] = [
        "cine": "S IH N IY",
    ]

    /// Looks `words` up in `dictionary` (a CMU-format file) and makes the rest with `phonemizer`.
    public static func build(_ words: Set<String>, dictionary: URL, phonemizer: Phonemizer?) throws(PronunciationError) -> Lexicon {
        var entries = try lookUp(words, in: dictionary)
        var made: [String: String] = [:]
        let unknown = words.filter { entries[$0] == nil }.sorted()
        let spoken = try phonemizer?.pronounce(unknown) ?? [:]
        for (word, phones) in spoken {
            entries[word] = [phones]
            made[word] = phones
        }
        for (word, phones) in overrides where words.contains(word) {
            entries[word] = [phones] + (entries[word] ?? []).filter { $0 != phones }
            made[word] = phones
        }
        return Lexicon(entries: entries, made: made, missing: Set(unknown).subtracting(spoken.keys).subtracting(overrides.keys))
    }

    /// Every pronunciation the CMU dictionary has for `words` ("the", "the(2)" → both under "the").
    public static func lookUp(_ words: Set<String>, in dictionary: URL) throws(PronunciationError) -> [String: [String]] {
        let data: Data
        do { data = try Data(contentsOf: dictionary, options: .mappedIfSafe) } catch {
            throw PronunciationError("Cannot read the pronouncing dictionary \(dictionary.path): \(error.localizedDescription)")
        }
        var found: [String: [String]] = [:]
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var lineStart = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
                defer { lineStart = index + 1 }
                guard index > lineStart else { continue }
                let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<index])
                guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { continue }
                var keyEnd = space
                if let paren = line[..<space].firstIndex(of: UInt8(ascii: "(")) { keyEnd = paren }
                let key = String(decoding: line[..<keyEnd], as: UTF8.self)
                guard words.contains(key) else { continue }
                var phones = String(decoding: line[(space + 1)...], as: UTF8.self)
                if let comment = phones.firstIndex(of: "#") { phones = String(phones[..<comment]) }
                found[key, default: []].append(phones.trimmingCharacters(in: .whitespaces))
            }
        }
        return found
    }

    /// The main pronunciation of a word, or nil.
    public func phones(_ word: String) -> String? { entries[word]?.first }

    /// The lexicon as a pocketsphinx dictionary ("word PHONES", "word(2) PHONES"), with `extra` rows.
    public func dictionaryText(extra: [(word: String, phones: String)] = []) -> String {
        var lines: [String] = []
        for word in entries.keys.sorted() {
            for (index, phones) in entries[word]!.enumerated() {
                lines.append(index == 0 ? "\(word) \(phones)" : "\(word)(\(index + 1)) \(phones)")
            }
        }
        lines += extra.map { "\($0.word) \($0.phones)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
