/// One D-Bus value of any type, as it travels on the wire.
///
/// Containers carry their element signatures so that empty arrays and dictionaries still
/// have a type: `.array("s", [])` is an empty `as`.
public indirect enum Value: Sendable, Hashable {
    /// `y`: an unsigned byte.
    case byte(UInt8)
    /// `b`: a boolean.
    case bool(Bool)
    /// `n`: a signed 16-bit integer.
    case int16(Int16)
    /// `q`: an unsigned 16-bit integer.
    case uint16(UInt16)
    /// `i`: a signed 32-bit integer.
    case int32(Int32)
    /// `u`: an unsigned 32-bit integer.
    case uint32(UInt32)
    /// `x`: a signed 64-bit integer.
    case int64(Int64)
    /// `t`: an unsigned 64-bit integer.
    case uint64(UInt64)
    /// `d`: an IEEE 754 double.
    case double(Double)
    /// `s`: a UTF-8 string without NUL characters.
    case string(String)
    /// `o`: an object path.
    case objectPath(ObjectPath)
    /// `g`: a type signature.
    case signature(Signature)
    /// `v`: a value that carries its own type.
    case variant(Value)
    /// `aT`: an array whose elements all have the single complete type `element`.
    case array(Signature, [Value])
    /// `a{KV}`: a dictionary; entries keep their order on the wire.
    case dictionary(key: Signature, value: Signature, [DictEntry])
    /// `(…)`: a structure of one or more fields.
    case structure([Value])
    /// `h`: a Unix file descriptor, sent as a duplicate. A method handler's are open while it runs and closed
    /// by the object server after it; in replies and signals they are closed on receipt and read as -1.
    case unixFD(Int32)

    /// The value's single complete type signature, for example `a{sv}` or `(ssss)`.
    public var signature: Signature { Signature(types: [signatureType]) }

    var signatureType: SignatureType {
        switch self {
        case .byte: return .basic(UInt8(ascii: "y"))
        case .bool: return .basic(UInt8(ascii: "b"))
        case .int16: return .basic(UInt8(ascii: "n"))
        case .uint16: return .basic(UInt8(ascii: "q"))
        case .int32: return .basic(UInt8(ascii: "i"))
        case .uint32: return .basic(UInt8(ascii: "u"))
        case .int64: return .basic(UInt8(ascii: "x"))
        case .uint64: return .basic(UInt8(ascii: "t"))
        case .double: return .basic(UInt8(ascii: "d"))
        case .string: return .basic(UInt8(ascii: "s"))
        case .objectPath: return .basic(UInt8(ascii: "o"))
        case .signature: return .basic(UInt8(ascii: "g"))
        case .unixFD: return .basic(UInt8(ascii: "h"))
        case .variant: return .variant
        case .array(let element, _): return .array(Value.single(element))
        case .dictionary(let key, let value, _): return .dictionary(key: Value.single(key), value: Value.single(value))
        case .structure(let fields): return .structure(fields.map(\.signatureType))
        }
    }

    /// The one complete type of `signature`; a multi-type element signature is kept as a
    /// pseudo-structure so that the encoder can name it in its error.
    private static func single(_ signature: Signature) -> SignatureType {
        signature.types.count == 1 ? signature.types[0] : .structure(signature.types)
    }
}

/// One key/value pair of a D-Bus dictionary (`{KV}`).
public struct DictEntry: Sendable, Hashable {
    /// The key; always a basic type.
    public var key: Value
    /// The value.
    public var value: Value
    /// Pairs `key` with `value`.
    public init(key: Value, value: Value) {
        self.key = key
        self.value = value
    }
}

extension Value {
    /// The signature of several values laid side by side, as a message body has.
    public static func signature(of values: [Value]) -> Signature {
        Signature(types: values.map(\.signatureType))
    }

    /// True when `values` laid side by side have exactly `signature`: `signature(of:) == signature`, checked
    /// without building the text (a reply is checked against its row on every call).
    public static func values(_ values: [Value], have signature: Signature) -> Bool {
        values.count == signature.types.count && zip(values, signature.types).allSatisfy { $0.has(type: $1) }
    }

    /// True when the value's single complete type is `type`, compared without building either.
    func has(type: SignatureType) -> Bool {
        switch (self, type) {
        case (.variant, .variant): return true
        case (.array(let element, _), .array(let elementType)):
            return element.types.count == 1 && element.types[0] == elementType
        case (.dictionary(let key, let value, _), .dictionary(let keyType, let valueType)):
            return key.types.count == 1 && key.types[0] == keyType && value.types.count == 1 && value.types[0] == valueType
        case (.structure(let fields), .structure(let fieldTypes)):
            return fields.count == fieldTypes.count && zip(fields, fieldTypes).allSatisfy { $0.has(type: $1) }
        case (_, .basic(let code)):
            guard case .basic(let own) = signatureType else { return false }
            return own == code
        default:
            return false
        }
    }
}
