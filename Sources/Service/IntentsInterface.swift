import BusNames
import DBus
import Intents

/// `org.retrocam.Intents1`: one method per intent, then the generic ones. Every intent method
/// answers `a{sv}` with at least `dialog`.
enum IntentsInterface {
    /// The whole interface as a table over `controller`.
    static func table(_ controller: CameraController) -> Interface {
        let result = Argument("result", "a{sv}")
        let perIntent = IntentName.allCases.map { intent in
            let names = intent.parameterNames
            return Method(intent.rawValue, in: names.map { Argument($0, "s") }, out: [result]) { call in
                var params: [String: ParameterValue] = [:]
                for (index, name) in names.enumerated() { params[name] = .string(try call.string(index)) }
                return [try await mappingErrors { () async throws(IntentError) in
                    try await controller.perform(intent, params)
                }.bus]
            }
        }
        return Interface(BusContract.intentsInterface, methods: perIntent + [
            Method("ListIntents", out: [Argument("intents", "a(ssa(ssas)as)")]) { _ in
                [.array("(ssa(ssas)as)", CameraController.intents.map(\.bus))]
            },
            Method("Perform", in: [Argument("name", "s"), Argument("params", "a{sv}")], out: [result]) { call in
                let name = try call.string(0)
                let params = try ParameterValue.parameters(try call.stringDict(1))
                return [try await mappingErrors { () async throws(IntentError) in
                    try await controller.perform(name, params)
                }.bus]
            },
            Method("Resolve", in: [Argument("name", "s"), Argument("params", "a{sv}")], out: [result]) { call in
                let name = try call.string(0)
                let params = try ParameterValue.parameters(try call.stringDict(1))
                return [try await mappingErrors { () async throws(IntentError) in
                    try await controller.resolve(name, params)
                }.bus]
            },
            Method("Interpret", in: [Argument("utterance", "s"), Argument("perform", "b")], out: [result]) { call in
                let utterance = try call.string(0)
                let perform = try call.bool(1)
                return [try await mappingErrors { () async throws(IntentError) in
                    try await controller.interpret(utterance, perform: perform)
                }.bus]
            },
        ])
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
