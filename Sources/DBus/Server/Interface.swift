/// One named, typed argument of a method or signal table row.
public struct Argument: Sendable, Hashable {
    /// The argument's name, shown in introspection.
    public let name: String
    /// The argument's single complete type.
    public let signature: Signature
    /// Declares an argument, e.g. `Argument("steps", "i")`.
    public init(_ name: String, _ signature: Signature) {
        self.name = name
        self.signature = signature
    }
}

/// A property row: its type, how it announces changes, and its accessors.
public struct Property: Sendable {
    /// How clients learn about changes (the `org.freedesktop.DBus.Property.EmitsChangedSignal` annotation).
    public enum Change: String, Sendable {
        /// `PropertiesChanged` carries the new value (the default, no annotation).
        case emitsChange = "true"
        /// The value never changes while the object exists.
        case const = "const"
        /// `PropertiesChanged` lists the name as invalidated, without the value.
        case invalidates = "invalidates"
    }

    /// The member name.
    public let name: String
    /// The property's single complete type.
    public let signature: Signature
    /// How changes are announced.
    public let change: Change
    /// Reads the current value; must return a value of `signature`. Runs in the lane, in the bus's order.
    public let getter: nonisolated(nonsending) @Sendable () async -> Value
    /// Writes a new value (already type-checked); nil makes the property read-only.
    public let setter: (nonisolated(nonsending) @Sendable (Value) async throws -> Void)?

    /// Declares a property row; `set == nil` makes it read-only.
    public init(_ name: String, _ signature: Signature, change: Change = .emitsChange,
                get: nonisolated(nonsending) @escaping @Sendable () async -> Value,
                set: (nonisolated(nonsending) @Sendable (Value) async throws -> Void)? = nil) {
        self.name = name
        self.signature = signature
        self.change = change
        self.getter = get
        self.setter = set
    }

    /// True when `Set` is refused with `PropertyReadOnly`.
    public var isReadOnly: Bool { setter == nil }
}

/// A signal row: its name and argument types.
public struct Signal: Sendable {
    /// The member name.
    public let name: String
    /// The arguments.
    public let arguments: [Argument]
    /// Declares a signal row.
    public init(_ name: String, _ arguments: [Argument] = []) {
        self.name = name
        self.arguments = arguments
    }
    /// The signature every emission must have.
    public var signature: Signature { .concatenating(arguments.map(\.signature)) }
}

/// An interface: the whole bus face of one concern, as a table.
public struct Interface: Sendable {
    /// The interface name, e.g. `org.retrocam.Camera1`.
    public let name: String
    /// The method rows.
    public let methods: [Method]
    /// The property rows.
    public let properties: [Property]
    /// The signal rows.
    public let signals: [Signal]

    /// Declares an interface from its tables.
    public init(_ name: String, methods: [Method] = [], properties: [Property] = [], signals: [Signal] = []) {
        self.name = name
        self.methods = methods
        self.properties = properties
        self.signals = signals
    }

    func method(named name: String) -> Method? { methods.first { $0.name == name } }
    func property(named name: String) -> Property? { properties.first { $0.name == name } }
    func signal(named name: String) -> Signal? { signals.first { $0.name == name } }

    /// Checks names and signatures once, at registration, so mistakes surface at start-up.
    func validate() throws {
        _ = try InterfaceName(name)
        guard !StandardInterfaces.names.contains(name) else {
            throw DBusError.invalidArgs("The interface \(name) is provided by the object server itself and cannot be registered.")
        }
        var seen = Set<String>()
        for member in methods.map(\.name) + properties.map(\.name) + signals.map(\.name) {
            _ = try MemberName(member)
            guard seen.insert(member).inserted else {
                throw DBusError.invalidArgs("The interface \(name) declares the member \(member) twice.")
            }
        }
        let arguments = methods.flatMap { $0.inArguments + $0.outArguments } + signals.flatMap(\.arguments)
        for argument in arguments where !argument.signature.isSingleCompleteType {
            throw DBusError.invalidArgs("The argument \(argument.name) of \(name) must have one complete type, not \"\(argument.signature)\".")
        }
        for property in properties where !property.signature.isSingleCompleteType {
            throw DBusError.invalidArgs("The property \(property.name) of \(name) must have one complete type, not \"\(property.signature)\".")
        }
    }
}
