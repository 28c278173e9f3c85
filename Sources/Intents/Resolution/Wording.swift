import Body
import Foundation

/// How values are said aloud, shared by dialogs and error sentences.
enum Wording {
    /// "1970s" for 1970.
    static func decadeName(_ year: Int) -> String { "\(year)s" }

    /// "+1", "-0.5", "0".
    static func exposure(_ ev: Double) -> String {
        let magnitude = number(abs(ev))
        if ev > 0 { return "+" + magnitude }
        if ev < 0 { return "-" + magnitude }
        return "0"
    }

    /// "2.0x", "2.5x".
    static func zoom(_ zoom: Double) -> String {
        let tenths = (zoom * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)x"
    }

    /// A number without a needless ".0": "2", "1.5".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// "Light" in CINE, "Flash" in STILL, as the seed's LIGHT / FLASH button says.
    static func lightName(_ body: CameraBody) -> String { body.mode == .still ? "Flash" : "Light" }

    /// "a, b or c".
    static func list(_ items: [String], conjunction: String = "or") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }

    /// A caption as a clause: no trailing full stop, so it can end our own sentence.
    static func sentence(_ text: String) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while let last = trimmed.last, last == "." { trimmed.removeLast() }
        return trimmed.isEmpty ? "" : trimmed + "."
    }

    /// "12 minutes of tape left", "1 minute of tape left", "less than a minute of tape left".
    static func tape(_ minutes: Double) -> String {
        if minutes <= 0 { return "No tape left" }
        if minutes < 1 { return "Less than a minute of tape left" }
        let whole = Int(minutes.rounded(.down))
        return whole == 1 ? "1 minute of tape left" : "\(whole) minutes of tape left"
    }

    /// "a 3-second clip", "a clip of 2 minutes 5 seconds".
    static func clip(seconds duration: Double?) -> String {
        guard let duration, duration.isFinite, duration >= 0 else { return "a clip" }
        let seconds = Int(duration.rounded())
        if seconds < 60 { return "a \(seconds)-second clip" }
        let minutes = seconds / 60, rest = seconds % 60
        let minutePart = minutes == 1 ? "1 minute" : "\(minutes) minutes"
        return rest == 0 ? "a clip of \(minutePart)" : "a clip of \(minutePart) \(rest) seconds"
    }
}
