import Body

/// A Linux input key code (`linux/input-event-codes.h`).
public struct KeyCode: Sendable, Hashable, CustomStringConvertible {
    /// The numeric code.
    public let rawValue: UInt16

    /// A code by number.
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    /// `KEY_CAMERA` (212), the camera button of phones, tablets and some laptops.
    public static let camera = KeyCode(212)
    /// `KEY_CAMERA_FOCUS` (0x210), the half-press of a two-stage camera button.
    public static let cameraFocus = KeyCode(0x210)
    /// `KEY_VOLUMEUP` (115).
    public static let volumeUp = KeyCode(115)
    /// `KEY_VOLUMEDOWN` (114).
    public static let volumeDown = KeyCode(114)

    /// The volume keys: used only when asked for, and then grabbed.
    public static let volumeKeys: [KeyCode] = [.volumeUp, .volumeDown]

    /// The names a config may use, each with its code.
    public static let named: [(name: String, code: KeyCode)] = [
        ("camera", .camera), ("camera-focus", .cameraFocus), ("volumeup", .volumeUp), ("volumedown", .volumeDown),
    ]

    /// A key by name (`camera`, `camera-focus`, `volumeup`, `volumedown`, `KEY_CAMERA`) or number (`212`).
    public init(name: String) throws(KeyMapError) {
        let lower = name.lowercased()
        let bare = lower.hasPrefix("key_") ? String(lower.dropFirst(4)).replacingOccurrences(of: "_", with: "-") : lower
        if let found = Self.named.first(where: { $0.name == bare }) {
            self = found.code
        } else if let number = UInt16(lower), number > 0, number < 0x300 {
            self = KeyCode(number)
        } else {
            let shown = Spoken.shortened(name)
            throw KeyMapError("Unknown key '\(shown)'. Keys: \(Self.named.map(\.name).joined(separator: ", ")), or a key code from 1 to 767.")
        }
    }

    /// Its config name, or its number.
    public var description: String { Self.named.first { $0.code == self }?.name ?? String(rawValue) }
}

/// A key name or code that is not understood.
public struct KeyMapError: Error, Sendable, Equatable {
    /// The sentence.
    public let message: String
    init(_ message: String) { self.message = message }
}

/// What a key does: it is the shutter, or the action button.
public enum KeyRole: String, Sendable, Equatable {
    /// Feeds `Shutter(press|release)`.
    case shutter
    /// Feeds the action button.
    case action
}

/// Which keys feed which role; a key listed for both is the shutter.
public struct KeyMap: Sendable, Equatable {
    /// Keys that are the shutter.
    public let shutter: [KeyCode]
    /// Keys that are the action button.
    public let action: [KeyCode]

    /// A map from its two lists.
    public init(shutter: [KeyCode], action: [KeyCode]) {
        self.shutter = shutter
        self.action = action
    }

    /// The role of `code`, or nil when the key is not ours.
    public func role(of code: UInt16) -> KeyRole? {
        if shutter.contains(KeyCode(code)) { return .shutter }
        if action.contains(KeyCode(code)) { return .action }
        return nil
    }

    /// Every key listened to.
    public var codes: [KeyCode] { shutter + action.filter { !shutter.contains($0) } }
}
