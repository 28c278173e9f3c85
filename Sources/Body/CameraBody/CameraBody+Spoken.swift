/// What VoiceOver says for each control, worded exactly as the seed's table words it.
extension CameraBody {
    /// The seed's "How to use it" column, by control (its row of `ControlTable`).
    public static func hint(_ id: ControlID) -> String { id.row.hint }

    /// The spoken name, value and hint of one control as the body stands now.
    public func spoken(_ id: ControlID) -> SpokenControl {
        SpokenControl(id: id, name: id.row.spokenName(on: self), value: value(id), hint: id.row.hint)
    }

    /// One spoken control per `ControlID`, in the seed's order.
    public var controls: [SpokenControl] { ControlID.allCases.map(spoken) }

    /// What a screen reader says for a control: "Degree, 7 of 12".
    public func describe(_ id: ControlID) -> String { spoken(id).description }

    /// What VoiceOver says for a control's value as the body stands now ("7 of 12"), empty when it has none.
    private func value(_ id: ControlID) -> String {
        switch id {
        case .decade: "\(decade.name), \(decade.caption)"
        case .style: dialEntryName
        case .degree: Spoken.degree(degree)
        case .rec, .lastTake, .flip: ""
        case .mode: mode.rawValue
        case .exposure: Spoken.exposure(exposure)
        case .zoom: Spoken.zoom(zoom)
        case .format: mode == .cine ? format.rawValue : "CINE ONLY"
        case .timer: Spoken.timer(seconds: timer)
        case .light: Spoken.onOff(light)
        case .audio: audio.rawValue
        case .library: recoveredTakes > 0 ? "Recovered takes available" : ""
        case .menu: menuOpen ? "Open" : (isAdjusted ? "Adjusted" : "")
        case .undo: Spoken.undoLeft(seconds: undoSecondsLeft)
        case .counter: Spoken.tapeLeft(minutes: tapeMinutesLeft)
        }
    }
}
