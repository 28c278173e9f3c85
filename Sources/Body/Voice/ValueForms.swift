/// The spoken forms of the numeric values and the decades, written out from the body's ranges and the
/// catalog: digits and words, "point", "and a half", signs, "x", "times", "seconds", the ways a decade is
/// said. The rows of `ControlTable` list them with the words of their own.
public enum ValueForms {
    /// The words zero to nineteen, by value.
    public static let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                               "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
                               "nineteen"]
    /// The tens words, twenty to ninety, keyed by word ("fourty" as it is often written).
    public static let tens: [String: Int] = ["twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50,
                                             "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90]

    /// The ends of a control: every `VoiceGestures.maximum` word for `max`, every `minimum` word for `min`.
    static func ends(max: String, min: String) -> [ValueWord] {
        ValueWord.forms(VoiceGestures.maximum, max) + ValueWord.forms(VoiceGestures.minimum, min)
    }

    /// DEGREE 1 … 12 in digits and words.
    static func degrees() -> [ValueWord] {
        CameraBody.degreeRange.flatMap { [ValueWord(String($0), String($0)), ValueWord(units[$0], String($0))] }
    }

    /// -2 … +2 EV in half stops: "minus one point five", "minus one and a half", "plus one", "zero", "-1.5",
    /// "+1", "minus 1", "1", and as a photographer says it: "half a stop under", "a stop and a half over".
    static func exposures() -> [ValueWord] {
        steps(CameraBody.exposureRange, CameraBody.exposureStep).flatMap { ev -> [ValueWord] in
            let value = String(ev == 0 ? 0 : ev)
            let sign = ev < 0 ? "minus " : ev > 0 ? "plus " : ""
            var magnitudes = [inWords(abs(ev)), number(abs(ev))]
            if abs(ev) > 1, ev != ev.rounded() { magnitudes += halves(abs(ev)) }
            var forms = magnitudes.map { ValueWord(sign + $0, value) } + [ValueWord(signed(ev), value)]
            if ev > 0 { forms += magnitudes.map { ValueWord($0, value) } }
            if ev != 0 { forms += stopsAside(abs(ev), magnitudes).map { ValueWord($0 + (ev < 0 ? " under" : " over"), value) } }
            return forms
        }
    }

    /// 1x … 4x in half steps: "two x", "two times", "2x", "2.0x", "2", "one point five".
    static func zooms() -> [ValueWord] {
        steps(CameraBody.zoomRange, CameraBody.zoomStep).flatMap { zoom -> [ValueWord] in
            let value = String(zoom), digits = number(zoom)
            // "two point five time": a learner's singular.
            return ([inWords(zoom)] + (zoom > 1 && zoom != zoom.rounded() ? halves(zoom) : [])).flatMap { words in
                [ValueWord("\(words) x", value), ValueWord("\(words) times", value), ValueWord("\(words) time", value), ValueWord(words, value)]
            } + [ValueWord("\(digits)x", value), ValueWord("\(value)x", value), ValueWord(digits, value)]
        }
    }

    /// The self-timer's seconds: "3 seconds", "three seconds", "3-second", "three", "10".
    static func timers() -> [ValueWord] {
        CameraBody.timerChoices.filter { $0 > 0 }.flatMap { seconds -> [ValueWord] in
            let value = String(seconds)
            return [value, units[seconds]].flatMap { said in
                [said + " seconds", said + " second", said + "-second", said + " sec", said].map { ValueWord($0, value) }
            }
        }
    }

    /// Every decade of `catalog`: "1970s", "1970's", "70s", "'70s", "70's", "seventies", "nineteen seventies",
    /// every year of it; then the names of eras, from `eras`.
    static func decades(_ catalog: Catalog, eras: [ValueWord]) -> [ValueWord] {
        let tensWords = [20: "twenties", 30: "thirties", 40: "forties", 50: "fifties", 60: "sixties", 70: "seventies",
                         80: "eighties", 90: "nineties"]
        var forms: [ValueWord] = []
        for decade in catalog.decades {
            let year = decade.year, name = decade.name, tens = year % 100
            var said = [name, "\(year)'s"]
            if year < 2000, let word = tensWords[tens] {
                said += ["\(tens)s", "'\(tens)s", "\(tens)'s", word, "nineteen \(word)"]
            }
            switch year {
            case 1900: said += ["nineteen hundreds"]
            case 1910: said += ["nineteen tens"]
            case 2000: said += ["two thousands", "noughties", "aughts"]
            case 2010: said += ["twenty tens", "teens"]
            case 2020: said += ["twenty twenties"]
            default: break
            }
            said += (year..<(year + 10)).map(String.init)
            said += eras.filter { $0.value == name }.map(\.spoken).sorted()
            forms += said.map { ValueWord($0, name) }
        }
        return forms
    }

    /// The positions of a range in steps.
    private static func steps(_ range: ClosedRange<Double>, _ step: Double) -> [Double] {
        let count = Int(((range.upperBound - range.lowerBound) / step).rounded())
        return (0...count).map { range.lowerBound + Double($0) * step }
    }

    /// 2.5 → "two and a half", "two and half" (as learners say it).
    /// `stops` said as stops beside the metered exposure, before "under" or "over": "half a stop", "one stop",
    /// "one and a half stops". (A value never begins with "a": the article is not read as part of it.)
    private static func stopsAside(_ stops: Double, _ magnitudes: [String]) -> [String] {
        switch stops {
        case 0.5: return ["half a stop"]
        case 1: return ["one stop", "1 stop"]
        default: return magnitudes.map { $0 + " stops" }
        }
    }

    private static func halves(_ number: Double) -> [String] {
        ["\(units[Int(number)]) and a half", "\(units[Int(number)]) and half"]
    }

    /// 1.5 → "one point five", 2 → "two".
    private static func inWords(_ number: Double) -> String {
        let whole = Int(number)
        return number == Double(whole) ? units[whole] : "\(units[whole]) point five"
    }

    /// A number without a needless ".0": "2", "1.5".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// "+1", "-0.5", "0".
    static func signed(_ value: Double) -> String {
        value > 0 ? "+" + number(value) : value < 0 ? "-" + number(-value) : "0"
    }
}
