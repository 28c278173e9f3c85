import Body
import DBus
import Foundation
import Synchronization

/// The `Camera1` properties, as read from a body. One row per property: name, type, and how
/// to read it; `Service` builds the property table and the PropertiesChanged diffs from it.
enum CameraProperties {
    /// A property's name, D-Bus type and reader.
    struct Row: Sendable {
        let name: String
        let signature: Signature
        let read: @Sendable (CameraBody) -> Value
    }

    /// Every property of `org.retrocam.Camera1`, in the contract's order. All emit PropertiesChanged.
    static let rows: [Row] = [
        Row(name: "Decade", signature: "s") { .string($0.decade.name) },
        Row(name: "Style", signature: "s") { .string($0.dialEntryName) },
        Row(name: "Degree", signature: "i") { .int32(Int32($0.degree)) },
        Row(name: "Mode", signature: "s") { .string($0.mode.rawValue) },
        Row(name: "Exposure", signature: "d") { .double($0.exposure) },
        Row(name: "Zoom", signature: "d") { .double($0.zoom) },
        Row(name: "Format", signature: "s") { .string($0.format.rawValue) },
        Row(name: "Timer", signature: "i") { .int32(Int32($0.timer)) },
        Row(name: "Light", signature: "b") { .bool($0.light) },
        Row(name: "Audio", signature: "s") { .string($0.audio.rawValue) },
        Row(name: "Facing", signature: "s") { .string($0.facing.rawValue) },
        Row(name: "Recording", signature: "b") { .bool($0.recording) },
        Row(name: "TapeMinutesLeft", signature: "d") { .double($0.tapeMinutesLeft) },
        Row(name: "UndoSecondsLeft", signature: "i") { .int32(Int32($0.undoSecondsLeft)) },
        Row(name: "RecoveredTakes", signature: "i") { .int32(Int32($0.recoveredTakes)) },
        Row(name: "LastTake", signature: "s") { .string($0.lastTakePath ?? "") },
        Row(name: "CameraOpen", signature: "b") { .bool($0.cameraOpen) },
        Row(name: "Cameras", signature: "a(sss)") { body in
            .array("(sss)", body.cameras.map { .structure([.string($0.id), .string($0.name), .string($0.facing)]) })
        },
        Row(name: "MenuOpen", signature: "b") { .bool($0.menuOpen) },
    ]

    /// Every property's value for `body`.
    static func values(of body: CameraBody) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0.read(body)) })
    }
}

/// The last published property values. Reads never wait for the controller (so a slow take
/// never delays `Properties.Get`), and each update yields only what changed.
final class PropertySnapshot: Sendable {
    private let values: Mutex<[String: Value]>

    /// Starts from `body`'s values.
    init(_ body: CameraBody) { values = Mutex(CameraProperties.values(of: body)) }

    /// The current value of `name`.
    subscript(name: String) -> Value {
        values.withLock { $0[name]! }
    }

    /// Stores `body`'s values and answers the ones that differ from before.
    func update(_ body: CameraBody) -> [String: Value] {
        let next = CameraProperties.values(of: body)
        return values.withLock { values in
            let changed = next.filter { values[$0.key] != $0.value }
            values = next
            return changed
        }
    }
}
