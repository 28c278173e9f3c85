import Body
import DBus
import Intents

/// `org.retrocam.Camera1`: the body for screen readers and status bars — read-only properties
/// that emit PropertiesChanged, and the gestures of the seed's VoiceOver table.
enum CameraInterface {
    /// The whole interface as a table over `controller`; properties read from `snapshot`.
    static func table(_ controller: CameraController, snapshot: PropertySnapshot) -> Interface {
        let properties = CameraProperties.rows.map { row in
            Property(row.name, row.signature) { snapshot[row.name] }
        }
        return Interface(BusContract.cameraInterface, methods: [
            Method("ListControls", out: [Argument("controls", "a(ssss)")]) { _ in
                let rows = await controller.controls().map { control in
                    Value.structure([.string(control.id.rawValue), .string(control.name),
                                     .string(control.value), .string(control.hint)])
                }
                return [.array("(ssss)", rows)]
            },
            Method("Describe", in: [Argument("id", "s")], out: [Argument("description", "s")]) { call in
                let id = try call.string(0)
                return [.string(try await mappingErrors { () async throws(IntentError) in
                    try await controller.describe(id)
                })]
            },
            Method("Adjust", in: [Argument("id", "s"), Argument("steps", "i")],
                   out: [Argument("description", "s")]) { call in
                let id = try call.string(0)
                let steps = Int(try call.int32(1))
                return [.string(try await mappingErrors { () async throws(IntentError) in
                    try await controller.adjust(id, steps: steps)
                })]
            },
            Method("Activate", in: [Argument("id", "s")], out: [Argument("description", "s")]) { call in
                let id = try call.string(0)
                return [.string(try await mappingErrors { () async throws(IntentError) in
                    try await controller.activate(id)
                })]
            },
            Method("Shutter", in: [Argument("phase", "s")], out: [Argument("result", "a{sv}")]) { call in
                let phase = try call.string(0)
                return [try await mappingErrors { () async throws(IntentError) in
                    try await controller.shutter(phase)
                }.bus]
            },
        ], properties: properties)
    }
}
