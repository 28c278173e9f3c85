/// The words the body speaks for values, shared so every layer says them the same way.
public enum Spoken {
    /// An EV value as said and shown: "+1 EV", "0 EV", "-0.5 EV" (the one wording of exposure).
    public static func exposure(_ ev: Double) -> String { "\(exposureNumber(ev)) EV" }

    /// An EV value as a number with its sign, the way it is typed and listed as a choice: "+1", "0", "-0.5".
    public static func exposureNumber(_ ev: Double) -> String {
        let magnitude = number(abs(ev))
        if ev > 0 { return "+" + magnitude }
        if ev < 0 { return "-" + magnitude }
        return "0"
    }

    /// A change of exposure in stops, as a photographer says it: "half a stop", "a stop", "a stop and a half",
    /// "two stops", "two and a half stops".
    public static func stops(_ change: Double) -> String {
        let halves = Int((abs(change) * 2).rounded())
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight"]
        switch halves {
        case 1: return "half a stop"
        case 2: return "a stop"
        case 3: return "a stop and a half"
        default:
            let whole = halves / 2 < words.count ? words[halves / 2] : String(halves / 2)
            return halves % 2 == 0 ? "\(whole) stops" : "\(whole) and a half stops"
        }
    }

    /// A number without a needless ".0": "2", "1.5".
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// A zoom factor: "2.0x".
    public static func zoom(_ factor: Double) -> String { "\(oneDecimal(factor))x" }

    /// The self-timer: "Off", "3 seconds", "10 seconds" ("1 second").
    public static func timer(seconds: Int) -> String {
        seconds <= 0 ? "Off" : count(seconds, "second")
    }

    /// The DEGREE dial: "7 of 12".
    public static func degree(_ value: Int) -> String {
        "\(value) of \(CameraBody.degreeRange.upperBound)"
    }

    /// The tape counter: "12 minutes of tape left", "1 minute of tape left",
    /// "less than a minute of tape left", or "No tape left" when it has run out (0 or less).
    /// Whole minutes are rounded down.
    public static func tapeLeft(minutes: Double) -> String {
        guard !minutes.isNaN, minutes > 0 else { return "No tape left" }
        guard minutes >= 1 else { return "less than a minute of tape left" }
        let whole = minutes >= Double(Int.max / 2) ? Int.max / 2 : Int(minutes.rounded(.down))
        return "\(count(whole, "minute")) of tape left"
    }

    /// UNDO's value: "8 seconds left", "1 second left", or empty when the window has closed.
    public static func undoLeft(seconds: Int) -> String {
        seconds > 0 ? "\(count(seconds, "second")) left" : ""
    }

    /// On or off: "On", "Off".
    public static func onOff(_ on: Bool) -> String { on ? "On" : "Off" }

    /// "1 minute", "2 minutes": a count with its noun, singular for one.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// A caller's word cut to `limit` characters (and "…"), for a sentence that repeats it: a refusal of a
    /// huge or garbled value stays a sentence.
    public static func shortened(_ word: String, to limit: Int = 40) -> String {
        word.count > limit ? String(word.prefix(limit)) + "…" : word
    }

    /// A spoken list: "A", "A or B", "A, B or C" (with `conjunction` "and" for "A, B and C").
    public static func list(_ items: [String], conjunction: String = "or") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
        }
    }

    /// A non-negative value with one decimal place, without Foundation: 2 → "2.0", 0.5 → "0.5".
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
