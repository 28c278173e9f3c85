/// The rows of the MENU, SET CLOCK included, by their stable bus id (used with `Describe`, `Adjust`
/// and `Activate` next to the body's `ControlID`s, and listed by `ListMenu`).
public enum MenuRowID: String, CaseIterable, Sendable {
    /// DATE IMPRINT, a list row (Off, On): the date stamp on photos and clips.
    case dateImprint = "menu.date-imprint"
    /// NEW TAPE, a button: puts a fresh tape (film load, cassette) in the current technology.
    case insertTape = "menu.insert-tape"
    /// VIRTUAL CAMERA, a list row (Off, On): the looked picture published as a camera of the desktop.
    case virtualCamera = "menu.virtual-camera"
    /// SET CLOCK's year field.
    case clockYear = "clock.year"
    /// SET CLOCK's month field.
    case clockMonth = "clock.month"
    /// SET CLOCK's day field.
    case clockDay = "clock.day"
    /// SET CLOCK's hour field.
    case clockHour = "clock.hour"
    /// SET CLOCK's minute field.
    case clockMinute = "clock.minute"
    /// SET CLOCK's ADJUST jog: turns the selected clock field.
    case adjust = "adjust"

    /// The clock field this row shows, if it is one.
    public var clockField: ClockField? {
        switch self {
        case .clockYear: .year
        case .clockMonth: .month
        case .clockDay: .day
        case .clockHour: .hour
        case .clockMinute: .minute
        case .dateImprint, .insertTape, .virtualCamera, .adjust: nil
        }
    }

    /// The row of a clock field.
    public init(_ field: ClockField) {
        switch field {
        case .year: self = .clockYear
        case .month: self = .clockMonth
        case .day: self = .clockDay
        case .hour: self = .clockHour
        case .minute: self = .clockMinute
        }
    }

    /// The row's spoken name.
    public var name: String {
        switch self {
        case .dateImprint: "Date imprint"
        case .insertTape: "New tape"
        case .virtualCamera: "Virtual camera"
        case .adjust: "Adjust"
        default: clockField.map { "Clock \($0.rawValue)" } ?? rawValue
        }
    }

    /// The choices of a list row, in the order a swipe up steps through them; nil for other rows.
    public var choices: [String]? {
        switch self {
        case .dateImprint, .virtualCamera: ["Off", "On"]
        default: nil
        }
    }

    /// The intents a list row works through when its value is not the body's own (VIRTUAL CAMERA: the
    /// daemon's virtual camera); nil for a row the body sets by itself. The controller performs them and
    /// the caller gate reads them, so the row acts and captures as the intents do.
    public var intents: MenuRowIntents? {
        switch self {
        case .virtualCamera: MenuRowIntents(swipe: "ToggleVirtualCamera", choices: ["StopVirtualCamera", "StartVirtualCamera"])
        default: nil
        }
    }

    /// The row's hint, as the seed words it for MENU rows.
    public var hint: String {
        if choices != nil { return "Swipe up or down to change the value. Double tap to show the choices" }
        return switch self {
        case .insertTape: "Double tap to put in a new tape"
        case .adjust: "Swipe up or down to change the selected clock field"
        default: "Double tap to select, then swipe up or down or turn the ADJUST jog"
        }
    }
}

/// The intents a list row performs: a swipe that changes its choice, and the choosing of each choice.
public struct MenuRowIntents: Sendable, Equatable {
    /// What a swipe that changes the choice performs ("ToggleVirtualCamera").
    public let swipe: String
    /// What choosing each choice performs, in `choices` order ("StopVirtualCamera", "StartVirtualCamera").
    public let choices: [String]

    /// The intents of a row.
    public init(swipe: String, choices: [String]) {
        self.swipe = swipe
        self.choices = choices
    }
}

/// One MENU row as VoiceOver speaks it: id, name, value and hint (the same shape as a body control).
public struct MenuRow: Sendable, Equatable {
    /// Which row this is.
    public let id: MenuRowID
    /// "Date imprint", "Clock year".
    public let name: String
    /// "On", "2026", "Select a clock field first".
    public let value: String
    /// How to use it.
    public let hint: String

    /// What a screen reader says: name and value joined by ", ".
    public var description: String { value.isEmpty ? name : "\(name), \(value)" }
}
