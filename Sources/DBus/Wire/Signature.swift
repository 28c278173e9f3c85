import BoundedMemo

/// A validated D-Bus type signature: zero or more complete types, such as `s`, `a{sv}`
/// or `a(ssss)i`.
///
/// `Signature(text)` throws `DBusError.invalidSignature` for invalid text. A string literal
/// (including `Signature("a{sv}")` with a literal argument, which Swift treats as a literal)
/// that is not a valid signature is a programmer's mistake and stops the program.
public struct Signature: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The signature text, for example `a{sv}`.
    public let rawValue: String
    /// The parsed complete types, in order.
    let types: [SignatureType]

    /// Parses and validates `text` (at most 255 bytes, arrays and structs nested at most 32 deep).
    public init(_ text: String) throws {
        self.rawValue = text
        self.types = try SignatureParser.parse(text)
    }

    /// A literal signature; an invalid literal stops the program.
    public init(stringLiteral value: String) {
        do { try self.init(value) } catch { preconditionFailure("invalid signature literal \"\(value)\": \(error)") }
    }

    init(types: [SignatureType]) {
        self.types = types
        self.rawValue = types.map(\.text).joined()
    }

    /// The signature text.
    public var description: String { rawValue }

    /// The empty signature (no values).
    public static let empty = Signature(types: [])

    /// True when the signature is exactly one complete type (what a `Value` has).
    public var isSingleCompleteType: Bool { types.count == 1 }

    /// Each complete type as its own signature: `a{sv}i` gives `a{sv}` and `i`.
    public var completeTypes: [Signature] { types.map { Signature(types: [$0]) } }

    /// True when the signature is one basic type (what a dictionary key must be).
    public var isBasic: Bool { types.count == 1 && types[0].isBasic }

    /// The signature of several values laid side by side.
    public static func concatenating(_ parts: [Signature]) -> Signature {
        Signature(types: parts.flatMap(\.types))
    }

    /// Two signatures are equal when their text is.
    public static func == (lhs: Signature, rhs: Signature) -> Bool { lhs.rawValue == rhs.rawValue }
    /// Hashes the signature text.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// One complete D-Bus type, parsed.
indirect enum SignatureType: Sendable, Hashable {
    case basic(UInt8)
    case variant
    case array(SignatureType)
    case dictionary(key: SignatureType, value: SignatureType)
    case structure([SignatureType])

    /// The ASCII codes of the basic types: y b n q i u x t d s o g h.
    static let basicCodes: Set<UInt8> = Set("ybnqiuxtdsogh".utf8)

    var isBasic: Bool { if case .basic = self { return true } else { return false } }

    /// The type's code as libdbus wants it for `dbus_message_iter_open_container` and friends.
    var code: UInt8 {
        switch self {
        case .basic(let c): return c
        case .variant: return UInt8(ascii: "v")
        case .array, .dictionary: return UInt8(ascii: "a")
        case .structure: return UInt8(ascii: "r")
        }
    }

    var text: String {
        switch self {
        case .basic(let c): return String(UnicodeScalar(c))
        case .variant: return "v"
        case .array(let element): return "a" + element.text
        case .dictionary(let key, let value): return "a{" + key.text + value.text + "}"
        case .structure(let fields): return "(" + fields.map(\.text).joined() + ")"
        }
    }
}

/// Parses signature text into `SignatureType`s, enforcing the specification's limits.
enum SignatureParser {
    static let maximumLength = 255
    static let maximumDepth = 32

    /// Signatures already parsed: a daemon reads and writes the same few (`s`, `a{sv}`, every variant's `s` or `i`)
    /// in every message.
    private static let parsed = BoundedMemo<String, [SignatureType]>(capacity: 256)

    static func parse(_ text: String) throws -> [SignatureType] {
        try parsed.answer(for: text) { try parseAnew(text) }
    }

    private static func parseAnew(_ text: String) throws -> [SignatureType] {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else {
            throw DBusError.invalidSignature("The signature \"\(text)\" is \(bytes.count) bytes long; at most \(maximumLength) are allowed.")
        }
        var index = 0
        var result: [SignatureType] = []
        while index < bytes.count {
            result.append(try parseOne(bytes, &index, arrayDepth: 0, structDepth: 0, text: text))
        }
        return result
    }

    private static func parseOne(_ bytes: [UInt8], _ index: inout Int, arrayDepth: Int, structDepth: Int, text: String) throws -> SignatureType {
        guard index < bytes.count else {
            throw DBusError.invalidSignature("The signature \"\(text)\" ends in the middle of a type.")
        }
        let code = bytes[index]
        index += 1
        switch code {
        case _ where SignatureType.basicCodes.contains(code):
            return .basic(code)
        case UInt8(ascii: "v"):
            return .variant
        case UInt8(ascii: "a"):
            guard arrayDepth < maximumDepth else {
                throw DBusError.invalidSignature("The signature \"\(text)\" nests arrays more than \(maximumDepth) deep.")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                index += 1
                let key = try parseOne(bytes, &index, arrayDepth: arrayDepth + 1, structDepth: structDepth + 1, text: text)
                guard key.isBasic else {
                    throw DBusError.invalidSignature("The signature \"\(text)\" has a dictionary key of type \"\(key.text)\"; keys must be a basic type.")
                }
                let value = try parseOne(bytes, &index, arrayDepth: arrayDepth + 1, structDepth: structDepth + 1, text: text)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                    throw DBusError.invalidSignature("The signature \"\(text)\" has a dictionary entry that is not exactly one key and one value followed by \"}\".")
                }
                index += 1
                return .dictionary(key: key, value: value)
            }
            return .array(try parseOne(bytes, &index, arrayDepth: arrayDepth + 1, structDepth: structDepth, text: text))
        case UInt8(ascii: "("):
            guard structDepth < maximumDepth else {
                throw DBusError.invalidSignature("The signature \"\(text)\" nests structures more than \(maximumDepth) deep.")
            }
            var fields: [SignatureType] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
                fields.append(try parseOne(bytes, &index, arrayDepth: arrayDepth, structDepth: structDepth + 1, text: text))
            }
            guard index < bytes.count else {
                throw DBusError.invalidSignature("The signature \"\(text)\" opens a structure with \"(\" and never closes it.")
            }
            index += 1
            guard !fields.isEmpty else {
                throw DBusError.invalidSignature("The signature \"\(text)\" has an empty structure \"()\".")
            }
            return .structure(fields)
        case UInt8(ascii: "{"):
            throw DBusError.invalidSignature("The signature \"\(text)\" has a dictionary entry \"{…}\" outside an array.")
        default:
            let shown = code < 0x80 ? String(UnicodeScalar(code)) : "byte 0x" + String(code, radix: 16, uppercase: true)
            throw DBusError.invalidSignature("The signature \"\(text)\" contains \"\(shown)\", which is not a D-Bus type code.")
        }
    }
}
