import Body

/// A resolved value for one control: what a Set* intent will do.
enum Setting: Equatable, Sendable {
    case decade(Int)
    case dialEntry(DialChoice)
    case degree(Int)
    case mode(Mode)
    case exposure(Double)
    case zoom(Double)
    case format(FrameFormat)
    case timer(Int)
    case audio(AudioMode)
    case light(Bool)
    case facing(Facing)
    case dateImprint(Bool)

    /// The value a result reports: `.string("1970s")`, `.int(7)`, `.double(2.0)`, `.bool(true)`.
    var value: ParameterValue {
        switch self {
        case .decade(let year): return .string(Wording.decadeName(year))
        case .dialEntry(let choice): return .string(choice.entry.name)
        case .degree(let degree): return .int(Int64(degree))
        case .mode(let mode): return .string(mode.rawValue)
        case .exposure(let ev): return .double(ev)
        case .zoom(let zoom): return .double(zoom)
        case .format(let format): return .string(format.rawValue)
        case .timer(let seconds): return .int(Int64(seconds))
        case .audio(let audio): return .string(audio.rawValue)
        case .light(let on), .dateImprint(let on): return .bool(on)
        case .facing(let facing): return .string(facing.rawValue)
        }
    }

    /// The value of a numeric dial or rocker (DEGREE, EXPOSURE, ZOOM, the self-timer), else nil.
    var number: Double? {
        switch self {
        case .degree(let degree): return Double(degree)
        case .exposure(let ev): return ev
        case .zoom(let zoom): return zoom
        case .timer(let seconds): return Double(seconds)
        default: return nil
        }
    }

    /// True when the setting changes the picture, so the device must re-apply the look.
    var changesLook: Bool {
        switch self {
        case .timer, .audio: return false
        default: return true
        }
    }

    /// Applies the setting to a body; answers the notes worth saying first ("Switched to STILL.").
    func apply(to body: inout CameraBody) throws(IntentError) -> [String] {
        switch self {
        case .decade(let year): try body.setDecade(year: year)
        case .dialEntry(let choice): return try choice.apply(to: &body)
        case .degree(let degree): try body.setDegree(degree)
        case .mode(let mode): body.setMode(mode)
        case .exposure(let ev): try body.setExposure(ev)
        case .zoom(let zoom): try body.setZoom(zoom)
        case .format(let format): try body.setFormat(format)
        case .timer(let seconds): try body.setTimer(seconds: seconds)
        case .audio(let audio): body.setAudio(audio)
        case .light(let on): body.setLight(on)
        case .facing(let facing): body.setFacing(facing)
        case .dateImprint(let on): body.setDateImprint(on)
        }
        return []
    }

    /// The sentence said once the setting is applied to `body`.
    func dialog(after body: CameraBody) -> String {
        switch self {
        case .decade:
            let caption = Wording.sentence(body.decade.caption)
            return "Decade set to the \(body.decade.name)" + (caption.isEmpty ? "." : ": \(caption)")
        case .dialEntry(let choice): return "\(choice.dialName) set to \(choice.entry.name)."
        case .degree(let degree): return "Degree set to \(degree) of \(CameraBody.degreeRange.upperBound)."
        case .mode(let mode): return "Mode set to \(mode.rawValue)."
        case .exposure(let ev): return "Exposure set to \(Spoken.exposure(ev))."
        case .zoom(let zoom): return "Zoom set to \(Spoken.zoom(zoom))."
        case .format(let format): return "Format set to \(format.rawValue)."
        case .timer(let seconds): return seconds == 0 ? "Self-timer off." : "Self-timer set to \(seconds) seconds."
        case .audio(let audio): return "Audio set to \(audio.rawValue)."
        case .light(let on): return "\(Wording.lightName(body)) \(on ? "on" : "off")."
        case .facing(let facing): return "Using the \(facing.rawValue) camera."
        case .dateImprint(let on): return "Date imprint \(Spoken.onOff(on).lowercased())."
        }
    }

    /// The question an assistant asks before performing it (Resolve's dialog).
    var confirmation: String {
        switch self {
        case .decade(let year): return "Set the decade to the \(Wording.decadeName(year))?"
        case .dialEntry(let choice): return choice.confirmation
        case .degree(let degree): return "Set the degree to \(degree) of \(CameraBody.degreeRange.upperBound)?"
        case .mode(let mode): return "Switch to \(mode.rawValue)?"
        case .exposure(let ev): return "Set the exposure to \(Spoken.exposure(ev))?"
        case .zoom(let zoom): return "Zoom to \(Spoken.zoom(zoom))?"
        case .format(let format): return "Set the format to \(format.rawValue)?"
        case .timer(let seconds): return seconds == 0 ? "Turn the self-timer off?" : "Set the self-timer to \(seconds) seconds?"
        case .audio(let audio): return "Set the audio to \(audio.rawValue)?"
        case .light(let on): return "Turn the light \(on ? "on" : "off")?"
        case .facing(let facing): return "Switch to the \(facing.rawValue) camera?"
        case .dateImprint(let on): return "Turn the date imprint \(on ? "on" : "off")?"
        }
    }
}

extension SettingKind {
    /// The middle of a numeric control's range: a value said in words is "low" or "high" against it.
    var middle: Double? {
        switch self {
        case .degree: return Double(CameraBody.degreeRange.lowerBound + CameraBody.degreeRange.upperBound) / 2
        case .exposure: return (CameraBody.exposureRange.lowerBound + CameraBody.exposureRange.upperBound) / 2
        case .zoom: return (CameraBody.zoomRange.lowerBound + CameraBody.zoomRange.upperBound) / 2
        case .timer: return 5
        default: return nil
        }
    }
}
