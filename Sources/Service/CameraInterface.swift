import Body
import BusNames
import DBus
import Intents

/// `org.retrocam.Camera1`: the body for screen readers and status bars — read-only properties
/// that emit PropertiesChanged, and the gestures of the seed's VoiceOver table.
enum CameraInterface {
    /// The whole interface as a table over `controller`; properties read from `snapshot`.
    /// `extra` adds rows served elsewhere (the preview's).
    static func table(_ controller: CameraController, snapshot: PropertySnapshot,
                      extra: (methods: [Method], properties: [Property]) = ([], [])) -> Interface {
        let properties = CameraProperties.rows.map { row in
            Property(row.name, row.signature) { snapshot[row.name] }
        } + extra.properties
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
            Method("Rock", in: [Argument("id", "s"), Argument("steps", "i")],
                   out: [Argument("description", "s")]) { call in
                let id = try call.string(0)
                let steps = Int(try call.int32(1))
                return [.string(try await mappingErrors { () async throws(IntentError) in
                    try await controller.rock(id, steps: steps)
                })]
            },
            Method("Activate", in: [Argument("id", "s")], out: [Argument("description", "s")]) { call in
                let id = try call.string(0)
                return [.string(try await mappingErrors { () async throws(IntentError) in
                    try await controller.activate(id)
                })]
            },
            Method("Shutter", in: [Argument("phase", "s")], out: [Argument("result", "a{sv}")]) { call in
                let name = try call.string(0)
                return [try await mappingErrors { () async throws(IntentError) in
                    try await controller.shutter(try ShutterPhase(named: name))
                }.bus]
            },
            Method("ListMenu", out: [Argument("rows", "a(ssss)")]) { _ in
                let rows = await controller.menuRows().map { row in
                    Value.structure([.string(row.id.rawValue), .string(row.name), .string(row.value), .string(row.hint)])
                }
                return [.array("(ssss)", rows)]
            },
            Method("SelectClockField", in: [Argument("field", "s")], out: [Argument("description", "s")]) { call in
                let field = try call.string(0)
                return [.string(try await mappingErrors { () async throws(IntentError) in
                    try await controller.selectClockField(field)
                })]
            },
            TakesMethod.row(controller),
        ] + extra.methods, properties: properties, signals: signals)
    }

    /// The signals: the self-timer's seconds, and takes the camera ended by itself.
    static let signals = [
        Signal("Countdown", [Argument("seconds_left", "i")]),
        Signal("TakeEnded", [Argument("path", "s"), Argument("dialog", "s")]),
    ]

    /// The signal an event is sent as: its name and arguments; nil for events that are not signals.
    static func signal(for event: CameraEvent) -> (name: String, args: [Value])? {
        switch event {
        case .countdown(let left): return ("Countdown", [.int32(Int32(clamping: left))])
        case .takeEnded(let path, let dialog): return ("TakeEnded", [.string(path ?? ""), .string(dialog)])
        case .recordingStarted, .takeSaved, .recordingStopped, .cameraAdded, .cameraRemoved: return nil
        }
    }
}
