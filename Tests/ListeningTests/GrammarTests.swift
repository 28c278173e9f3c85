import Foundation
import Testing
@testable import Intents
@testable import Listening
@testable import Pronunciation

/// The speech grammar and its pronunciations are made from the voice templates, with nothing written twice.
@Suite struct GrammarTests {
    /// The lexicon of the current templates (made once per run in a temporary cache).
    static let assets: SpeechAssets? = {
        guard let model = try? SpeechModel() else { return nil }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-grammar-\(UUID().uuidString)")
        return try? SpeechAssets.prepare(model: model, cacheFolder: cache)
    }()

    @Test func everyWordOfTheGrammarHasAPronunciation() throws {
        let assets = try #require(Self.assets, "pocketsphinx-en-us and espeak-ng are installed")
        let text = assets.jsgf(SpeechAssets.commandsSearch)
        let tokens = Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("//") && !$0.hasPrefix("grammar") }
            .flatMap { line -> [Substring] in
                let body = line.split(separator: "=", maxSplits: 1).last ?? ""
                return body.split { " ()[]|;".contains($0) }
            }
            .filter { !$0.hasPrefix("<") && !$0.hasPrefix("/") && !$0.isEmpty }.map(String.init))
        #expect(tokens.count > 150)
        for token in tokens { #expect(assets.lexicon.phones(token) != nil, "'\(token)' has a pronunciation") }
        #expect(tokens == assets.grammar.words)
        #expect(assets.lexicon.missing.isEmpty, "words with no pronunciation: \(assets.lexicon.missing.sorted())")
        print("GrammarTests: \(tokens.count) words; made for words the CMU dictionary lacks: "
              + assets.lexicon.made.keys.filter(tokens.contains).sorted().map { "\($0) [\(assets.lexicon.made[$0]!)]" }.joined(separator: ", "))
    }

    @Test func cameraWordsTheDictionaryLacksGetPronunciations() throws {
        let assets = try #require(Self.assets)
        let made = assets.lexicon.made
        for word in ["kodachrome", "instamatic", "vhs", "cine", "portapak", "polacolor", "sx"] {
            #expect(made[word] != nil, "\(word) was made (the CMU dictionary lacks it)")
        }
        // The templates keep their apostrophes ("that's a wrap"), and the dictionary says those words itself.
        #expect(assets.grammar.words.contains("that's") && made["that's"] == nil && assets.lexicon.phones("that's") != nil)
        #expect(made["vhs"] == "V IY EY CH EH S")
        #expect(made["cine"] == "S IH N IY", "the override wins over espeak-ng's 'sin'")
        #expect(made["kodachrome"]?.hasPrefix("K OW D AH K R OW M") == true)
        #expect(assets.lexicon.phones("polaroid") == "P OW L ER OY D", "words the dictionary has keep its pronunciation")
        #expect(made["polaroid"] == nil && made["super"] == nil)
    }

    @Test func theGrammarSaysEveryWrittenTemplateAndEverySlot() throws {
        let assets = try #require(Self.assets)
        let text = assets.jsgf(SpeechAssets.commandsSearch)
        let rules = Set(assets.grammar.rules.map(\.name))
        var perIntent: [IntentName: Int] = [:]
        for sentence in IntentCatalog.writtenSentences { perIntent[sentence.intent, default: 0] += 1 }
        for (intent, count) in perIntent {
            for index in 1...count { #expect(rules.contains("\(intent.rawValue.lowercased())_\(index)"), "\(intent) sentence \(index)") }
        }
        for kind in SettingKind.allCases { #expect(rules.contains("slot_\(kind.rawValue)"), "slot \(kind)") }
        #expect(text.contains("public <root> = <commands>;"))
        // An expansion rule whose words the dictionary all has is its template, as written.
        let take = try #require(VoiceRules.templates.first { $0.name == "take" }?.template)
        #expect(text.contains("<rule_take> = \(take);"), "\(take)")
        #expect(text.contains("<slot_decade> = (nineteen hundreds |"))
        #expect(!text.contains("1970s") && !text.contains("-0.5"), "forms with digits are left out when words say the same value")
        #expect(text.contains("polaroid six hundred") || text.contains("polaroid 600"), "a name only said with digits stays")
        #expect(!assets.jsgf(SpeechAssets.answerSearch).isEmpty && assets.jsgf(SpeechAssets.answerSearch).contains("<answer> | <commands>"))
    }

    /// A template's alternatives "(a | b | c)" without `word`: what the grammar must say when `word` cannot be said.
    static func without(_ word: String, in template: String) -> String {
        let options = template.dropFirst().dropLast().components(separatedBy: " | ")
        return "(" + options.filter { $0 != word }.joined(separator: " | ") + ")"
    }

    @Test func aWordWithoutPronunciationDropsOnlyItsBranches() throws {
        let grammar = SpeechGrammar(pronounce: { $0 == "snap" || $0.contains(where: \.isNumber) ? nil : "AH" })
        #expect(grammar.unsayable.contains("snap") && !grammar.words.contains("snap"))
        // The verb class loses "snap" and keeps every other verb.
        let verbs = try #require(VoiceRules.templates.first { $0.name == "take" }?.template)
        #expect(verbs.contains(" snap |"), "the test needs a verb class with 'snap' in it: \(verbs)")
        #expect(grammar.rules.first { $0.name == "rule_take" }?.body == Self.without("snap", in: verbs))
        // A sentence with "snap" among its alternatives keeps the others ("capture this", "shoot this").
        let takes = IntentCatalog.writtenSentences.filter { $0.intent == .takePhoto }
        let index = try #require(takes.firstIndex { $0.template.hasPrefix("(") && $0.template.contains(" snap | ") && !$0.template.contains("<") },
                                 "a TakePhoto template that lists 'snap' as a word")
        let template = takes[index].template
        let verbEnd = try #require(template.firstIndex(of: ")"))
        let expected = Self.without("snap", in: String(template[...verbEnd])) + template[template.index(after: verbEnd)...]
        #expect(grammar.rules.first { $0.name == "takephoto_\(index + 1)" }?.body == expected, "\(template)")
        // A sentence without "snap" is whole.
        let cheese = try #require(takes.firstIndex { $0.template == "[say] cheese" }, "the template '[say] cheese'")
        #expect(grammar.rules.first { $0.name == "takephoto_\(cheese + 1)" }?.body == "[say] cheese")
        let nothing = SpeechGrammar(pronounce: { _ in nil })
        #expect(nothing.words.isEmpty)
        #expect(nothing.rules.filter { $0.name.hasPrefix("slot_") || $0.name.hasPrefix("rule_") }.isEmpty)
    }

    @Test func homophonesAreKeptOnce() {
        // "7" and "seven" sound the same: the slot keeps the word.
        let grammar = SpeechGrammar(pronounce: { word in
            ["7": "S EH V AH N", "seven": "S EH V AH N"][word] ?? (word.contains(where: \.isNumber) ? nil : "AH " + word)
        })
        let degree = grammar.rules.first { $0.name == "slot_degree" }?.body ?? ""
        #expect(degree.contains("seven") && !degree.contains("| 7"))
    }

    @Test func ipaFromEspeakBecomesARPAbet() {
        #expect(Phonemizer.arpabet(ipa: "k_ˈoʊ_d_ɐ_k_ɹ_ˌoʊ_m") == "K OW D AH K R OW M")
        #expect(Phonemizer.arpabet(ipa: "v_ˌiː__ˌeɪ_tʃ_ˈɛ_s") == "V IY EY CH EH S")
        #expect(Phonemizer.arpabet(ipa: "ð_ˈæ_t_s") == "DH AE T S")
        #expect(Phonemizer.arpabet(ipa: "s_ˈɪ_k_s_t_iː_n k_ˈoʊ_l_ə_n") == "S IH K S T IY N K OW L AH N")
        #expect(Phonemizer.arpabet(ipa: "b_ˈʌ_t_n̩") == "B AH T AH N")
        #expect(Phonemizer.arpabet(ipa: "ʁ_ø") == nil, "a sound English has no phone for")
        #expect(Phonemizer.arpabet(ipa: "") == nil)
    }
}
