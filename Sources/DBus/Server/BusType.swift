/// A Swift type that a method row's argument or result has on the wire, decoded and encoded in one place
/// so a handler receives typed values and never picks arguments out of a list by index.
public protocol BusType: Sendable {
    /// This value as the wire carries it.
    var busValue: Value { get }
    /// `value` as this type; nil when it is of another D-Bus type (the object server has already checked the
    /// call's signature against the row, so nil means the row and the type disagree).
    init?(busValue value: Value)
}

/// A `BusType` whose D-Bus type is always the same, so a row can name the argument without its signature.
public protocol FixedBusType: BusType {
    /// The D-Bus type, e.g. `s` for `String`.
    static var busSignature: Signature { get }
}

extension String: FixedBusType {
    public static var busSignature: Signature { "s" }
    public var busValue: Value { .string(self) }
    public init?(busValue value: Value) {
        guard case .string(let text) = value else { return nil }
        self = text
    }
}

extension Bool: FixedBusType {
    public static var busSignature: Signature { "b" }
    public var busValue: Value { .bool(self) }
    public init?(busValue value: Value) {
        guard case .bool(let flag) = value else { return nil }
        self = flag
    }
}

extension Int32: FixedBusType {
    public static var busSignature: Signature { "i" }
    public var busValue: Value { .int32(self) }
    public init?(busValue value: Value) {
        guard case .int32(let number) = value else { return nil }
        self = number
    }
}

extension UInt32: FixedBusType {
    public static var busSignature: Signature { "u" }
    public var busValue: Value { .uint32(self) }
    public init?(busValue value: Value) {
        guard case .uint32(let number) = value else { return nil }
        self = number
    }
}

extension Int64: FixedBusType {
    public static var busSignature: Signature { "x" }
    public var busValue: Value { .int64(self) }
    public init?(busValue value: Value) {
        guard case .int64(let number) = value else { return nil }
        self = number
    }
}

extension Double: FixedBusType {
    public static var busSignature: Signature { "d" }
    public var busValue: Value { .double(self) }
    public init?(busValue value: Value) {
        guard case .double(let number) = value else { return nil }
        self = number
    }
}

extension ObjectPath: FixedBusType {
    public static var busSignature: Signature { "o" }
    public var busValue: Value { .objectPath(self) }
    public init?(busValue value: Value) {
        guard case .objectPath(let path) = value else { return nil }
        self = path
    }
}

/// `as`.
extension Array: BusType where Element == String {}
extension Array: FixedBusType where Element == String {
    public static var busSignature: Signature { "as" }
    public var busValue: Value { .strings(self) }
    public init?(busValue value: Value) {
        guard case .array(_, let items) = value else { return nil }
        let strings = items.compactMap { item -> String? in
            if case .string(let text) = item { return text }
            return nil
        }
        guard strings.count == items.count else { return nil }
        self = strings
    }
}

/// `a{sv}`, each value taken out of its variant (the keys of a repeated entry: the last one wins).
extension Dictionary: BusType where Key == String, Value == DBus.Value {}
extension Dictionary: FixedBusType where Key == String, Value == DBus.Value {
    public static var busSignature: Signature { "a{sv}" }
    public var busValue: DBus.Value { .stringDict(self) }
    public init?(busValue value: DBus.Value) {
        guard case .dictionary(_, _, let entries) = value else { return nil }
        var result: [String: DBus.Value] = [:]
        for entry in entries {
            guard case .string(let key) = entry.key else { return nil }
            result[key] = entry.value.unwrapped
        }
        self = result
    }
}

/// Any value, for a row whose argument or result is a container the row spells out (`a(ssss)`, `v`).
extension Value: BusType {
    public var busValue: Value { self }
    public init?(busValue value: Value) { self = value }
}

/// One typed argument (or result) of a method row: its name and its Swift type, whose D-Bus type it has.
public struct Arg<T: BusType>: Sendable {
    /// The argument's name, shown in introspection.
    public let name: String
    /// Its D-Bus type.
    public let signature: Signature

    /// An argument of a fixed type: `Arg<String>("id")` is `s id`.
    public init(_ name: String) where T: FixedBusType {
        self.name = name
        signature = T.busSignature
    }

    /// An argument given as a `Value` of the type `signature` spells: `Arg<Value>("controls", "a(ssss)")`.
    public init(_ name: String, _ signature: Signature) where T == Value {
        self.name = name
        self.signature = signature
    }

    /// The untyped row argument.
    var argument: Argument { Argument(name, signature) }

    /// The call's argument as `T`; `InvalidArgs` when it is not one (a row that disagrees with its type).
    func decode(_ value: Value, of member: String) throws -> T {
        guard let typed = T(busValue: value) else {
            throw DBusError.invalidArgs("The argument \(name) of \(member) must be of type \"\(signature)\", not \"\(value.signature)\".")
        }
        return typed
    }
}
