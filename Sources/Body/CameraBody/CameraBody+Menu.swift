import Foundation

/// The MENU rows: DATE IMPRINT, NEW TAPE, VIRTUAL CAMERA and SET CLOCK (five fields and the ADJUST jog).
/// Rows that show the clock need the real time, which the caller passes in (the body has no clock of its own).
extension CameraBody {
    /// Every MENU row as spoken at `now`, in `MenuRowID` order.
    public func menuRows(at now: Date) -> [MenuRow] { MenuRowID.allCases.map { menuRow($0, at: now) } }

    /// One MENU row as spoken at `now`.
    public func menuRow(_ id: MenuRowID, at now: Date) -> MenuRow {
        let value: String
        switch id {
        case .dateImprint: value = id.choices![menuChoice(id)!]
        case .virtualCamera: value = virtualCameraState.spoken
        case .insertTape: value = Spoken.tapeLeft(minutes: tapeMinutesLeft)
        case .adjust: value = selectedClockField.map { "\(menuRow(MenuRowID($0), at: now).description)" }
            ?? Self.selectClockFieldFirst
        default:
            let field = id.clockField!
            let number = clock.value(of: field, at: now)
            let text = field == .month ? Self.monthNames[number - 1] : (field == .minute ? String(format: "%02d", number) : "\(number)")
            value = selectedClockField == field ? "\(text), selected" : text
        }
        return MenuRow(id: id, name: id.name, value: value, hint: id.hint)
    }

    /// The choice a list row shows now, as an index into its `choices`; nil for other rows.
    public func menuChoice(_ id: MenuRowID) -> Int? {
        switch id {
        case .dateImprint: dateImprint ? 1 : 0
        case .virtualCamera: virtualCameraState == .on || virtualCameraState == .starting ? 1 : 0
        default: nil
        }
    }

    /// Why list row `id` shows what it does when that is not what was asked for: the virtual camera's
    /// failure to start; nil otherwise.
    public func menuReason(_ id: MenuRowID) -> String? {
        guard id == .virtualCamera, case .failed(let reason) = virtualCameraState else { return nil }
        return reason
    }

    /// The choice of list row `id` that `steps` swipes reach from the one it shows (wrapping round, up
    /// being positive); nil for other rows.
    public func menuChoice(_ id: MenuRowID, steppedBy steps: Int) -> Int? {
        guard let count = id.choices?.count, let current = menuChoice(id) else { return nil }
        return ((current + steps) % count + count) % count
    }

    /// The index of `choice` (any case) among list row `id`'s choices; a row with no choices, or a word
    /// that is none of them, is refused with a sentence that lists them.
    public static func menuChoice(named choice: String, of id: MenuRowID) throws(IntentError) -> Int {
        guard let choices = id.choices else {
            throw .notAllowed("\(id.name) is not a list row: it has no choices to choose from.")
        }
        let wanted = choice.trimmingCharacters(in: .whitespaces).lowercased()
        guard let index = choices.firstIndex(where: { $0.lowercased() == wanted }) else {
            let said = wanted.isEmpty ? "an empty choice" : "no choice called “\(Spoken.shortened(choice))”"
            throw .unsupported("\(id.name) has \(said). Choices: \(choices.joined(separator: ", ")).")
        }
        return index
    }

    /// Sets a list row whose value lives in the body (DATE IMPRINT) to its choice `index`. The virtual
    /// camera is a device of the daemon's, switched by the controller (this only refuses).
    public mutating func chooseMenu(_ id: MenuRowID, _ index: Int) throws(IntentError) {
        guard let choices = id.choices, choices.indices.contains(index) else {
            throw .notAllowed("\(id.name) has no choice number \(index + 1).")
        }
        switch id {
        case .dateImprint: dateImprint = index == 1
        default: throw .unsupported("\(id.name) is switched by the daemon, not by the body alone.")
        }
    }

    /// What the ADJUST jog says until a clock field is selected.
    public static let selectClockFieldFirst = "Select a clock field first"

    /// Selects the SET CLOCK field the ADJUST jog turns.
    public mutating func selectClockField(_ field: ClockField) {
        selectedClockField = field
    }

    /// Remembers whether the virtual camera is on (kept across restarts, like the dials).
    public mutating func setVirtualCamera(_ on: Bool) {
        virtualCamera = on
    }

    /// Turns DATE IMPRINT on or off.
    public mutating func setDateImprint(_ on: Bool) {
        dateImprint = on
    }

    /// The swipe on a MENU row: a list row steps through its choices, a clock field is selected and
    /// turned, the ADJUST jog turns the selected field. NEW TAPE is a button. Answers the row as spoken.
    public mutating func adjustMenu(_ id: MenuRowID, steps: Int, at now: Date) throws(IntentError) -> MenuRow {
        switch id {
        case .dateImprint, .virtualCamera:
            try chooseMenu(id, menuChoice(id, steppedBy: steps)!)
        case .insertTape:
            throw .notAllowed("New tape is a button: double tap it to put in a new tape.")
        case .adjust:
            guard let field = selectedClockField else { throw .notAllowed(Self.selectClockFieldFirst + ".") }
            try clock.adjust(field, by: steps, at: now)
        default:
            let field = id.clockField!
            selectedClockField = field
            try clock.adjust(field, by: steps, at: now)
        }
        return menuRow(id, at: now)
    }

    /// True when this body burns another date stamp than `other`, now or at a later minute (the camera
    /// keeps the stamp current from the body it was handed): DATE IMPRINT turned on or off, or the clock
    /// set while it is on.
    public func stampsDifferently(from other: CameraBody) -> Bool {
        dateImprint != other.dateImprint || (dateImprint && clock != other.clock)
    }

    /// The date stamp burnt into photos and clips at `now`, in the style of the DECADE's cameras; nil with
    /// DATE IMPRINT off. Film-era bodies print a date-back's `'86 11 29`, the 1980s and 1990s a camcorder's
    /// `6:40 PM` over `NOV.29 1986`, the 2000s on a digital `2006/11/29 18:40`.
    public func dateStamp(at now: Date) -> String? {
        guard dateImprint else { return nil }
        let calendar = CameraClock.calendar
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: clock.time(at: now))
        let (year, month, day) = (parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
        let (hour, minute) = (parts.hour ?? 0, parts.minute ?? 0)
        switch decade.year {
        case ..<1980:
            return String(format: "'%02d %2d %2d", year % 100, month, day)
        case 1980..<2000:
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            let shortMonth = Self.monthNames[month - 1].prefix(3).uppercased()
            return String(format: "%d:%02d %@\n%@.%d %d", twelve, minute, hour < 12 ? "AM" : "PM", String(shortMonth), day, year)
        default:
            return String(format: "%04d/%02d/%02d %02d:%02d", year, month, day, hour, minute)
        }
    }

    /// The months as spoken.
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]
}
