import CommandLineOptions
import DBus
import Foundation
import Intents
import Listening
import Pronunciation

/// `retrocam listen`: offline speech (pocketsphinx with a grammar made from the voice templates) into
/// `Intents1.Interpret`.
let listenCommands: [Command] = [
    Command(name: "listen", operands: "[grammar|words|release] [--hold] [--file WAV]... [--mic SOURCE] [--dry-run]",
            summary: "Hear a spoken command offline and do it (push-to-talk; --hold until released; see docs/voice.md)",
            arity: 0...1, run: listen),
]

/// Longest a push-to-talk utterance runs, and how long it waits for speech to begin.
private let pushToTalkSeconds = 8.0, noSpeechSeconds = 5.0
/// Longest a held key records.
private let holdSeconds = 30.0

@Sendable private func listen(_ invocation: Invocation) async throws -> Output {
    let arguments = invocation.arguments
    switch invocation.operands.first?.lowercased() {
    case nil: break
    case "grammar": return .text(try prepareAssets().jsgf(SpeechAssets.commandsSearch).trimmingCharacters(in: .newlines))
    case "words": return wordsOutput(try prepareAssets())
    case "release":
        try HoldToTalk.release()
        return .nothing
    case let other?: throw UsageError("listen takes grammar, words or release, not '\(other)'.")
    }
    guard arguments.files.isEmpty || arguments.microphone == nil else {
        throw UsageError("listen reads either --file or --mic, not both.")
    }
    let assets = try prepareAssets()
    let listener = try Listener(model: try SpeechModel(), assets: assets)
    let session = ListenSession(listener: listener, connection: invocation.connection, questions: QuestionStore(),
                                dryRun: arguments.dryRun)
    let hold = arguments.hold ? HoldToTalk { listener.stop() } : nil
    defer { hold?.finish() }

    var sources = arguments.files.map { AudioSource.file(URL(fileURLWithPath: $0)) }
    let microphone = sources.isEmpty
    if microphone { sources = [arguments.microphone.map(AudioSource.microphone) ?? AudioSource.defaultMicrophone()] }
    let endpoint: Endpoint = arguments.hold || !microphone
        ? .endOfInput(maximumSeconds: holdSeconds) : .silence(maximumSeconds: pushToTalkSeconds, noSpeechSeconds: noSpeechSeconds)

    var last: UtteranceReport?
    var index = 0
    while index < sources.count {
        let report = try await session.handle(sources[index], endpoint: endpoint)
        index += 1
        // Push-to-talk on the microphone: a question is answered by listening once more.
        if microphone, !arguments.hold, report.outcome == .asked, index == sources.count { sources.append(sources[0]) }
        if arguments.json {
            invocation.emit(.result(report.dictionary))
        } else if !report.failed {
            invocation.emit(.text(report.line))
        } else if index < sources.count {
            FileHandle.standardError.write(Data("retrocam: \(report.line)\n".utf8))
        }
        last = report
    }
    if let last, last.failed { throw CommandFailure(last.line) }
    return .nothing
}

/// The lexicon and grammars for the current templates (cached).
private func prepareAssets() throws -> SpeechAssets {
    try SpeechAssets.prepare(model: try SpeechModel(), cacheFolder: SpeechAssets.defaultCacheFolder())
}

/// `listen words`: every word the grammar uses that the CMU dictionary lacks, with the pronunciation made.
private func wordsOutput(_ assets: SpeechAssets) -> Output {
    let rows = assets.lexicon.made.keys.sorted().filter(assets.grammar.words.contains).map { word -> [String] in
        [word, assets.lexicon.made[word]!, Lexicon.overrides[word] == nil ? "espeak-ng" : "override"]
    }
    let missing = assets.lexicon.missing.sorted().map { [$0, "", "none: left out of the grammar"] }
    return .rows(header: ["word", "phones", "made by"], rows + missing)
}
