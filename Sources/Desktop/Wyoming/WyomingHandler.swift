import Body
import Foundation
import Synchronization
import Intents

/// What the Wyoming endpoint answers, event by event, with the same controller the bus uses:
///
/// - `describe` → `info`: an intent program and a handle program, English, with the intents as models;
/// - `recognize` → `intent` (name, entities, the question `Resolve` would ask) or `not-recognized`;
/// - `transcript` → `handled` with the dialog, or `not-handled` with the refusal; a destructive command
///   (`SpokenConfirmation`) is not done at once: `handled` asks, and the next transcript from the same
///   user answers it while the take can still be undone (`SpokenConfirmation.answerDeadline`);
/// - `intent` (from another recognizer) → performed by name, `handled`/`not-handled`;
/// - `ping` → `pong`; anything else → `error` with code `unknown-event`.
public final class WyomingHandler: Sendable {
    private let controller: CameraController
    private let pending = Mutex<[uid_t: (utterance: String, deadline: Date)]>([:])
    private let now: @Sendable () -> Date

    /// Answers with `controller`; `now` is the clock the questions expire on.
    public init(controller: CameraController, now: @escaping @Sendable () -> Date = { Date() }) {
        self.controller = controller
        self.now = now
    }

    /// The events that answer `event` from `caller` (one, or none for events that need no answer).
    func respond(to event: WyomingEvent, from caller: SocketCaller) async -> [WyomingEvent] {
        switch event.type {
        case "describe": return [WyomingEvent("info", WyomingInfo.describe())]
        case "ping": return [WyomingEvent("pong", event.string("text").map { ["text": $0] } ?? [:])]
        case "recognize":
            guard let text = event.string("text") else { return [Self.missingText(event)] }
            return [await recognize(text)]
        case "transcript":
            guard let text = event.string("text") else { return [Self.missingText(event)] }
            return [await handle(text, caller: caller)]
        case "intent":
            guard let name = event.string("name") else { return [Self.missingText(event, field: "name")] }
            return [await perform(name, entities: event.data["entities"])]
        default:
            let shown = Spoken.shortened(event.type)
            return [WyomingEvent("error", ["text": "Retrocam does not answer '\(shown)' events; it answers describe, recognize, "
                                                + "transcript, intent and ping.", "code": "unknown-event"])]
        }
    }

    /// `recognize`: what the words mean, nothing done.
    private func recognize(_ text: String) async -> WyomingEvent {
        do {
            let meaning = try await controller.interpret(text, perform: false)
            var data: [String: Any] = ["name": meaning.intent]
            data["entities"] = meaning.slots.keys.sorted().map { ["name": $0, "value": Self.json(meaning.slots[$0]!)] }
            if let question = try? await controller.resolve(meaning.intent, meaning.slots) { data["text"] = question.dialog }
            var context: [String: Any] = ["confidence": meaning.confidence, "utterance": text]
            if !meaning.andThen.isEmpty {
                context["and_then"] = meaning.andThen.map { ["name": $0.intent, "slots": $0.slots.mapValues(Self.json)] }
            }
            data["context"] = context
            return WyomingEvent("intent", data)
        } catch {
            return WyomingEvent("not-recognized", ["text": error.message])
        }
    }

    /// `transcript`: done, or asked about first when destructive, or the answer to that question.
    private func handle(_ text: String, caller: SocketCaller) async -> WyomingEvent {
        let key = caller.uid ?? uid_t.max
        let waiting = pending.withLock { questions -> String? in
            defer { questions[key] = nil }
            guard let question = questions[key], question.deadline > now() else { return nil }
            return question.utterance
        }
        if let waiting, let yes = SpokenConfirmation.answer(text) {
            return yes ? await perform(utterance: waiting) : WyomingEvent("handled", ["text": "Cancelled: nothing done."])
        }
        do {
            let meaning = try await controller.interpret(text, perform: false)
            if let risky = meaning.commands.first(where: { SpokenConfirmation.needsConfirmation($0.intent) }) {
                let question = try await controller.resolve(risky.intent, risky.slots)
                let deadline = SpokenConfirmation.answerDeadline(undoSecondsLeft: await controller.body.undoSecondsLeft, from: now())
                pending.withLock { $0[key] = (text, deadline) }
                return WyomingEvent("handled", ["text": SpokenConfirmation.prompt(question.dialog)])
            }
        } catch {
            return WyomingEvent("not-handled", ["text": error.message])
        }
        return await perform(utterance: text)
    }

    /// Interprets and performs an utterance: `handled` with the dialogs of its commands, or `not-handled`.
    private func perform(utterance: String) async -> WyomingEvent {
        do {
            let done = try await controller.interpret(utterance, perform: true)
            let dialog = done.commands.compactMap { $0.result?.dialog }.filter { !$0.isEmpty }.joined(separator: " ")
            return WyomingEvent("handled", ["text": dialog])
        } catch {
            return WyomingEvent("not-handled", ["text": error.message])
        }
    }

    /// An `intent` event: performs the intent by name with its `value` entity.
    private func perform(_ name: String, entities: Any?) async -> WyomingEvent {
        var parameters: [String: ParameterValue] = [:]
        for entity in entities as? [[String: Any]] ?? [] {
            guard let key = entity["name"] as? String, let value = entity["value"].flatMap(Self.parameter) else { continue }
            parameters[key] = value
        }
        guard !SpokenConfirmation.needsConfirmation(name) else {
            return WyomingEvent("not-handled", ["text": "\(name) throws a take away: say it as a transcript, so it can be confirmed."])
        }
        do {
            let result = try await controller.perform(name, parameters)
            return WyomingEvent("handled", ["text": result.dialog])
        } catch {
            return WyomingEvent("not-handled", ["text": error.message])
        }
    }

    private static func missingText(_ event: WyomingEvent, field: String = "text") -> WyomingEvent {
        WyomingEvent("error", ["text": "A \(event.type) event needs a \"\(field)\" string in its data.", "code": "missing-\(field)"])
    }

    /// A parameter value as JSON.
    static func json(_ value: ParameterValue) -> Any {
        switch value {
        case .string(let text): return text
        case .int(let number): return number
        case .double(let number): return number
        case .bool(let flag): return flag
        }
    }

    /// A JSON value as a parameter (strings, numbers and booleans; anything else is dropped).
    static func parameter(_ value: Any) -> ParameterValue? {
        if isJSONBoolean(value), let flag = value as? Bool { return .bool(flag) }
        if let text = value as? String { return .string(text) }
        if let number = value as? Int { return .int(Int64(number)) }
        if let number = value as? Double { return .double(number) }
        return nil
    }
}
