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

    /// Every property's value for `body`, in the rows' order.
    static func values(of body: CameraBody) -> [Value] {
        rows.map { $0.read(body) }
    }

    /// Each property's place in `rows`.
    static let places = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.name, $0) })
}

/// The last published property values. Reads never wait for the controller (so a slow take
/// never delays `Properties.Get`), and each update yields only what changed.
final class PropertySnapshot: Sendable {
    /// In `CameraProperties.rows`' order.
    private let values: Mutex<[Value]>

    /// Starts from `body`'s values.
    init(_ body: CameraBody) { values = Mutex(CameraProperties.values(of: body)) }

    /// The current value of `name`.
    subscript(name: String) -> Value {
        let place = CameraProperties.places[name]!
        return values.withLock { $0[place] }
    }

    /// Stores `body`'s values and answers the ones that differ from before, compared row by row.
    func update(_ body: CameraBody) -> [String: Value] {
        let next = CameraProperties.values(of: body)
        let changed = values.withLock { values -> [Int] in
            defer { values = next }
            return next.indices.filter { values[$0] != next[$0] }
        }
        return Dictionary(uniqueKeysWithValues: changed.map { (CameraProperties.rows[$0].name, next[$0]) })
    }
}
