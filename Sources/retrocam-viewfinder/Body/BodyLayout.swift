import Body
import CViewfinder
import DBus

/// Where a control sits on the body, what is engraved under it and how it is worked.
/// The words a screen reader says are not here: they come from the bus (`ListControls`).
struct ControlSpec: Sendable {
    /// The bus id (`Describe`, `Adjust`, `Activate`).
    let id: String
    /// Its kind, which sets its accessible role and its keys.
    let kind: VfKind
    /// The engraving under it.
    let engraving: String
    /// The Set* intent whose choices give the control's number and range (adjustables).
    var intent: String?
    /// The `Camera1` property holding its current value (adjustables and toggles).
    var property: String?
    /// The grid cell: column, row, width and height in cells.
    let cell: (column: Int32, row: Int32, width: Int32, height: Int32)
    /// The drawing's size in pixels.
    let size: (width: Int32, height: Int32)
}

/// The body, as the seed's camera is built: the DECADE wheel on the left, the TECHNOLOGY/STYLE and
/// DEGREE dials beside it, REC on the right with its red ring, the CINE/STILL lever and the EXPOSURE
/// and ZOOM rockers below, the mini buttons, then LIBRARY, LAST TAKE, MENU, FLIP, UNDO and the tape
/// counter. Every control, its cell, engraving, kind and intent come from Body's `ControlTable` (what
/// `ListControls` serves), in its order, which is also the Tab order; only the drawing is the viewfinder's.
enum BodyLayout {
    static let controls: [ControlSpec] = ControlTable.rows.map(ControlSpec.init(row:))

    /// The buttons drawn as switches, with whether their property's value shows them on: the lever at
    /// STILL, the light on.
    static let toggles: [ControlID: @Sendable (Value) -> Bool] = [
        .mode: { $0.stringValue == Mode.still.rawValue },
        .light: { $0.boolValue == true },
    ]

    /// Whether a toggle shows as on.
    static func isChecked(_ spec: ControlSpec, properties: [String: Value]) -> Bool {
        guard let id = ControlID(rawValue: spec.id), let isOn = toggles[id], let property = spec.property,
              let value = properties[property] else { return false }
        return isOn(value)
    }
}

extension ControlSpec {
    /// The control of one row of Body's table, drawn as its face says.
    init(row: ControlRow) {
        self.init(id: row.id.rawValue, kind: Self.kind(of: row), engraving: row.engraving,
                  intent: row.kind == .adjustable ? row.intents.set : nil, property: row.property,
                  cell: (Int32(row.cell.column), Int32(row.cell.row), Int32(row.cell.width), Int32(row.cell.height)),
                  size: Self.size(of: row))
    }

    /// How the viewfinder draws and works a row's face.
    static func kind(of row: ControlRow) -> VfKind {
        if BodyLayout.toggles[row.id] != nil { return VF_KIND_TOGGLE }
        switch row.face {
        case .wheel, .dial: return VF_KIND_DIAL
        case .shutter: return VF_KIND_SHUTTER
        case .lever: return VF_KIND_TOGGLE
        case .rocker: return VF_KIND_ROCKER
        case .miniButton, .button: return VF_KIND_BUTTON
        case .counter: return VF_KIND_READOUT
        }
    }

    /// The drawing's size in pixels at the normal text size: a dial two cells wide is the STYLE drum.
    static func size(of row: ControlRow) -> (width: Int32, height: Int32) {
        switch row.face {
        case .wheel: return (150, 150)
        case .dial: return row.cell.width > 1 ? (150, 64) : (64, 64)
        case .shutter: return (96, 96)
        case .lever: return (64, 56)
        case .rocker: return (76, 40)
        case .miniButton, .button: return (64, 36)
        case .counter: return (120, 36)
        }
    }
}
