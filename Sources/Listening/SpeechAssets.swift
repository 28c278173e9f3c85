import Foundation
import Intents
import Pronunciation

/// What the recognizer loads, made from the voice templates: the pronunciations of every grammar word,
/// the dictionary file pocketsphinx reads, and the two grammars — commands, and (while a question waits)
/// a yes or no or a new command — and the phone loop every utterance is measured against (`PhoneLoop`).
///
/// Looking words up in the 135,000-word CMU dictionary and running espeak-ng takes a moment, so the
/// lexicon is kept in the cache folder under a key made of everything it depends on.
public struct SpeechAssets: Sendable {
    /// Every word's pronunciations, and which were made for words the dictionary lacks.
    public let lexicon: Lexicon
    /// The grammar rules made from the templates.
    public let grammar: SpeechGrammar
    /// The pocketsphinx dictionary file: the grammar's words and the phone loop's phones.
    public let dictionaryFile: URL

    /// The search of commands only.
    public static let commandsSearch = "commands"
    /// The search of a yes or no, or a new command.
    public static let answerSearch = "answer"

    /// Spoken, one command at a time, without filler: measured on espeak-ng speech (`ListenTests`), the
    /// grammar with filler ("please", "could you") and a second command ("… and take a picture") let the
    /// recognizer explain noise at the edges with them, and it turned 7 more of 60 commands wrong or refused
    /// at the same rejection of unrelated speech. Typed text to `Interpret` still takes both.
    static let speechCommands = 1

    /// Makes (or reads from `cacheFolder`) the lexicon for the current templates and builds the grammar.
    public static func prepare(model: SpeechModel, cacheFolder: URL,
                               phonemizer: Phonemizer? = Phonemizer.installed()) throws(ListenError) -> SpeechAssets {
        let vocabulary = SpeechGrammar.vocabulary
        let key = cacheKey(vocabulary, model: model, phonemizer: phonemizer)
        let lexiconFile = cacheFolder.appendingPathComponent("lexicon-\(key).json")
        let dictionaryFile = cacheFolder.appendingPathComponent("lexicon-\(key).dict")
        let lexicon: Lexicon
        if let data = try? Data(contentsOf: lexiconFile), let cached = try? JSONDecoder().decode(Lexicon.self, from: data),
           FileManager.default.fileExists(atPath: dictionaryFile.path) {
            lexicon = cached
        } else {
            do { lexicon = try Lexicon.build(vocabulary, dictionary: model.dictionary, phonemizer: phonemizer) } catch {
                throw .lexicon(error.description)
            }
            do {
                try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
                try Data(lexicon.dictionaryText(extra: PhoneLoop.dictionaryRows).utf8).write(to: dictionaryFile, options: .atomic)
                try JSONEncoder().encode(lexicon).write(to: lexiconFile, options: .atomic)
            } catch {
                throw .lexicon("Cannot write the speech dictionary in \(cacheFolder.path): \(error.localizedDescription)")
            }
        }
        let grammar = SpeechGrammar(pronounce: lexicon.phones, maximumCommands: speechCommands, filler: false)
        return SpeechAssets(lexicon: lexicon, grammar: grammar, dictionaryFile: dictionaryFile)
    }

    /// The JSGF of a search: commands, an answer or a command, or the phone loop.
    public func jsgf(_ search: String) -> String {
        switch search {
        case PhoneLoop.search: return PhoneLoop.jsgf
        case Self.answerSearch: return grammar.document(root: "<\(SpeechGrammar.answerRule)> | <\(SpeechGrammar.commandsRule)>")
        default: return grammar.document(root: "<\(SpeechGrammar.commandsRule)>")
        }
    }

    /// `$XDG_CACHE_HOME/retrocam/speech`, or `~/.cache/retrocam/speech`.
    public static func defaultCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("retrocam/speech")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/retrocam/speech")
    }

    /// A stable key (FNV-1a, 64 bits) over the words, the overrides, the dictionary file and espeak-ng.
    static func cacheKey(_ vocabulary: Set<String>, model: SpeechModel, phonemizer: Phonemizer?) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: model.dictionary.path)
        var parts = ["v3", model.dictionary.path, "\(attributes?[.size] ?? 0)",
                     "\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)", phonemizer?.program ?? "-"]
        parts += Lexicon.overrides.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        parts += PhoneLoop.dictionaryRows.map { "\($0.word)=\($0.phones)" }
        parts += vocabulary.sorted()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.joined(separator: "\n").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
