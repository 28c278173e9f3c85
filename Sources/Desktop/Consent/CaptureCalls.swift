import Body
import BusNames
import DBus
import Intents
import Service

/// Which bus calls film, show the live picture or destroy a take, so they need to know the caller: one table for the three
/// interfaces. Every other call (settings, descriptions, PauseClip, properties) runs for anyone.
enum CaptureCalls {
    /// How a method row decides.
    enum Rule: Sendable {
        /// The call always captures or destroys (TakePhoto, Shutter, RunShortcut, …).
        case always
        /// `Perform(name, …)`: when the intent named by argument 1 does.
        case namedIntent
        /// `Activate(id)`: when the control is REC or UNDO.
        case control
        /// `Interpret(utterance, perform)`: when performing and a command of the utterance does.
        case utterance
    }

    /// Interface → member → rule.
    static let table: [String: [String: Rule]] = [
        BusContract.intentsInterface: Dictionary(uniqueKeysWithValues:
            IntentName.allCases.filter(\.capturesOrDestroys).map { ($0.rawValue, Rule.always) }
            + [("Perform", .namedIntent), ("Interpret", .utterance)]),
        // OpenPreview hands out the live picture: seeing through the camera needs the same consent.
        BusContract.cameraInterface: ["Shutter": .always, "Activate": .control, "OpenPreview": .always],
        BusContract.shortcutsInterface: ["RunShortcut": .always, "RunStep": .always, "PressAction": .always, "ReleaseAction": .always,
                                      "SetAction": .always, "InstallHotkeys": .always],
    ]

    /// The controls whose double tap films or destroys.
    static let capturingControls: Set<ControlID> = [.rec, .undo]

    /// True when `call` films or destroys a take (an utterance is matched, never performed, to tell).
    static func captures(_ call: MethodCall, controller: CameraController) async -> Bool {
        guard let rule = table[call.interface]?[call.member] else { return false }
        switch rule {
        case .always:
            return true
        case .namedIntent:
            guard let name = call.arguments.first?.stringValue else { return false }
            return IntentName.matching(name)?.capturesOrDestroys ?? false
        case .control:
            guard let id = call.arguments.first?.stringValue,
                  let control = ControlID(rawValue: id) ?? ControlID(rawValue: id.lowercased()) else { return false }
            return capturingControls.contains(control)
        case .utterance:
            guard let utterance = call.arguments.first?.stringValue, call.arguments.count > 1,
                  call.arguments[1].boolValue == true else { return false }
            guard let reading = try? await controller.interpret(utterance, perform: false) else { return false }
            return reading.commands.contains { IntentName.matching($0.intent)?.capturesOrDestroys ?? false }
        }
    }
}
