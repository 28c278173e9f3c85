import DBus
import Foundation
import Intents
import Listening

/// What became of one utterance.
struct UtteranceReport: Sendable {
    /// How it ended.
    enum Outcome: String, Sendable {
        /// Understood and performed (or, with `--dry-run`, understood).
        case done
        /// A destructive command: a question was asked and waits for a yes.
        case asked
        /// The answer was no: nothing done.
        case cancelled
        /// Words were found but failed `SpeechCheck`: not for the camera.
        case notForTheCamera = "not-for-the-camera"
        /// No words at all (silence, noise).
        case nothing
        /// Words of the grammar, but the daemon refused them (a value out of range, nothing to undo, …).
        case refused
    }

    /// Where the audio came from.
    let source: String
    /// What the recognizer made of it.
    let heard: Heard
    let outcome: Outcome
    /// The sentence to show or say.
    let dialog: String
    /// The daemon's answer (`Interpret`), when it was asked.
    let reply: [String: Value]
    /// The D-Bus error name of a refusal.
    let errorName: String?
    /// What the recognizer of general English made of it, when it was asked (a take).
    var secondOpinion: SecondOpinion? = nil

    /// True when the utterance came to nothing the user asked for.
    var failed: Bool { [.notForTheCamera, .nothing, .refused].contains(outcome) }

    /// One line for people: what was heard, then what happened.
    var line: String {
        guard let text = heard.text else { return dialog }
        return "“\(text)” — \(dialog)"
    }

    /// Everything, for `--json`.
    var dictionary: [String: Value] {
        var entries: [String: Value] = [
            "source": .string(source), "outcome": .string(outcome.rawValue), "dialog": .string(dialog),
            "heard": .string(heard.text ?? ""), "path": .strings(heard.path),
            "audio_seconds": .double(heard.audioSeconds), "decode_seconds": .double(heard.elapsedSeconds),
            "after_end_seconds": .double(heard.afterEndSeconds), "cpu_seconds": .double(heard.cpuSeconds),
        ]
        if let fit = heard.fit { entries["fit"] = .double(fit) }
        if let stretch = heard.stretch { entries["stretch"] = .double(stretch) }
        if let secondOpinion {
            entries["dictation"] = .string(secondOpinion.words.joined(separator: " "))
            entries["margin"] = .double(secondOpinion.margin)
            entries["dictation_seconds"] = .double(secondOpinion.seconds)
        }
        for key in ["intent", "slots", "commands", "performed", "result"] { if let value = reply[key] { entries[key] = value } }
        if let errorName { entries["error"] = .string(errorName) }
        return entries
    }
}

/// Turns heard utterances into camera actions: Interpret on the daemon, with a question first for the
/// commands `SpokenConfirmation` names and for a take the speech does not make sure of (`SpeechCheck.isSureOfTake`:
/// a weak fit, or a recognizer of general English that heard other words fit the sound better), answered by
/// the next utterance.
struct ListenSession: Sendable {
    let listener: Listener
    let connection: LazyClient
    let questions: QuestionStore
    /// Understand only, perform nothing.
    let dryRun: Bool

    /// Hears one utterance and acts on it.
    func handle(_ source: AudioSource, endpoint: Endpoint) async throws -> UtteranceReport {
        let question = questions.load()
        let search = question == nil ? SpeechAssets.commandsSearch : SpeechAssets.answerSearch
        let heard = try await hearOnThread(source, search: search, endpoint: endpoint)
        let name = source.name
        guard let text = heard.text else {
            questions.clear()
            let dialog = heard.notForTheCamera ? "That was not for the camera: nothing done." : "Heard nothing: nothing done."
            return UtteranceReport(source: name, heard: heard, outcome: heard.notForTheCamera ? .notForTheCamera : .nothing,
                                   dialog: dialog, reply: [:], errorName: nil)
        }
        questions.clear()
        if let question, let yes = SpokenConfirmation.answer(text) {
            guard yes else {
                return UtteranceReport(source: name, heard: heard, outcome: .cancelled, dialog: "Cancelled: nothing done.",
                                       reply: [:], errorName: nil)
            }
            return await interpret(question.utterance, perform: !dryRun, heard: heard, source: name)
        }
        let meaning = await interpret(text, perform: false, heard: heard, source: name)
        guard meaning.outcome == .done else { return meaning }
        let commands = Self.commands(of: meaning.reply)
        // Unrelated speech forced into the grammar lands on a take now and then; a take nobody asked for is
        // worse than a question, so one the speech does not make sure of is asked about first.
        if let take = Self.firstTake(in: commands) {
            let check = listener.check
            let opinion = check.fitsTake(heard.fit) ? await secondOpinion(on: heard) : nil
            // The daemon is asked what the dictation's words mean only when the margin alone does not do.
            var sure = check.isSureOfTake(fit: heard.fit, margin: opinion?.margin, agrees: false)
            if !sure, let opinion {
                sure = check.isSureOfTake(fit: heard.fit, margin: opinion.margin,
                                          agrees: await means(take, opinion.words.joined(separator: " ")))
            }
            var report = !sure ? await ask(about: take, utterance: text, heard: heard, source: name, take: true)
                : dryRun ? meaning : await interpret(text, perform: true, heard: heard, source: name)
            report.secondOpinion = opinion
            return report
        }
        if let risky = commands.first(where: { SpokenConfirmation.needsConfirmation($0["intent"]?.stringValue ?? "") }) {
            return await ask(about: risky, utterance: text, heard: heard, source: name, take: false)
        }
        return dryRun ? meaning : await interpret(text, perform: true, heard: heard, source: name)
    }

    /// Asks the intent's own `Resolve` question and keeps the utterance for the answer: a `take` for a moment
    /// (`PendingQuestion.takeAnswerSeconds`), anything else while the last take can be undone.
    private func ask(about command: [String: Value], utterance: String, heard: Heard, source: String, take: Bool) async -> UtteranceReport {
        let intent = command["intent"]?.stringValue ?? ""
        let parameters = command["slots"]?.variantDictionary ?? [:]
        do {
            let client = try connection.client()
            let reply = try await client.intent(method: "Resolve", [.string(intent), .stringDict(parameters)])
            let question = SpokenConfirmation.prompt(reply["dialog"]?.stringValue ?? "\(intent)?")
            let deadline: Date
            if take {
                deadline = Date().addingTimeInterval(PendingQuestion.takeAnswerSeconds)
            } else {
                let undoSecondsLeft = try await client.properties()["UndoSecondsLeft"]?.int64Value ?? 0
                deadline = SpokenConfirmation.answerDeadline(undoSecondsLeft: Int(undoSecondsLeft), from: Date())
            }
            // A dry run keeps no question: a later run's "yes" would perform what it only understood.
            if !dryRun { questions.save(PendingQuestion(utterance: utterance, question: question, deadline: deadline)) }
            return UtteranceReport(source: source, heard: heard, outcome: .asked, dialog: question, reply: command, errorName: nil)
        } catch {
            return refusal(error, heard: heard, source: source, reply: command)
        }
    }

    /// `Interpret(text, perform)` on the daemon; a refusal is a report, not a throw.
    private func interpret(_ text: String, perform: Bool, heard: Heard, source: String) async -> UtteranceReport {
        do {
            let reply = try await connection.client().intent(method: "Interpret", [.string(text), .bool(perform)])
            return UtteranceReport(source: source, heard: heard, outcome: .done, dialog: reply["dialog"]?.stringValue ?? "",
                                   reply: reply, errorName: nil)
        } catch {
            return refusal(error, heard: heard, source: source)
        }
    }

    /// A refusal of the daemon as a report; `reply` is what was understood before it, if anything.
    private func refusal(_ error: any Error, heard: Heard, source: String, reply: [String: Value] = [:]) -> UtteranceReport {
        let dbus = error as? DBusError
        return UtteranceReport(source: source, heard: heard, outcome: .refused,
                               dialog: dbus.map(CLI.message(for:)) ?? "\(error)", reply: reply, errorName: dbus?.name)
    }

    /// The commands of an `Interpret` reply: its `commands`, or the reply itself when it holds one.
    private static func commands(of reply: [String: Value]) -> [[String: Value]] {
        reply["commands"]?.arrayValues?.compactMap(\.variantDictionary) ?? [reply]
    }

    /// The first of `commands` that makes a take.
    private static func firstTake(in commands: [[String: Value]]) -> [String: Value]? {
        commands.first { TakeIntents.contains($0["intent"]?.stringValue ?? "") }
    }

    /// True when the daemon reads `text` as the take `command` is, with the same values, and not by how its
    /// words sound: a sound-alike reading is a guess of its own (`UtteranceReading.heardNote` begins its dialog
    /// with "Heard '…' as '…'."), not a second recognizer agreeing.
    private func means(_ command: [String: Value], _ text: String) async -> Bool {
        guard let reply = try? await connection.client().intent(method: "Interpret", [.string(text), .bool(false)]),
              let take = Self.firstTake(in: Self.commands(of: reply)) else { return false }
        return take["intent"] == command["intent"] && take["slots"] == command["slots"]
            && !(take["dialog"]?.stringValue ?? "").hasPrefix("Heard '")
    }

    /// The recognizer of general English on the utterance (`Listener.secondOpinion`); nil when it heard nothing
    /// to compare, and nil with a line on stderr when it failed (the take is then asked about).
    private func secondOpinion(on heard: Heard) async -> SecondOpinion? {
        let listener = self.listener
        do { return try await Self.onThread { try listener.secondOpinion(on: heard) } } catch {
            FileHandle.standardError.write(Data("retrocam: no second opinion on the take, so it is asked about: \(error)\n".utf8))
            return nil
        }
    }

    /// Runs `body`, which blocks (pocketsphinx decoding), on a thread of its own.
    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// Decoding blocks for the length of the utterance: it runs on a thread of its own.
    private func hearOnThread(_ source: AudioSource, search: String, endpoint: Endpoint) async throws -> Heard {
        let listener = self.listener
        // On a microphone, say on stderr when to speak (scripts and tests wait for this line).
        let started: (@Sendable () -> Void)? = source.isFile ? nil : { @Sendable in
            FileHandle.standardError.write(Data("retrocam: listening…\n".utf8))
        }
        return try await Self.onThread { try listener.hear(source, search: search, endpoint: endpoint, onCapture: started) }
    }
}
