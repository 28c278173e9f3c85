/// What VoiceOver says for each control, worded exactly as the seed's table words it.
extension CameraBody {
    /// The seed's "How to use it" column, by control.
    public static func hint(_ id: ControlID) -> String {
        switch id {
        case .decade, .style, .degree, .exposure: "Swipe up or down"
        case .zoom: "Swipe up or down, 0.5× at a time"
        case .rec: "Double tap to start, double tap again to pause; in STILL, double tap to take a photo. "
            + "There is no press-and-hold."
        case .mode: "Double tap to change"
        case .format, .timer, .light, .audio, .library, .lastTake, .menu, .flip, .undo: "Double tap"
        case .counter: "Reads out the minutes of tape left"
        }
    }

    /// The spoken name, value and hint of one control as the body stands now.
    public func spoken(_ id: ControlID) -> SpokenControl {
        let (name, value) = nameAndValue(id)
        return SpokenControl(id: id, name: name, value: value, hint: Self.hint(id))
    }

    /// One spoken control per `ControlID`, in the seed's order.
    public var controls: [SpokenControl] { ControlID.allCases.map(spoken) }

    /// What a screen reader says for a control: "Degree, 7 of 12".
    public func describe(_ id: ControlID) -> String { spoken(id).description }

    private func nameAndValue(_ id: ControlID) -> (String, String) {
        switch id {
        case .decade: ("Decade", "\(decade.name), \(decade.caption)")
        case .style: (dialName, dialEntryName)
        case .degree: ("Degree", Spoken.degree(degree))
        case .rec: (recording ? "Stop" : (mode == .still ? "Shutter" : "Record"), "")
        case .mode: ("Mode", mode.rawValue)
        case .exposure: ("Exposure", Spoken.exposure(exposure))
        case .zoom: ("Zoom", Spoken.zoom(zoom))
        case .format: ("Format", mode == .cine ? format.rawValue : "CINE ONLY")
        case .timer: ("Self-timer", Spoken.timer(seconds: timer))
        case .light: (mode == .cine ? "Light" : "Flash", Spoken.onOff(light))
        case .audio: ("Audio", audio.rawValue)
        case .library: ("Library", recoveredTakes > 0 ? "Recovered takes available" : "")
        case .lastTake: ("Last take", "")
        case .menu: ("Menu", menuOpen ? "Open" : (isAdjusted ? "Adjusted" : ""))
        case .flip: ("Flip camera", "")
        case .undo: ("Undo", Spoken.undoLeft(seconds: undoSecondsLeft))
        case .counter: ("Tape counter", Spoken.tapeLeft(minutes: tapeMinutesLeft))
        }
    }
}
