/// A parameter or result value, as typed as the caller sent it (a D-Bus variant maps onto one of these).
public enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
    /// A string, resolved loosely ("seventies", "2x", "plus one").
    case string(String)
    /// A whole number.
    case int(Int64)
    /// A floating-point number.
    case double(Double)
    /// A truth value.
    case bool(Bool)

    /// The value as a person would read it.
    public var description: String {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        }
    }

    /// The name of the value's type, for error sentences ("a boolean").
    var typeName: String {
        switch self {
        case .string: return "a string"
        case .int: return "a whole number"
        case .double: return "a number"
        case .bool: return "a boolean"
        }
    }
}
