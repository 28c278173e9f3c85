import Body

/// AdjustControl: relative changes ("zoom in", "a bit brighter", "next decade") through the same body path
/// as `Camera1.Adjust`, so the seed's rules hold (each control stops at its ends; EXPOSURE at -2 and +2).
extension CameraController {
    /// Turns the control by the steps as that many VoiceOver swipes would, and says where it ended.
    func adjust(_ adjustment: Adjustment) async throws(IntentError) -> IntentResult {
        let before = body
        _ = try await adjust(adjustment.control.rawValue, steps: adjustment.steps)
        let words = Self.adjustmentWords(adjustment, before: before, after: body)
        return IntentResult(dialog: words.done, value: Self.value(of: adjustment.control, in: body))
    }

    /// Resolve's answer for an adjustment: where the control would end, as a question.
    func adjustmentQuestion(_ adjustment: Adjustment) -> IntentResult {
        var after = body
        _ = try? after.adjust(adjustment.control, steps: adjustment.steps)
        let words = Self.adjustmentWords(adjustment, before: body, after: after)
        return IntentResult(dialog: words.question, value: Self.value(of: adjustment.control, in: after))
    }

    /// The control's value as a result reports it ("1980s", "Super 8", 7, 0.5, 2.0).
    static func value(of control: ControlID, in body: CameraBody) -> ParameterValue? {
        switch control {
        case .decade: return .string(body.decade.name)
        case .style: return .string(body.dialEntryName)
        case .degree: return .int(Int64(body.degree))
        case .exposure: return .double(body.exposure)
        case .zoom: return .double(body.zoom)
        default: return nil
        }
    }

    /// What an adjustment did ("Zoomed in to 1.5x.") and the question before doing it ("Zoom in to 1.5x?").
    static func adjustmentWords(_ adjustment: Adjustment, before: CameraBody, after: CameraBody) -> (done: String, question: String) {
        let up = adjustment.steps > 0
        let control = adjustment.control
        if value(of: control, in: before) == value(of: control, in: after) {
            let already = "\(Self.name(control, in: after)) is already at \(spoken(control, in: after)), as far as it goes."
            return (already, already)
        }
        let to = spoken(control, in: after)
        switch control {
        case .zoom:
            return (up ? "Zoomed in to \(to)." : "Zoomed out to \(to).", up ? "Zoom in to \(to)?" : "Zoom out to \(to)?")
        case .exposure:
            let stops = Spoken.stops(abs(after.exposure - before.exposure))
            return ("Exposure \(up ? "raised" : "lowered") \(stops), to \(to).", "\(up ? "Raise" : "Lower") the exposure \(stops), to \(to)?")
        case .degree:
            return ("Effect \(up ? "stronger" : "weaker"): degree \(to).", "Make the effect \(up ? "stronger" : "weaker"), degree \(to)?")
        case .decade:
            let caption = Wording.sentence(after.decade.caption)
            return ("Decade set to the \(to)" + (caption.isEmpty ? "." : ": \(caption)"),
                    "Turn the wheel \(up ? "forward" : "back") to the \(to)?")
        default:
            return ("\(after.dialName) set to \(to).", "Turn the dial to \(to)?")
        }
    }

    /// "Zoom", "Exposure", "Degree", "Decade", "Technology" or "Style".
    private static func name(_ control: ControlID, in body: CameraBody) -> String {
        switch control {
        case .style: return body.dialName
        default: return control.rawValue.prefix(1).uppercased() + control.rawValue.dropFirst()
        }
    }

    /// The control's value as said: "1.5x", "+0.5 EV", "7 of 12", "1980s", "Single 8".
    private static func spoken(_ control: ControlID, in body: CameraBody) -> String {
        switch control {
        case .zoom: return Spoken.zoom(body.zoom)
        case .exposure: return Spoken.exposure(body.exposure)
        case .degree: return "\(body.degree) of \(CameraBody.degreeRange.upperBound)"
        case .decade: return body.decade.name
        default: return body.dialEntryName
        }
    }
}
