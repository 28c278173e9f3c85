import Foundation

/// Makes pronunciations for words the CMU dictionary lacks (Kodachrome, VHS, thats, 8mm), with espeak-ng's
/// letter-to-sound rules: it writes each word in IPA, and the IPA is mapped to the ARPAbet phones of
/// pocketsphinx's model. espeak-ng is a Debian package (`espeak-ng`); one process reads every word.
public struct Phonemizer: Sendable {
    /// The espeak-ng program.
    public let program: String

    /// espeak-ng from the `PATH`, or nil when it is not installed.
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) -> Phonemizer? {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for folder in folders {
            let path = folder + "/espeak-ng"
            if FileManager.default.isExecutableFile(atPath: path) { return Phonemizer(program: path) }
        }
        return nil
    }

    /// ARPAbet phones for each word espeak-ng could say ("kodachrome" → "K OW D AH K R OW M").
    func pronounce(_ words: [String]) throws(PronunciationError) -> [String: String] {
        guard !words.isEmpty else { return [:] }
        let lines: [String]
        do { lines = try ipa(words) } catch { throw PronunciationError("espeak-ng could not spell out words: \(error)") }
        var result: [String: String] = [:]
        if lines.count == words.count {
            for (word, line) in zip(words, lines) { result[word] = Self.arpabet(ipa: line) }
        } else {
            // espeak-ng joined some lines into one clause: ask again one word at a time.
            for word in words {
                let line = (try? ipa([word]))?.joined(separator: " ") ?? ""
                result[word] = Self.arpabet(ipa: line)
            }
        }
        return result.compactMapValues { $0 }
    }

    /// One line of IPA per input line, phonemes separated by `_`, words by spaces.
    private func ipa(_ words: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-q", "-v", "en-us", "--ipa", "--sep=_"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((words.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            .map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// IPA symbols (stress marks removed) and the ARPAbet they stand for; longest first when read.
    static let ipaToARPAbet: [String: String] = [
        "p": "P", "b": "B", "t": "T", "d": "D", "k": "K", "ɡ": "G", "g": "G", "f": "F", "v": "V", "θ": "TH", "ð": "DH",
        "s": "S", "z": "Z", "ʃ": "SH", "ʒ": "ZH", "h": "HH", "m": "M", "n": "N", "ŋ": "NG", "l": "L", "ɫ": "L",
        "ɹ": "R", "r": "R", "w": "W", "j": "Y", "tʃ": "CH", "dʒ": "JH", "ɾ": "T", "ʔ": "T", "x": "K", "ç": "HH",
        "n̩": "AH N", "l̩": "AH L", "m̩": "AH M", "nʲ": "N",
        "i": "IY", "iː": "IY", "ɪ": "IH", "ᵻ": "IH", "e": "EY", "eɪ": "EY", "ɛ": "EH", "æ": "AE", "a": "AA", "aː": "AA",
        "ɑ": "AA", "ɑː": "AA", "ɒ": "AA", "ɔ": "AO", "ɔː": "AO", "o": "OW", "oː": "OW", "oʊ": "OW", "əʊ": "OW",
        "ʊ": "UH", "u": "UW", "uː": "UW", "ɯ": "UW", "ʌ": "AH", "ə": "AH", "ɐ": "AH", "ɚ": "ER", "ɜ": "ER", "ɜː": "ER",
        "aɪ": "AY", "aʊ": "AW", "ɔɪ": "OY", "əl": "AH L", "iə": "IY AH", "ɪə": "IH R", "eə": "EH R", "ʊə": "UH R",
        "ɑːɹ": "AA R", "ɔːɹ": "AO R", "oːɹ": "AO R", "ɪɹ": "IH R", "ɛɹ": "EH R", "ʊɹ": "UH R", "aɪɚ": "AY ER",
        "aɪə": "AY AH", "aʊɚ": "AW ER",
    ]

    /// The longest IPA symbol in the table, in characters.
    private static let longestSymbol = ipaToARPAbet.keys.map(\.unicodeScalars.count).max() ?? 1

    /// ARPAbet for one line of espeak-ng IPA, or nil when a symbol has no ARPAbet phone.
    static func arpabet(ipa line: String) -> String? {
        var phones: [String] = []
        for token in line.split(whereSeparator: { $0 == "_" || $0 == " " }) {
            var scalars = Array(String(token).unicodeScalars.filter { $0 != "ˈ" && $0 != "ˌ" })
            // A token is one phoneme, but read it greedily in case espeak-ng glued two together.
            while !scalars.isEmpty {
                var matched = false
                for length in stride(from: min(longestSymbol, scalars.count), through: 1, by: -1) {
                    let symbol = String(String.UnicodeScalarView(scalars[0..<length]))
                    if let phone = ipaToARPAbet[symbol] {
                        phones.append(phone)
                        scalars.removeFirst(length)
                        matched = true
                        break
                    }
                }
                if !matched {
                    if scalars[0] == "ː" || scalars[0].properties.generalCategory == .nonspacingMark {
                        scalars.removeFirst()
                        continue
                    }
                    return nil
                }
            }
        }
        return phones.isEmpty ? nil : phones.joined(separator: " ")
    }
}
