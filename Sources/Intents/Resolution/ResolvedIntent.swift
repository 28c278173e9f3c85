import Body

/// An intent with its parameters read against the body: what perform, Resolve and Interpret act on.
enum ResolvedIntent: Equatable, Sendable {
    /// A Set* intent's value.
    case setting(Setting)
    /// AdjustControl's control and steps.
    case adjustment(Adjustment)
    /// An intent without parameters.
    case action

    /// The slots Interpret reports: `value` of a Set* intent, `control` and `steps` of AdjustControl.
    var slots: [String: ParameterValue] {
        switch self {
        case .setting(let setting): return [IntentParameter.value: setting.value]
        case .adjustment(let adjustment): return adjustment.slots
        case .action: return [:]
        }
    }
}

extension Resolver {
    /// Reads an intent's parameters (checked for unknown names first by the caller).
    func resolve(_ intent: IntentName, _ params: [String: ParameterValue]) throws(IntentError) -> ResolvedIntent {
        if let kind = intent.setting { return .setting(try resolve(kind, params[IntentParameter.value])) }
        if intent == .adjustControl {
            return .adjustment(try adjustment(control: params[IntentParameter.control], steps: params[IntentParameter.steps]))
        }
        return .action
    }
}
