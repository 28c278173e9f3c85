/// Short constructors and typed accessors for `Value`.
///
/// The accessors look through variants, so `.variant(.string("x")).stringValue` is `"x"`:
/// a client reading a property or an `a{sv}` entry rarely cares about the wrapping.
extension Value {
    /// A string value (`s`).
    public init(_ string: String) { self = .string(string) }

    /// An array of strings (`as`).
    public static func strings(_ items: [String]) -> Value { .array("s", items.map(Value.string)) }

    /// An `a{sv}` dictionary with every value wrapped in a variant, keys sorted for a stable wire order.
    public static func stringDict(_ items: [String: Value]) -> Value {
        .dictionary(key: "s", value: "v", items.keys.sorted().map { DictEntry(key: .string($0), value: .variant(items[$0]!)) })
    }

    /// An `a{sv}` dictionary keeping the given order of entries.
    public static func orderedStringDict(_ items: [(String, Value)]) -> Value {
        .dictionary(key: "s", value: "v", items.map { DictEntry(key: .string($0.0), value: .variant($0.1)) })
    }

    /// The value inside any number of variant wrappers.
    public var unwrapped: Value {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The string of an `s`, `o` or `g` value.
    public var stringValue: String? {
        switch unwrapped {
        case .string(let s): return s
        case .objectPath(let p): return p.rawValue
        case .signature(let g): return g.rawValue
        default: return nil
        }
    }

    /// The number of an `i` value (or a smaller integer that fits).
    public var int32Value: Int32? {
        switch unwrapped {
        case .int32(let v): return v
        case .int16(let v): return Int32(v)
        case .uint16(let v): return Int32(v)
        case .byte(let v): return Int32(v)
        default: return nil
        }
    }

    /// The number of a `u` value (or a smaller unsigned integer).
    public var uint32Value: UInt32? {
        switch unwrapped {
        case .uint32(let v): return v
        case .uint16(let v): return UInt32(v)
        case .byte(let v): return UInt32(v)
        default: return nil
        }
    }

    /// The number of any integer value that fits in an `Int64`.
    public var int64Value: Int64? {
        switch unwrapped {
        case .int64(let v): return v
        case .uint64(let v): return Int64(exactly: v)
        case .int32(let v): return Int64(v)
        case .uint32(let v): return Int64(v)
        case .int16(let v): return Int64(v)
        case .uint16(let v): return Int64(v)
        case .byte(let v): return Int64(v)
        default: return nil
        }
    }

    /// The number of a `d` value, or of any integer value.
    public var doubleValue: Double? {
        if case .double(let d) = unwrapped { return d }
        return int64Value.map(Double.init)
    }

    /// The truth of a `b` value.
    public var boolValue: Bool? {
        if case .bool(let b) = unwrapped { return b }
        return nil
    }

    /// The elements of an array value.
    public var arrayValues: [Value]? {
        if case .array(_, let items) = unwrapped { return items }
        return nil
    }

    /// The strings of an `as` value.
    public var stringArray: [String]? {
        arrayValues.flatMap { items in
            let strings = items.compactMap(\.stringValue)
            return strings.count == items.count ? strings : nil
        }
    }

    /// The fields of a structure value.
    public var structureFields: [Value]? {
        if case .structure(let fields) = unwrapped { return fields }
        return nil
    }

    /// The entries of a dictionary value, in wire order.
    public var dictionaryEntries: [DictEntry]? {
        if case .dictionary(_, _, let entries) = unwrapped { return entries }
        return nil
    }

    /// An `a{sv}` (or any string-keyed dictionary) as a Swift dictionary, variants unwrapped.
    public var variantDictionary: [String: Value]? {
        guard case .dictionary(let key, _, let entries) = unwrapped, key == "s" else { return nil }
        var result: [String: Value] = [:]
        for entry in entries {
            guard case .string(let k) = entry.key else { return nil }
            result[k] = entry.value.unwrapped
        }
        return result
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral {
    /// A string literal is an `s`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal is an `i`.
    public init(integerLiteral value: Int32) { self = .int32(value) }
    /// A boolean literal is a `b`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A floating-point literal is a `d`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension Value: CustomStringConvertible {
    /// A compact, readable rendering close to `busctl`'s: `s "hi"`, `a{sv} {"k": v i 1}`.
    public var description: String {
        switch self {
        case .byte(let v): return "y \(v)"
        case .bool(let v): return "b \(v)"
        case .int16(let v): return "n \(v)"
        case .uint16(let v): return "q \(v)"
        case .int32(let v): return "i \(v)"
        case .uint32(let v): return "u \(v)"
        case .int64(let v): return "x \(v)"
        case .uint64(let v): return "t \(v)"
        case .double(let v): return "d \(v)"
        case .string(let v): return "s \"\(v)\""
        case .objectPath(let v): return "o \"\(v)\""
        case .signature(let v): return "g \"\(v)\""
        case .unixFD(let v): return "h \(v)"
        case .variant(let v): return "v \(v)"
        case .array(let element, let items): return "a\(element) [" + items.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let k, let v, let entries):
            return "a{\(k)\(v)} {" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .structure(let fields): return "(" + fields.map(\.description).joined(separator: ", ") + ")"
        }
    }
}
