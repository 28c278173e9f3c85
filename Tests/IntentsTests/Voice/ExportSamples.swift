import Body
import Foundation
@testable import Intents

/// Sentences sampled from the catalog's templates, with the intent and value the matcher must find.
struct ExportSample: Sendable {
    let sentence: String
    let intent: String
    /// The slot's value as text, "" when none.
    let value: String
    /// False for styles, whose exported value is the name as said (resolved per decade by the camera).
    var compareValue = true
    /// The template it was expanded from (its place in the catalog), "" for a hand-picked sentence.
    var template = ""
}

enum ExportSamples {
    /// Five expansions of every sentence template, each slot filled with a listed form (styles of the
    /// 1970s, the decade a fresh camera starts on).
    static let all = expansions(perTemplate: 5)

    /// The first `count` of those expansions of every template: Rhasspy reads a sentence in about 40 ms
    /// of CPU, so it gets two of each (every template still checked) and finishes on a loaded machine.
    static func firstExpansions(perTemplate count: Int) -> [ExportSample] {
        var seen: [String: Int] = [:]
        return all.filter { sample in
            let key = sample.template
            seen[key, default: 0] += 1
            return seen[key]! <= count
        }
    }

    /// `count` expansions of every sentence template.
    private static func expansions(perTemplate count: Int) -> [ExportSample] {
        let styleWords = DialEntry.entries(of: Catalog70s.decade).flatMap { entry in
            entry.keys.filter { key in key.allSatisfy { $0.isLetter || $0 == " " } && !ambiguousIn70s(key) }
        }
        let bareStyleWords = styleWords.filter { SlotRecognizer.acceptsBare(.style, Utterance($0).texts[...]) }
        precondition(!bareStyleWords.isEmpty, "the 1970s dial has names that mean a style said alone")
        var samples: [ExportSample] = []
        var turn = 0
        for (index, sentence) in IntentCatalog.sentences.enumerated() {
            for path in TemplateExpansion.sample(sentence.expression, count) {
                turn += 1
                var value = sentence.values.isEmpty ? "" : VoiceCorpus.rendered(
                    (try? SlotRecognizer.neutralResolver.resolve(sentence.intent, sentence.values.mapValues(ParameterValue.string)))?.slots ?? [:])
                var compare = true
                let words = path.map { piece -> String in
                    switch piece {
                    case .word(let word): return word
                    case .wildcard: return "this"
                    case .slot(let kind):
                        if kind == .style {
                            compare = false
                            // A sentence that is its slot alone takes only a name that means a style said alone.
                            let words = sentence.isBare ? bareStyleWords : styleWords
                            let word = words[turn % words.count]
                            value = word
                            return word
                        }
                        let entries = PhraseExport.list(kind, of: sentence).entries
                        let entry = entries[turn % entries.count]
                        value = (try? SlotRecognizer.neutralResolver.resolve(kind, .string(entry.spoken)))?.value.description ?? entry.value
                        return entry.spoken
                    }
                }
                samples.append(ExportSample(sentence: words.joined(separator: " "), intent: sentence.intent.rawValue,
                                            value: value, compareValue: compare, template: "\(index)"))
            }
        }
        return samples
    }

    /// The issue's own examples, checked against hassil too.
    static let handPicked: [ExportSample] = [
        ExportSample(sentence: "take a picture", intent: "TakePhoto", value: ""),
        ExportSample(sentence: "start filming", intent: "StartClip", value: ""),
        ExportSample(sentence: "go to the eighties", intent: "SetDecade", value: "1980s"),
        ExportSample(sentence: "zoom to two x", intent: "SetZoom", value: "2.0"),
        ExportSample(sentence: "set a ten second timer", intent: "SetTimer", value: "10"),
        ExportSample(sentence: "flip the camera", intent: "FlipCamera", value: ""),
        ExportSample(sentence: "please take a picture", intent: "TakePhoto", value: ""),
        ExportSample(sentence: "set the exposure to minus one", intent: "SetExposure", value: "-1.0"),
    ]

    /// The first sentence of every OVOS file, with the first form of its value: its intent and value are
    /// the file's name ("SetDecade.1970s.intent", "AdjustControl.zoom.+1.intent").
    static let ovosFirstLines: [ExportSample] = PhraseExport.files(.ovos).compactMap { file in
        guard let line = file.contents.split(separator: "\n").first else { return nil }
        var sentence = String(line)
        // "(2x|two x|2.0x)" → "2x".
        while let open = sentence.firstIndex(of: "("), let bar = sentence[open...].firstIndex(where: { $0 == "|" || $0 == ")" }),
              let close = sentence[open...].firstIndex(of: ")") {
            sentence.replaceSubrange(open...close, with: sentence[sentence.index(after: open)..<bar])
        }
        let name = String(file.path.dropFirst("locale/en-us/".count).dropLast(".intent".count))
        let expected = VoiceLibrary.canonical((name, [:]))
        return ExportSample(sentence: sentence, intent: expected.intents[0], value: expected.values[0],
                            compareValue: !name.hasPrefix("SetStyle."))
    }

    /// Style words that name two entries of the 1970s ("polaroid"), which the camera asks about.
    static func ambiguousIn70s(_ key: String) -> Bool {
        Resolver.matches(key, in: DialEntry.entries(of: Catalog70s.decade)).count != 1
    }
}

/// The 1970s, where a fresh camera starts.
enum Catalog70s {
    static let decade = Catalog.standard.decade(year: 1970)!
}
