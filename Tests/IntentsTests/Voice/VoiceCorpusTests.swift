import Body
import Testing
@testable import Intents

/// Runs every line of the corpus through `interpret` on a fresh controller.
@Suite struct VoiceCorpusTests {
    @Test func theCorpusIsBigEnough() {
        #expect(VoiceCorpus.lines.count >= 200, "the corpus has \(VoiceCorpus.lines.count) lines")
        #expect(VoiceCorpus.refusals.count >= 40)
        let intents = Set((VoiceCorpus.commands + VoiceCorpus.people).flatMap(\.expected))
        #expect(intents.isSuperset(of: IntentName.allCases.map(\.rawValue)), "every intent is in the corpora")
    }

    @Test(arguments: VoiceCorpus.commands)
    func understands(_ line: CorpusLine) async throws {
        let controller = await makeController()
        let interpretation = try await controller.interpret(line.said, perform: false)
        let commands = interpretation.commands
        #expect(commands.map(\.intent) == line.expected)
        #expect(commands.map { VoiceCorpus.rendered($0.slots) } == line.values)
        for command in commands {
            #expect(command.confidence > 0.5 && command.confidence <= 1)
            #expect(command.result == nil)
            if command.slots["value"] != nil, let span = command.spans["value"] {
                let scalars = Array(line.said.unicodeScalars)
                #expect(String(String.UnicodeScalarView(scalars[span.start..<span.end])) == span.text)
            }
        }
    }

    @Test(arguments: VoiceCorpus.refusals)
    func refuses(_ line: CorpusLine) async {
        let controller = await makeController()
        let before = await controller.body
        let error = await intentError { () async throws(IntentError) in try await controller.interpret(line.said, perform: false) }
        switch (line.expected[0], error) {
        case ("NotFound", .notFound(let sentence)?):
            #expect(sentence == VoiceMatcher.refusal || (sentence.hasPrefix("I heard '") && sentence.hasSuffix("', but not what to do with it.")))
        case ("Ambiguous", .ambiguous(let sentence, let choices)?): #expect(!sentence.isEmpty && choices.count >= 2)
        case ("Unsupported", .unsupported(let sentence)?): #expect(!sentence.isEmpty)
        default: Issue.record("expected \(line.expected[0]), got \(String(describing: error))")
        }
        #expect(await controller.body == before, "a refusal changes nothing")
    }
}
