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
        let description = Arg<String>("description")
        return Interface(BusContract.cameraInterface, methods: [
            Method.read("ListControls", returns: Arg<Value>("controls", "a(ssss)")) {
                .array("(ssss)", controller.controls().map { control in
                    Value.structure([.string(control.id.rawValue), .string(control.name),
                                     .string(control.value), .string(control.hint)])
                })
            },
            Method.read("Describe", Arg<String>("id"), returns: description) { id in
                try mappingErrorsNow { () throws(IntentError) in try controller.describe(id) }
            },
            Method("Adjust", Arg<String>("id"), Arg<Int32>("steps"), returns: description,
                   captures: .when { id, steps in menuCaptures(id, steps: Int(steps)) }) { id, steps in
                try await mappingErrors { () async throws(IntentError) in try await controller.adjust(id, steps: Int(steps)) }
            },
            Method("Rock", Arg<String>("id"), Arg<Int32>("steps"), returns: description) { id, steps in
                try await mappingErrors { () async throws(IntentError) in try await controller.rock(id, steps: Int(steps)) }
            },
            Method("Activate", Arg<String>("id"), returns: description, captures: .when(activationCaptures)) { id in
                try await mappingErrors { () async throws(IntentError) in try await controller.activate(id) }
            },
            Method("Shutter", Arg<String>("phase"), returns: IntentsInterface.result, captures: .always) { name in
                try await mappingErrors { () async throws(IntentError) in
                    try await controller.shutter(try ShutterPhase(named: name))
                }.bus
            },
            Method("ListMenu", returns: Arg<Value>("rows", "a(ssss)")) {
                .array("(ssss)", await controller.menuRows().map { row in
                    Value.structure([.string(row.id.rawValue), .string(row.name), .string(row.value), .string(row.hint)])
                })
            },
            Method("Choose", Arg<String>("id"), Arg<String>("choice"), returns: description,
                   captures: .when { id, choice in menuCaptures(id, choice: choice) }) { id, choice in
                try await mappingErrors { () async throws(IntentError) in try await controller.chooseMenu(id, choice: choice) }
            },
            Method("SelectClockField", Arg<String>("field"), returns: description) { field in
                try await mappingErrors { () async throws(IntentError) in try await controller.selectClockField(field) }
            },
            TakesMethod.row(controller),
        ] + extra.methods, properties: properties, signals: signals)
    }

    /// True when `Activate(id)` films or destroys a take: when the control's own press intent does (REC's
    /// ToggleRecord, UNDO's Undo), as the control table says. The id is read as `CameraController.activate` reads it.
    @Sendable static func activationCaptures(_ id: String) -> Bool {
        guard let control = ControlID(rawValue: id) ?? ControlID(rawValue: id.lowercased()),
              let press = ControlTable.row(control).intents.press else { return false }
        return IntentName(rawValue: press)?.capturesOrDestroys ?? false
    }

    /// True when a MENU call works through an intent that captures, as the row's intents say (read by
    /// `CameraController.menuIntent`): the VIRTUAL CAMERA row's swipe and its "On".
    @Sendable static func menuCaptures(_ id: String, steps: Int? = nil, choice: String? = nil) -> Bool {
        CameraController.menuIntent(id, steps: steps, choice: choice)?.capturesOrDestroys ?? false
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
        case .recordingStarted, .takeSaved, .recordingStopped, .cameraAdded, .cameraRemoved, .virtualCameraRead: return nil
        }
    }
}
