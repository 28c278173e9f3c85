/// The name types below are deliberately not `ExpressibleByStringLiteral`: Swift would
/// turn `ObjectPath("//")` into a literal that cannot throw (SE-0213), and a caller's
/// bad input must throw.

/// An object path such as `/org/retrocam/Camera`: `/` alone, or `/`-separated
/// non-empty elements of `[A-Za-z0-9_]` with no trailing slash.
public struct ObjectPath: Sendable, Hashable, CustomStringConvertible {
    /// The path text.
    public let rawValue: String
    /// Validates `text`; throws `DBusError.invalidArgs` with a sentence when it is not a path.
    public init(_ text: String) throws {
        try NameRules.checkObjectPath(text)
        rawValue = text
    }
    /// The root path `/`.
    public static let root = ObjectPath(unchecked: "/")
    init(unchecked text: String) { rawValue = text }
    /// The path text.
    public var description: String { rawValue }
    /// The path's elements: `/a/b` gives `["a", "b"]`, `/` gives `[]`.
    public var elements: [Substring] { rawValue.split(separator: "/") }
}

/// A bus name: a unique connection name (`:1.42`) or a well-known name (`org.retrocam.Camera`).
public struct BusName: Sendable, Hashable, CustomStringConvertible {
    /// The name text.
    public let rawValue: String
    /// Validates `text`; throws `DBusError.invalidArgs` with a sentence when it is not a bus name.
    public init(_ text: String) throws {
        try NameRules.checkBusName(text)
        rawValue = text
    }
    /// True for a unique name such as `:1.42`.
    public var isUnique: Bool { rawValue.hasPrefix(":") }
    /// The name text.
    public var description: String { rawValue }
}

/// An interface name such as `org.retrocam.Camera1`.
public struct InterfaceName: Sendable, Hashable, CustomStringConvertible {
    /// The name text.
    public let rawValue: String
    /// Validates `text`; throws `DBusError.invalidArgs` with a sentence when it is not an interface name.
    public init(_ text: String) throws {
        try NameRules.checkDottedName(text, kind: "interface name")
        rawValue = text
    }
    /// The name text.
    public var description: String { rawValue }
}

/// A member (method, signal or property) name such as `StartClip`.
public struct MemberName: Sendable, Hashable, CustomStringConvertible {
    /// The name text.
    public let rawValue: String
    /// Validates `text`; throws `DBusError.invalidArgs` with a sentence when it is not a member name.
    public init(_ text: String) throws {
        try NameRules.checkMemberName(text)
        rawValue = text
    }
    /// The name text.
    public var description: String { rawValue }
}

/// An error name such as `org.retrocam.Error.Unsupported` (same rules as an interface name).
public struct ErrorName: Sendable, Hashable, CustomStringConvertible {
    /// The name text.
    public let rawValue: String
    /// Validates `text`; throws `DBusError.invalidArgs` with a sentence when it is not an error name.
    public init(_ text: String) throws {
        try NameRules.checkDottedName(text, kind: "error name")
        rawValue = text
    }
    /// The name text.
    public var description: String { rawValue }
}

/// The naming rules of the D-Bus specification, shared by the validated name types.
enum NameRules {
    static let maximumNameLength = 255

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// True when every byte is one of `[A-Za-z0-9_]` (and `-` when `dash` is allowed): one loop, no call per byte,
    /// because every message a daemon sends has its names checked.
    private static func allElementCharacters(_ bytes: some Collection<UInt8>, dash: Bool = false) -> Bool {
        for c in bytes {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): continue
            case UInt8(ascii: "-") where dash: continue
            default: return false
            }
        }
        return true
    }

    static func checkObjectPath(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "/") else {
            throw DBusError.invalidArgs("The object path \"\(text)\" must begin with \"/\".")
        }
        if bytes.count == 1 { return }
        guard bytes.last != UInt8(ascii: "/") else {
            throw DBusError.invalidArgs("The object path \"\(text)\" must not end with \"/\".")
        }
        for element in bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard !element.isEmpty else {
                throw DBusError.invalidArgs("The object path \"\(text)\" has an empty element (\"//\").")
            }
            guard allElementCharacters(element) else {
                throw DBusError.invalidArgs("The object path \"\(text)\" may only contain the characters [A-Za-z0-9_] between slashes.")
            }
        }
    }

    static func checkMemberName(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw DBusError.invalidArgs("A member name must not be empty.") }
        guard bytes.count <= maximumNameLength else {
            throw DBusError.invalidArgs("The member name \"\(text)\" is longer than \(maximumNameLength) bytes.")
        }
        guard !isDigit(bytes[0]) else {
            throw DBusError.invalidArgs("The member name \"\(text)\" must not begin with a digit.")
        }
        guard allElementCharacters(bytes) else {
            throw DBusError.invalidArgs("The member name \"\(text)\" may only contain the characters [A-Za-z0-9_].")
        }
    }

    /// Interface and error names: two or more dot-separated elements of `[A-Za-z0-9_]`, none starting with a digit.
    static func checkDottedName(_ text: String, kind: String) throws {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw DBusError.invalidArgs("An \(kind) must not be empty.") }
        guard bytes.count <= maximumNameLength else {
            throw DBusError.invalidArgs("The \(kind) \"\(text)\" is longer than \(maximumNameLength) bytes.")
        }
        let elements = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 2 else {
            throw DBusError.invalidArgs("The \(kind) \"\(text)\" needs at least two elements separated by \".\".")
        }
        for element in elements {
            guard !element.isEmpty else {
                throw DBusError.invalidArgs("The \(kind) \"\(text)\" has an empty element.")
            }
            guard !isDigit(element.first!) else {
                throw DBusError.invalidArgs("The \(kind) \"\(text)\" has an element that begins with a digit.")
            }
            guard allElementCharacters(element) else {
                throw DBusError.invalidArgs("The \(kind) \"\(text)\" may only contain the characters [A-Za-z0-9_] and \".\".")
            }
        }
    }

    static func checkBusName(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw DBusError.invalidArgs("A bus name must not be empty.") }
        guard bytes.count <= maximumNameLength else {
            throw DBusError.invalidArgs("The bus name \"\(text)\" is longer than \(maximumNameLength) bytes.")
        }
        let isUnique = bytes[0] == UInt8(ascii: ":")
        let body = isUnique ? bytes.dropFirst() : bytes[...]
        let elements = body.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard elements.count >= 2 else {
            throw DBusError.invalidArgs("The bus name \"\(text)\" needs at least two elements separated by \".\".")
        }
        for element in elements {
            guard !element.isEmpty else {
                throw DBusError.invalidArgs("The bus name \"\(text)\" has an empty element.")
            }
            guard isUnique || !isDigit(element.first!) else {
                throw DBusError.invalidArgs("The bus name \"\(text)\" has an element that begins with a digit.")
            }
            guard allElementCharacters(element, dash: true) else {
                throw DBusError.invalidArgs("The bus name \"\(text)\" may only contain the characters [A-Za-z0-9_-] and \".\".")
            }
        }
    }
}
