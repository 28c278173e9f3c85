/// Every control on the camera body, in the order of the seed's VoiceOver table, then the tape counter.
///
/// The raw value is the stable id used on the bus (`ListControls`, `Describe`, `Adjust`, `Activate`).
public enum ControlID: String, CaseIterable, Sendable {
    /// The DECADE wheel.
    case decade
    /// The TECHNOLOGY (CINE) / STYLE (STILL) dial.
    case style
    /// The DEGREE dial: how strongly the era shows, 1 to 12.
    case degree
    /// The REC button: record, stop, or the shutter in STILL.
    case rec
    /// The CINE/STILL mode lever.
    case mode
    /// The EXPOSURE rocker, −2…+2 EV.
    case exposure
    /// The ZOOM rocker, 1.0×…4.0×.
    case zoom
    /// The FORMAT mini button (CINE only).
    case format
    /// The self-TIMER mini button.
    case timer
    /// The LIGHT (CINE) / FLASH (STILL) mini button.
    case light
    /// The SOUND mini button.
    case audio
    /// The LIBRARY button.
    case library
    /// The LAST TAKE button.
    case lastTake = "last-take"
    /// The MENU button.
    case menu
    /// The FLIP button.
    case flip
    /// The UNDO button.
    case undo
    /// The tape counter; it only reads out.
    case counter
}

/// How a control is worked with VoiceOver.
public enum ControlKind: Sendable, Equatable {
    /// A dial or rocker: swipe up or down to turn it a step.
    case adjustable
    /// A button or switch: double tap it.
    case button
    /// A read-out that takes no gesture (the tape counter).
    case readout
}

extension ControlID {
    /// Whether this control is a dial, a button or a read-out (its row of `ControlTable` says).
    public var kind: ControlKind { row.kind }

    /// A name for the control that does not depend on the mode ("Technology or Style"), for error sentences.
    public var genericName: String { row.genericName }
}

/// What VoiceOver says for one control: its name, its value and how to use it.
public struct SpokenControl: Sendable, Equatable {
    /// Which control this is.
    public let id: ControlID
    /// The spoken name ("Degree", "Shutter", "Tape counter").
    public let name: String
    /// The spoken value ("7 of 12"); empty when the control has none.
    public let value: String
    /// The hint: the seed's "How to use it" column.
    public let hint: String

    /// Makes a spoken control from its parts.
    public init(id: ControlID, name: String, value: String, hint: String) {
        self.id = id
        self.name = name
        self.value = value
        self.hint = hint
    }

    /// What a screen reader says: name and value joined by ", " ("Degree, 7 of 12"), or just the name.
    public var description: String {
        value.isEmpty ? name : "\(name), \(value)"
    }
}

extension SpokenControl: CustomStringConvertible {}
