import Body

/// A relative change of an adjustable control: the swipes `Camera1.Adjust` makes, up being positive.
struct Adjustment: Equatable, Sendable {
    /// The control turned: decade, style (the dial), degree, exposure or zoom.
    let control: ControlID
    /// How many swipes, up (positive) or down; never 0.
    let steps: Int

    /// The slots Interpret reports: `control` ("zoom") and `steps` (+1).
    var slots: [String: ParameterValue] {
        [IntentParameter.control: .string(control.rawValue), IntentParameter.steps: .int(Int64(steps))]
    }
}

/// AdjustControl's parameters: which control, and how many steps.
extension Resolver {
    /// The controls a swipe turns, in the seed's order.
    static let adjustableControls: [ControlID] = ControlTable.adjustable.map(\.id)

    /// What people call each adjustable control, besides its id (its names in `ControlTable`).
    static let controlWords: [ControlID: Set<String>] = Dictionary(
        uniqueKeysWithValues: ControlTable.adjustable.map { ($0.id, Set($0.voiceNames)) })

    /// Most steps one call may ask for (the longest dial, the wheel, has 13 positions).
    static let maximumSteps = 100

    /// Reads AdjustControl's `control` and `steps`.
    func adjustment(control: ParameterValue?, steps: ParameterValue?) throws(IntentError) -> Adjustment {
        let controls = Spoken.list(Self.adjustableControls.map(\.rawValue))
        guard let control, !control.isBlank else { throw .needsValue("Which control? \(controls.prefix(1).uppercased() + controls.dropFirst()).") }
        guard case .string(let name) = control else {
            throw .invalidArguments("The control takes the name of a control, not \(control.typeName).")
        }
        // Refuse long text before reading it, as every value is (a megabyte costs nothing).
        guard name.utf8.count <= Phrase.maximumLength else { throw .unsupported("AdjustControl turns the \(controls).") }
        let said = words(name).joined(separator: " ")
        guard let id = Self.adjustableControls.first(where: { $0.rawValue == said || Self.controlWords[$0]?.contains(said) == true }) else {
            throw .unsupported("AdjustControl turns the \(controls).")
        }
        guard let steps, !steps.isBlank else { throw .needsValue("How many steps? +1 is one step up, -1 one step down.") }
        return Adjustment(control: id, steps: try stepCount(steps))
    }

    /// "+1", "-2", "two", "minus one", "up", "down", typed 3; not 0, at most 100 either way.
    private func stepCount(_ value: ParameterValue) throws(IntentError) -> Int {
        let limit = Self.maximumSteps
        let outOfRange = IntentError.unsupported("Steps go from -\(limit) to +\(limit), and are not 0.")
        let number: Double
        switch value {
        case .int(let whole): number = Double(whole)
        case .double(let real): number = real
        case .bool: throw .invalidArguments("The steps take a whole number such as +1 or -2, not a boolean.")
        case .string(let text):
            guard text.utf8.count <= Phrase.maximumLength else { throw outOfRange }
            let said = words(text)
            switch said {
            case ["up"], ["more"], ["in"], ["forward"], ["next"], ["higher"]: number = 1
            case ["down"], ["less"], ["out"], ["back"], ["previous"], ["lower"]: number = -1
            default:
                guard let read = spokenNumber(said) else { throw outOfRange }
                number = read
            }
        }
        guard number.isFinite, number == number.rounded(), number != 0, abs(number) <= Double(limit) else { throw outOfRange }
        return Int(number)
    }
}

extension ParameterValue {
    /// True for an empty or all-blank string.
    var isBlank: Bool {
        if case .string(let text) = self { return text.allSatisfy(\.isWhitespace) }
        return false
    }
}
