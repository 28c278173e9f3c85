/// An error as D-Bus carries it: a dotted error name and a human sentence.
///
/// Every failure this module reports is a `DBusError`, whether it came from a remote
/// peer, the bus daemon, libdbus, or a caller's invalid input; the factories below
/// give the standard `org.freedesktop.DBus.Error.*` names.
public struct DBusError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error name, for example `org.freedesktop.DBus.Error.InvalidArgs`.
    public let name: String
    /// The sentence explaining the error.
    public let message: String

    /// Creates an error with any name (a service's own `org.example.Error.Busy`, for instance).
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// `name: message`, as `busctl` and `gdbus` print remote errors.
    public var description: String { "\(name): \(message)" }

    /// The standard error names of the D-Bus specification.
    public enum Names {
        /// `org.freedesktop.DBus.Error.Failed`
        public static let failed = "org.freedesktop.DBus.Error.Failed"
        /// `org.freedesktop.DBus.Error.InvalidArgs`
        public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        /// `org.freedesktop.DBus.Error.InvalidSignature`
        public static let invalidSignature = "org.freedesktop.DBus.Error.InvalidSignature"
        /// `org.freedesktop.DBus.Error.UnknownMethod`
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        /// `org.freedesktop.DBus.Error.UnknownObject`
        public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        /// `org.freedesktop.DBus.Error.UnknownInterface`
        public static let unknownInterface = "org.freedesktop.DBus.Error.UnknownInterface"
        /// `org.freedesktop.DBus.Error.UnknownProperty`
        public static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        /// `org.freedesktop.DBus.Error.PropertyReadOnly`
        public static let propertyReadOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
        /// `org.freedesktop.DBus.Error.NoReply`
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
        /// `org.freedesktop.DBus.Error.Timeout`
        public static let timeout = "org.freedesktop.DBus.Error.Timeout"
        /// `org.freedesktop.DBus.Error.ServiceUnknown`
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        /// `org.freedesktop.DBus.Error.NameHasNoOwner`
        public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
        /// `org.freedesktop.DBus.Error.AccessDenied`
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        /// `org.freedesktop.DBus.Error.NotSupported`
        public static let notSupported = "org.freedesktop.DBus.Error.NotSupported"
        /// `org.freedesktop.DBus.Error.Disconnected`
        public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
        /// `org.freedesktop.DBus.Error.NoMemory`
        public static let noMemory = "org.freedesktop.DBus.Error.NoMemory"
        /// `org.freedesktop.DBus.Error.NoServer`
        public static let noServer = "org.freedesktop.DBus.Error.NoServer"
        /// `org.freedesktop.DBus.Error.BadAddress`
        public static let badAddress = "org.freedesktop.DBus.Error.BadAddress"
    }

    /// A generic failure (`Failed`).
    public static func failed(_ message: String) -> DBusError { .init(name: Names.failed, message: message) }
    /// Arguments of the wrong type or value (`InvalidArgs`).
    public static func invalidArgs(_ message: String) -> DBusError { .init(name: Names.invalidArgs, message: message) }
    /// A malformed type signature (`InvalidSignature`).
    public static func invalidSignature(_ message: String) -> DBusError { .init(name: Names.invalidSignature, message: message) }
    /// No such method on the interface (`UnknownMethod`).
    public static func unknownMethod(_ message: String) -> DBusError { .init(name: Names.unknownMethod, message: message) }
    /// No object at the path (`UnknownObject`).
    public static func unknownObject(_ message: String) -> DBusError { .init(name: Names.unknownObject, message: message) }
    /// No such interface on the object (`UnknownInterface`).
    public static func unknownInterface(_ message: String) -> DBusError { .init(name: Names.unknownInterface, message: message) }
    /// No such property on the interface (`UnknownProperty`).
    public static func unknownProperty(_ message: String) -> DBusError { .init(name: Names.unknownProperty, message: message) }
    /// A `Set` on a read-only property (`PropertyReadOnly`).
    public static func propertyReadOnly(_ message: String) -> DBusError { .init(name: Names.propertyReadOnly, message: message) }
    /// No reply arrived in time (`NoReply`); this is what a call timeout throws.
    public static func noReply(_ message: String) -> DBusError { .init(name: Names.noReply, message: message) }
    /// An operation timed out (`Timeout`).
    public static func timeout(_ message: String) -> DBusError { .init(name: Names.timeout, message: message) }
    /// The destination name has no owner and cannot be activated (`ServiceUnknown`).
    public static func serviceUnknown(_ message: String) -> DBusError { .init(name: Names.serviceUnknown, message: message) }
    /// The caller may not do this (`AccessDenied`).
    public static func accessDenied(_ message: String) -> DBusError { .init(name: Names.accessDenied, message: message) }
    /// The operation is not supported (`NotSupported`).
    public static func notSupported(_ message: String) -> DBusError { .init(name: Names.notSupported, message: message) }
    /// The connection is closed or was lost (`Disconnected`).
    public static func disconnected(_ message: String) -> DBusError { .init(name: Names.disconnected, message: message) }

    /// True when this error is a call timeout (`NoReply` or `Timeout`).
    public var isTimeout: Bool { name == Names.noReply || name == Names.timeout }
}
