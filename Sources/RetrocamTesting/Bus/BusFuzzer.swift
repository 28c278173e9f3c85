import DBus
import Foundation

// The bus fuzzer's parts, shared by ServiceTests.FuzzTests and retrocam-bench's memory run: the
// methods a live object publishes (from its introspection XML), random arguments for them, and a
// seeded generator so a run can be replayed.

/// One method from introspection XML: its interface, name and input signature.
public struct PublishedMethod: Sendable {
    /// The interface it belongs to.
    public let interface: String
    /// The method's name.
    public let name: String
    /// The signature of each input argument.
    public let inputs: [Signature]

    /// Every `<method>` of every `<interface>` in `xml` (a flat reading; nodes have no nesting here).
    public static func parse(_ xml: String) -> [PublishedMethod] {
        var methods: [PublishedMethod] = []
        var interface = "", method: String?, inputs: [Signature] = []
        func attribute(_ name: String, in tag: Substring) -> String? {
            guard let start = tag.range(of: "\(name)=\"") else { return nil }
            let rest = tag[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        func finish() {
            if let method { methods.append(PublishedMethod(interface: interface, name: method, inputs: inputs)) }
            method = nil
            inputs = []
        }
        for piece in xml.split(separator: "<").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines)[...] }) {
            if piece.hasPrefix("interface ") {
                finish()
                interface = attribute("name", in: piece) ?? ""
            } else if piece.hasPrefix("method ") {
                finish()
                method = attribute("name", in: piece)
                if piece.hasSuffix("/>") { finish() }
            } else if piece.hasPrefix("/method") {
                finish()
            } else if piece.hasPrefix("arg "), method != nil, attribute("direction", in: piece) != "out",
                      let type = attribute("type", in: piece) {
                inputs.append(Signature(stringLiteral: type))
            }
        }
        finish()
        return methods
    }
}

/// Random D-Bus values: the method's own signature with hostile values half the time, any
/// signature the other half.
public enum FuzzValues {
    /// Words the daemon knows, so random calls reach past the first check. The shipped shortcuts
    /// `timelapse` (a minute) and `super8-birthday` (10 s of waiting) are left out: RunShortcut
    /// answers when the run is done, by contract, which the fuzzer's deadline would call a hang.
    public static let words = [
        "", " ", "0", "1", "12", "13", "-1", "2147483647", "1970s", "1900s", "2090s", "seventies", "super 8",
        "film noir", "zoom", "degree", "decade", "style", "exposure", "timer", "flip", "light", "on", "off",
        "press", "release", "click", "hold", "2x", "4.0x", "10x", "+1", "-3", "photo", "video", "10", "3",
        "TakePhoto", "SetDecade", "SetZoom", "StartClip", "PauseClip", "Undo", "value", "path",
        "take a photo", "set the decade to the seventies", "zoom in all the way", "what's the weather",
        "noir-portrait", "../../etc/passwd", "/dev/null", "%s%n%x",
        "\u{1F4F7}\u{0301}", "Ω≈ç√", "a\u{200B}b", "\u{FEFF}1970s", "NaN", "1e309",
    ]

    /// Arguments for one call of `method`.
    public static func arguments(for method: PublishedMethod, using random: inout SeededGenerator) -> [Value] {
        if Bool.random(using: &random) {
            return method.inputs.map { value(of: $0.rawValue, using: &random) ?? .string("?") }
        }
        return (0..<Int.random(in: 0...3, using: &random)).map { _ in anyValue(depth: 0, using: &random) }
    }

    /// A value of the single complete type `signature` (nil when its shape is not one we make).
    public static func value(of signature: String, using random: inout SeededGenerator) -> Value? {
        var chars = Substring(signature)
        return parseValue(&chars, using: &random)
    }

    private static func parseValue(_ chars: inout Substring, using random: inout SeededGenerator) -> Value? {
        guard let code = chars.popFirst() else { return nil }
        switch code {
        case "a":
            if chars.first == "{" {
                chars.removeFirst()
                let keyType = String(chars.prefix(1))
                let start = chars.dropFirst()
                var valueChars = start
                var probe = random
                _ = parseValue(&valueChars, using: &probe)
                let valueType = String(start[start.startIndex..<valueChars.startIndex])
                chars = valueChars.dropFirst()  // "}"
                let count = Int.random(in: 0...3, using: &random)
                let entries = (0..<count).compactMap { _ -> DictEntry? in
                    var key = Substring(keyType), value = Substring(valueType)
                    guard let k = parseValue(&key, using: &random), let v = parseValue(&value, using: &random) else { return nil }
                    return DictEntry(key: k, value: v)
                }
                return .dictionary(key: Signature(stringLiteral: keyType), value: Signature(stringLiteral: valueType), entries)
            }
            let start = chars
            var probe = random
            _ = parseValue(&chars, using: &probe)
            let elementType = String(start[start.startIndex..<chars.startIndex])
            let elements = (0..<Int.random(in: 0...3, using: &random)).compactMap { _ -> Value? in
                var element = Substring(elementType)
                return parseValue(&element, using: &random)
            }
            return .array(Signature(stringLiteral: elementType), elements)
        case "(":
            var fields: [Value] = []
            while let next = chars.first, next != ")" {
                guard let field = parseValue(&chars, using: &random) else { return nil }
                fields.append(field)
            }
            chars = chars.dropFirst()
            return .structure(fields)
        case "v": return .variant(anyValue(depth: 1, using: &random))
        default: return basic(code, using: &random)
        }
    }

    /// A value of any type, nested at most two deep.
    public static func anyValue(depth: Int, using random: inout SeededGenerator) -> Value {
        let codes: [Character] = depth >= 2 ? Array("sibdyuxtnqog") : Array("sibdyuxtnqogvvasa")
        let code = codes.randomElement(using: &random)!
        switch code {
        case "v": return .variant(anyValue(depth: depth + 1, using: &random))
        case "a":
            return Bool.random(using: &random) ? value(of: "as", using: &random)! : value(of: "a{sv}", using: &random)!
        default: return basic(code, using: &random) ?? .string("")
        }
    }

    private static func basic(_ code: Character, using random: inout SeededGenerator) -> Value? {
        switch code {
        case "s": return .string(string(using: &random))
        case "i": return .int32(Int32.random(in: Int32.min...Int32.max, using: &random) >> Int32.random(in: 0...31, using: &random))
        case "b": return .bool(Bool.random(using: &random))
        case "d": return .double([0, -1, 1e308, -.infinity, .nan, 2.5, Double.random(in: -100...100, using: &random)]
            .randomElement(using: &random)!)
        case "y": return .byte(UInt8.random(in: 0...255, using: &random))
        case "u": return .uint32(UInt32.random(in: 0...UInt32.max, using: &random))
        case "x": return .int64(Int64.random(in: Int64.min...Int64.max, using: &random))
        case "t": return .uint64(UInt64.random(in: 0...UInt64.max, using: &random))
        case "n": return .int16(Int16.random(in: Int16.min...Int16.max, using: &random))
        case "q": return .uint16(UInt16.random(in: 0...UInt16.max, using: &random))
        case "o": return .objectPath(try! ObjectPath(["/", "/org/retrocam/Camera", "/a/b_c/D9"].randomElement(using: &random)!))
        case "g": return .signature(["", "s", "a{sv}", "(ii)"].map { Signature(stringLiteral: $0) }.randomElement(using: &random)!)
        case "h": return nil
        default: return nil
        }
    }

    /// A known word, a mix of words, random Unicode, or a long string.
    public static func string(using random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: return words.randomElement(using: &random)!
        case 5, 6: return (0..<Int.random(in: 1...6, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        case 7, 8:
            let scalars = (0..<Int.random(in: 0...40, using: &random)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 1...0x2FFFF, using: &random))
            }
            return String(String.UnicodeScalarView(scalars))
        default: return String(repeating: words.randomElement(using: &random)! + " ", count: Int.random(in: 100...20_000, using: &random))
        }
    }
}

/// SplitMix64: a small deterministic generator, so a failing run can be replayed from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// A generator that replays the same values for the same seed.
    public init(seed: UInt64) { state = seed }
    /// The next value.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
