import Body
import Foundation

/// How values are said aloud, shared by dialogs and error sentences.
public enum Wording {
    /// "1970s" for 1970.
    static func decadeName(_ year: Int) -> String { "\(year)s" }

    /// "Light" in CINE, "Flash" in STILL, as the seed's LIGHT / FLASH button says.
    static func lightName(_ body: CameraBody) -> String { body.mode == .still ? "Flash" : "Light" }

    /// A caption as the end of our own sentence: exactly one full stop.
    static func sentence(_ text: String) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while let last = trimmed.last, last == "." { trimmed.removeLast() }
        return trimmed.isEmpty ? "" : trimmed + "."
    }

    /// "a clip shorter than a second", "a 3-second clip", "a clip of 2 minutes 5 seconds".
    public static func clip(seconds duration: Double?) -> String {
        guard let duration, duration.isFinite, duration >= 0, duration < 1e9 else { return "a clip" }
        if duration < 1 { return "a clip shorter than a second" }
        let seconds = Int(duration.rounded())
        if seconds < 60 { return "a \(seconds)-second clip" }
        let minutes = seconds / 60, rest = seconds % 60
        let minutePart = minutes == 1 ? "1 minute" : "\(minutes) minutes"
        return rest == 0 ? "a clip of \(minutePart)" : "a clip of \(minutePart) \(rest) seconds"
    }
}
