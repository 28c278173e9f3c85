import Body
import BusNames
import DBus
import Intents

/// `org.retrocam.Intents1`: one method per intent, then the generic ones. Every intent method
/// answers `a{sv}` with at least `dialog`.
enum IntentsInterface {
    /// The `a{sv}` every intent method answers.
    static let result = Arg<Value>("result", "a{sv}")
    /// The longest utterance (in UTF-8 bytes) an asking Interpret is matched for on the bus's dispatch
    /// thread: spoken commands are far shorter; a longer text (up to the matcher's 500) is matched in the
    /// lane, so reading the bus never waits on a long match.
    static let utteranceReadAtOnce = 200

    /// The whole interface as a table over `controller`.
    static func table(_ controller: CameraController) -> Interface {
        /// What the matcher reads in `utterance` (whether it films, and what it would do), its errors the bus's.
        @Sendable func read(_ utterance: String) throws -> UtteranceReading {
            try mappingErrorsNow { () throws(IntentError) in try controller.reading(of: utterance) }
        }
        return Interface(BusContract.intentsInterface, methods: IntentName.allCases.map { row($0, controller) } + [
            Method("ListIntents", returns: Arg<Value>("intents", "a(ssa(ssas)as)"), order: .anyOrder) {
                .array("(ssa(ssas)as)", CameraController.intents.map(\.bus))
            },
            Method("Perform", Arg<String>("name"), Arg<[String: Value]>("params"), returns: result,
                   captures: .when { name, _ in IntentName.matching(name)?.capturesOrDestroys ?? false }) { name, params in
                let parameters = try ParameterValue.parameters(params)
                return try await mappingErrors { () async throws(IntentError) in
                    try await controller.perform(name, parameters)
                }.bus
            },
            Method("Resolve", Arg<String>("name"), Arg<[String: Value]>("params"), returns: result) { name, params in
                let parameters = try ParameterValue.parameters(params)
                return try await mappingErrors { () async throws(IntentError) in
                    try await controller.resolve(name, parameters)
                }.bus
            },
            // Matched once: the reading says whether the utterance films, and only then is the caller asked for.
            Method("Interpret", Arg<String>("utterance"), Arg<Bool>("perform"), returns: result, captures: .askedByHandler,
                   atOnce: { utterance, perform in
                       // Asking performs nothing: a read, answered at once (a long text waits in the lane instead).
                       guard !perform, utterance.utf8.count <= Self.utteranceReadAtOnce else { return nil }
                       return CameraController.questions(of: try read(utterance)).bus
                   }) { utterance, perform in
                let reading = try read(utterance)
                let interpret: nonisolated(nonsending) @Sendable () async throws -> Value = {
                    try await mappingErrors { () async throws(IntentError) in
                        try await controller.interpret(reading, perform: perform)
                    }.bus
                }
                // A take heard only through a sound-alike is asked, not performed: no consent is needed to ask.
                guard perform, reading.capturesOrDestroys, !reading.asksFirst, let call = MethodCall.current else {
                    return try await interpret()
                }
                return try await call.admitted { try await interpret() }
            },
        ])
    }

    /// The method of one intent: its parameters as string arguments, and whether it films or destroys a take.
    /// A setting is made at once on the bus's dispatch thread when the controller can (`performAtOnce`).
    static func row(_ intent: IntentName, _ controller: CameraController) -> Method {
        let names = intent.parameterNames
        @Sendable func parameters(_ values: [String]) -> [String: ParameterValue] {
            Dictionary(uniqueKeysWithValues: zip(names, values.map(ParameterValue.string)))
        }
        @Sendable nonisolated(nonsending) func perform(_ values: [String]) async throws -> Value {
            try await mappingErrors { () async throws(IntentError) in try await controller.perform(intent, parameters(values)) }.bus
        }
        @Sendable func performAtOnce(_ values: [String]) throws -> Value? {
            try mappingErrorsNow { () throws(IntentError) in try controller.performAtOnce(intent, parameters(values)) }?.bus
        }
        func captures<T>() -> Capture<T> { intent.capturesOrDestroys ? .always : .never }
        switch names.count {
        case 0:
            return Method(intent.rawValue, returns: result, captures: captures()) { try await perform([]) }
        case 1:
            return Method(intent.rawValue, Arg<String>(names[0]), returns: result, captures: captures(),
                          atOnce: { value in try performAtOnce([value]) }) { value in
                try await perform([value])
            }
        default:
            precondition(names.count == 2, "\(intent.rawValue) has \(names.count) parameters; a row takes at most two")
            return Method(intent.rawValue, Arg<String>(names[0]), Arg<String>(names[1]), returns: result,
                          captures: captures()) { first, second in
                try await perform([first, second])
            }
        }
    }
}

extension IntentDescription {
    /// One `ListIntents` row: `(name, summary, [(parameter, type, choices)], phrases)`.
    var bus: Value {
        .structure([
            .string(name), .string(summary),
            .array("(ssas)", parameters.map { .structure([.string($0.name), .string($0.type), .strings($0.choices)]) }),
            .strings(phrases),
        ])
    }
}
