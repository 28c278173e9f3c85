import Foundation
import Testing
@testable import Intents

/// A real voice-assistant library from PyPI reading one of the exports (see voice_libraries.py).
enum VoiceLibrary: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case hassil, rhasspy, padacioso

    var testDescription: String { rawValue }

    /// The export it reads.
    var format: PhraseExportFormat {
        switch self {
        case .hassil: return .hassil
        case .rhasspy: return .rhasspy
        case .padacioso: return .ovos
        }
    }

    /// What the library made of each sentence: the intent and slots as the exported sentence carries them
    /// (padacioso: in the intent file's name), or nil when it matched nothing.
    func recognize(_ sentences: [String]) throws -> [(intent: String, slots: [String: String])?] {
        let python = try VoiceVenv.python()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-\(rawValue)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try PhraseExport.write(format, to: folder)
        let script = VoiceCorpus.folder.appendingPathComponent("voice_libraries.py")
        let input = String(decoding: try JSONSerialization.data(withJSONObject: sentences), as: UTF8.self)
        let output = try VoiceVenv.run(python, [script.path, rawValue, folder.path], stdin: input)
        guard let answers = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any], answers.count == sentences.count else {
            throw VoiceVenvError(message: "\(rawValue) printed \(output.prefix(500))")
        }
        return answers.map { answer in
            guard let match = answer as? [String: Any], let intent = match["intent"] as? String else { return nil }
            return (intent, match["slots"] as? [String: String] ?? [:])
        }
    }

    /// A library's answer as a corpus line writes it: the intent, and its slots read by the camera's resolver
    /// as the method would read them (a fresh camera, as in the corpus), so "seventies" and "1970s" agree.
    static func canonical(_ answer: (intent: String, slots: [String: String])) -> (intents: [String], values: [String]) {
        var intent = answer.intent
        var slots = answer.slots
        // Padacioso carries fixed values in the intent file's name: "SetZoom.1.0", "AdjustControl.zoom.+1".
        if let dot = intent.firstIndex(of: ".") {
            let fixed = String(intent[intent.index(after: dot)...])
            intent = String(intent[..<dot])
            let names = IntentName(rawValue: intent)?.parameterNames ?? ["value"]
            var rest = Substring(fixed)
            for (index, name) in names.enumerated() {
                if index == names.count - 1 {
                    slots[name] = String(rest)
                } else if let split = rest.firstIndex(of: ".") {
                    slots[name] = String(rest[..<split])
                    rest = rest[rest.index(after: split)...]
                }
            }
        }
        guard let name = IntentName(rawValue: intent) else { return ([intent], [""]) }
        let parameters = slots.filter { name.parameterNames.contains($0.key) }.mapValues(ParameterValue.string)
        guard let resolved = try? SlotRecognizer.neutralResolver.resolve(name, parameters) else {
            return ([intent], [VoiceCorpus.rendered(parameters)])
        }
        return ([intent], [VoiceCorpus.rendered(resolved.slots)])
    }
}
