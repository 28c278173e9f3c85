import Body

/// The numeric controls: DEGREE, EXPOSURE, ZOOM and TIMER.
///
/// Snapping rule (documented for callers): ZOOM and EXPOSURE accept any value inside their range and
/// snap it to the nearest 0.5 step, halves going up (2.3 → 2.5x, 2.25 → 2.5x, -0.3 → -0.5 EV);
/// a value outside the range is Unsupported rather than clamped, so "10x" is never silently 4x.
extension Resolver {
    /// "7", "seven", "7 of 12", "max", "min" (the dial's words in `ControlTable`), typed 5.
    func degree(_ value: ParameterValue) throws(IntentError) -> Setting {
        let range = CameraBody.degreeRange
        let number: Double
        switch value {
        case .int(let whole): number = Double(whole)
        case .double(let real): number = real
        case .bool: throw wrongType(.degree, value, expected: "a number from \(range.lowerBound) to \(range.upperBound)")
        case .string(let text):
            // Digits, as scripts and the dial's own cells send them: no words to read.
            if let whole = Int(text) {
                number = Double(whole)
                break
            }
            var said = words(text)
            if said.first == "degree" { said.removeFirst() }
            if said.count >= 3, said[said.count - 2] == "of", spokenNumber(Array(said.suffix(1))) == Double(range.upperBound) {
                said.removeLast(2)
            }
            guard let read = Self.named(said, of: .degree) ?? spokenNumber(said) else { throw .unsupported(allowed(.degree)) }
            number = read
        }
        guard number.isFinite, number == number.rounded(), number >= Double(range.lowerBound),
              number <= Double(range.upperBound) else { throw .unsupported(allowed(.degree)) }
        return .degree(Int(number))
    }

    /// "+1", "plus one", "-0.5", "minus one point five", "0", "zero", "+1 EV", "normal", "max"; snapped to 0.5.
    func exposure(_ value: ParameterValue) throws(IntentError) -> Setting {
        let range = CameraBody.exposureRange
        let number: Double
        switch value {
        case .int(let whole): number = Double(whole)
        case .double(let real): number = real
        case .bool: throw wrongType(.exposure, value, expected: "a number of EV")
        case .string(let text):
            var said = words(text)
            if let last = said.last, ["ev", "stop", "stops"].contains(last) { said.removeLast() }
            if let last = said.last, last.count > 2, last.hasSuffix("ev"), last.first != "e" {
                said[said.count - 1] = String(last.dropLast(2))
            }
            guard let read = Self.named(said, of: .exposure) ?? spokenNumber(said) else { throw .unsupported(allowed(.exposure)) }
            number = read
        }
        guard number.isFinite, range.contains(number) else { throw .unsupported(allowed(.exposure)) }
        return .exposure(Self.snapToHalf(number))
    }

    /// "2", "2x", "2.0x", "two times", "two x", "double", "x2"; snapped to 0.5 inside 1.0…4.0.
    func zoom(_ value: ParameterValue) throws(IntentError) -> Setting {
        let range = CameraBody.zoomRange
        let number: Double
        switch value {
        case .int(let whole): number = Double(whole)
        case .double(let real): number = real
        case .bool: throw wrongType(.zoom, value, expected: "a zoom factor")
        case .string(let text):
            var said = words(text)
            if let last = said.last, ["x", "times", "zoom"].contains(last) { said.removeLast() }
            if let last = said.last, let digits = Self.droppingUnit(last, units: ["x"]) { said[said.count - 1] = digits }
            if let first = said.first, first.count > 1, first.hasPrefix("x"), SpokenNumber.decimalDigits(String(first.dropFirst())) != nil {
                said[0] = String(first.dropFirst())
            }
            guard let read = Self.named(said, of: .zoom) ?? spokenNumber(said) else { throw .unsupported(allowed(.zoom)) }
            number = read
        }
        guard number.isFinite, range.contains(number) else { throw .unsupported(allowed(.zoom)) }
        return .zoom(Self.snapToHalf(number))
    }

    /// "off", "0", "3", "three", "ten seconds", "10s", "10 sec"; only the dial's values.
    func timer(_ value: ParameterValue) throws(IntentError) -> Setting {
        let number: Double
        switch value {
        case .int(let whole): number = Double(whole)
        case .double(let real): number = real
        case .bool: throw wrongType(.timer, value, expected: "a number of seconds (0, 3 or 10)")
        case .string(let text):
            var said = words(text)
            if let last = said.last, ["seconds", "second", "secs", "sec", "s", "timer"].contains(last) { said.removeLast() }
            if said.count == 1, let digits = Self.droppingUnit(said[0], units: ["seconds", "second", "secs", "sec", "s"]) {
                said = [digits]
            }
            guard let read = Self.named(said, of: .timer) ?? spokenNumber(said) else { throw .unsupported(allowed(.timer)) }
            number = read
        }
        guard number.isFinite, number == number.rounded(), abs(number) < 1e6,
              CameraBody.timerChoices.contains(Int(number)) else { throw .unsupported(allowed(.timer)) }
        return .timer(Int(number))
    }

    /// The number a control's own word names ("max", "double", "normal", "off"), from its row of `ControlTable`.
    static func named(_ said: [String], of control: ControlID) -> Double? {
        control.row.voice.value(of: said.joined(separator: " ")).flatMap(Double.init)
    }

    /// Rounds to the nearest 0.5, halves going away from zero.
    static func snapToHalf(_ value: Double) -> Double {
        let snapped = (value * 2).rounded(.toNearestOrAwayFromZero) / 2
        return snapped == 0 ? 0 : snapped   // no "-0"
    }

    /// "10s" → "10", "2.0x" → "2.0"; nil when the word is not digits followed by one of `units`.
    static func droppingUnit(_ word: String, units: [String]) -> String? {
        for unit in units where word.hasSuffix(unit) {
            let digits = word.dropLast(unit.count)
            if SpokenNumber.decimalDigits(String(digits)) != nil { return String(digits) }
        }
        return nil
    }
}
