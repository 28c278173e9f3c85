import DBus
import CViewfinder

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
/// counter. In the seed's order, which is also the Tab order.
enum BodyLayout {
    static let controls: [ControlSpec] = [
        ControlSpec(id: "decade", kind: VF_KIND_DIAL, engraving: "DECADE", intent: "SetDecade", property: "Decade",
                    cell: (0, 0, 2, 2), size: (150, 150)),
        ControlSpec(id: "style", kind: VF_KIND_DIAL, engraving: "TECHNOLOGY · STYLE", intent: "SetStyle", property: "Style",
                    cell: (2, 0, 2, 1), size: (150, 64)),
        ControlSpec(id: "degree", kind: VF_KIND_DIAL, engraving: "DEGREE", intent: "SetDegree", property: "Degree",
                    cell: (4, 0, 1, 1), size: (64, 64)),
        ControlSpec(id: "rec", kind: VF_KIND_SHUTTER, engraving: "REC", property: "Recording",
                    cell: (5, 0, 1, 2), size: (96, 96)),
        ControlSpec(id: "mode", kind: VF_KIND_TOGGLE, engraving: "CINE · STILL", property: "Mode",
                    cell: (2, 1, 1, 1), size: (64, 56)),
        ControlSpec(id: "exposure", kind: VF_KIND_ROCKER, engraving: "EXPOSURE", intent: "SetExposure", property: "Exposure",
                    cell: (3, 1, 1, 1), size: (76, 40)),
        ControlSpec(id: "zoom", kind: VF_KIND_ROCKER, engraving: "ZOOM", intent: "SetZoom", property: "Zoom",
                    cell: (4, 1, 1, 1), size: (76, 40)),
        ControlSpec(id: "format", kind: VF_KIND_BUTTON, engraving: "FORMAT", cell: (0, 2, 1, 1), size: (64, 36)),
        ControlSpec(id: "timer", kind: VF_KIND_BUTTON, engraving: "TIMER", cell: (1, 2, 1, 1), size: (64, 36)),
        ControlSpec(id: "light", kind: VF_KIND_TOGGLE, engraving: "LIGHT · FLASH", property: "Light",
                    cell: (2, 2, 1, 1), size: (64, 36)),
        ControlSpec(id: "audio", kind: VF_KIND_BUTTON, engraving: "SOUND", cell: (3, 2, 1, 1), size: (64, 36)),
        ControlSpec(id: "library", kind: VF_KIND_BUTTON, engraving: "LIBRARY", cell: (0, 3, 1, 1), size: (64, 36)),
        ControlSpec(id: "last-take", kind: VF_KIND_BUTTON, engraving: "LAST TAKE", cell: (1, 3, 1, 1), size: (64, 36)),
        ControlSpec(id: "menu", kind: VF_KIND_BUTTON, engraving: "MENU", cell: (2, 3, 1, 1), size: (64, 36)),
        ControlSpec(id: "flip", kind: VF_KIND_BUTTON, engraving: "FLIP", cell: (3, 3, 1, 1), size: (64, 36)),
        ControlSpec(id: "undo", kind: VF_KIND_BUTTON, engraving: "UNDO", cell: (4, 3, 1, 1), size: (64, 36)),
        ControlSpec(id: "counter", kind: VF_KIND_READOUT, engraving: "TAPE", property: "TapeMinutesLeft",
                    cell: (4, 2, 2, 1), size: (120, 36)),
    ]

    /// Whether a toggle shows as on: the lever at STILL, the light on.
    static func isChecked(_ id: String, properties: [String: Value]) -> Bool {
        switch id {
        case "mode": properties["Mode"]?.stringValue == "Still"
        case "light": properties["Light"]?.boolValue == true
        default: false
        }
    }
}
