import Foundation

/// A question `listen` asked before a destructive command ("Move the last take to the Trash? Say yes or no."),
/// waiting for the next utterance — in this process (the next file, the next round of the microphone) or in
/// the next `retrocam listen` (the next press of a hold-to-talk key). Kept in memory, and in
/// `$XDG_RUNTIME_DIR/retrocam/listen-question.json` (mode 0600) when there is a runtime folder.
struct PendingQuestion: Codable, Equatable {
    /// The utterance to perform on a yes.
    let utterance: String
    /// The question asked.
    let question: String
    /// After this the question is forgotten (`SpokenConfirmation.answerDeadline`, or `takeAnswerSeconds` after
    /// a question about a take).
    let deadline: Date

    /// How long a question about a take waits for its answer: a take is of the moment, and a yes long after the
    /// question would take a picture of something else.
    static let takeAnswerSeconds: TimeInterval = 20
}

/// Where the pending question is kept.
final class QuestionStore: @unchecked Sendable {
    private let file: URL?
    private var inMemory: PendingQuestion?

    /// A store in the runtime folder of `environment`, or in memory only.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        file = RuntimeFile.url("listen-question.json", environment: environment)
    }

    /// The question still waiting at `now`, if any.
    func load(now: Date = Date()) -> PendingQuestion? {
        var question = inMemory
        if question == nil, let file, let data = try? Data(contentsOf: file) {
            question = try? JSONDecoder().decode(PendingQuestion.self, from: data)
        }
        guard let question, question.deadline > now else {
            clear()
            return nil
        }
        return question
    }

    /// Keeps a question for the next utterance.
    func save(_ question: PendingQuestion) {
        inMemory = question
        guard let file, let data = try? JSONEncoder().encode(question) else { return }
        RuntimeFile.writePrivate(data, to: file)
    }

    /// Forgets the question.
    func clear() {
        inMemory = nil
        if let file { try? FileManager.default.removeItem(at: file) }
    }
}
