import BoundedMemo
import CDBus

/// One libdbus message (`DBusMessage*`), released when the last Swift reference goes.
///
/// Messages are built completely before they are shared, and only read afterwards,
/// which libdbus allows from any thread.
final class Message: @unchecked Sendable {
    /// The kinds of message on the wire.
    enum Kind: Int32 {
        case methodCall = 1, methodReturn = 2, error = 3, signal = 4
    }

    let raw: OpaquePointer

    /// Takes over a reference the caller already owns.
    init(adopting raw: OpaquePointer) { self.raw = raw }

    /// Adds a reference of our own (for messages libdbus lends to a callback).
    init(retaining raw: OpaquePointer) {
        dbus_message_ref(raw)
        self.raw = raw
    }

    deinit { dbus_message_unref(raw) }

    /// A method call; every name is validated first, because libdbus aborts on an invalid one.
    /// The corresponding C function is `dbus_message_new_method_call`.
    static func methodCall(destination: String?, path: String, interface: String?, method: String, arguments: [Value]) throws -> Message {
        try MessageHead(destination: destination, path: path, interface: interface, member: method).validate()
        guard let raw = dbus_message_new_method_call(destination, path, interface, method) else { throw LibDBus.outOfMemory }
        let message = Message(adopting: raw)
        try MessageCoding.append(arguments, to: raw)
        return message
    }

    /// A signal; `checked` as for `MessageCoding.append`. The corresponding C function is `dbus_message_new_signal`.
    static func signal(path: String, interface: String, name: String, arguments: [Value], checked: Signature? = nil) throws -> Message {
        try MessageHead(destination: nil, path: path, interface: interface as String?, member: name).validate()
        guard let raw = dbus_message_new_signal(path, interface, name) else { throw LibDBus.outOfMemory }
        let message = Message(adopting: raw)
        try MessageCoding.append(arguments, to: raw, checked: checked)
        return message
    }

    /// The successful reply to this call; `checked` as for `MessageCoding.append`. The corresponding C function
    /// is `dbus_message_new_method_return`.
    func methodReturn(_ values: [Value], checked: Signature? = nil) throws -> Message {
        guard let raw = dbus_message_new_method_return(self.raw) else { throw LibDBus.outOfMemory }
        let reply = Message(adopting: raw)
        try MessageCoding.append(values, to: raw, checked: checked)
        return reply
    }

    /// The error reply to this call; an invalid error name becomes `Failed` rather than a crash.
    /// The corresponding C function is `dbus_message_new_error`.
    func errorReply(_ error: DBusError) -> Message? {
        let name = (try? ErrorName(error.name)) != nil ? error.name : DBusError.Names.failed
        let text = String(error.message.unicodeScalars.filter { $0 != "\0" })
        return dbus_message_new_error(raw, name, text).map(Message.init(adopting:))
    }

    var kind: Kind? { Kind(rawValue: dbus_message_get_type(raw)) }
    var serial: UInt32 { dbus_message_get_serial(raw) }
    var replySerial: UInt32 { dbus_message_get_reply_serial(raw) }
    var sender: String? { LibDBus.string(dbus_message_get_sender(raw)) }
    var destination: String? { LibDBus.string(dbus_message_get_destination(raw)) }
    var path: String? { LibDBus.string(dbus_message_get_path(raw)) }
    var interface: String? { LibDBus.string(dbus_message_get_interface(raw)) }
    var member: String? { LibDBus.string(dbus_message_get_member(raw)) }
    var errorName: String? { LibDBus.string(dbus_message_get_error_name(raw)) }
    /// The body's signature text.
    var signatureText: String { LibDBus.string(dbus_message_get_signature(raw)) ?? "" }
    /// True when the caller asked not to be answered.
    var noReplyExpected: Bool { dbus_message_get_no_reply(raw) != 0 }
    /// Whether the caller asks not to be answered. The corresponding C function is `dbus_message_set_no_reply`.
    func setNoReply(_ noReply: Bool) { dbus_message_set_no_reply(raw, noReply ? 1 : 0) }

    /// The decoded body. Unix file descriptors in it are closed as they are read (a `.unixFD` holds -1):
    /// replies and signals never hand one over, so none can leak.
    var arguments: [Value] { MessageCoding.values(of: raw, descriptors: .close) }

    /// The decoded body with its unix file descriptors open; the caller must close them
    /// (`Value.closeDescriptors(in:)`), as the object server does when a handler returns.
    var argumentsKeepingDescriptors: [Value] { MessageCoding.values(of: raw, descriptors: .keep) }

    /// An error reply as a Swift error, its message being the first string argument.
    var asError: DBusError {
        DBusError(name: errorName ?? DBusError.Names.failed, message: arguments.first?.stringValue ?? "")
    }
}

/// Where a message goes and what it calls or says, validated once: a daemon emits the same few signals again
/// and again (PropertiesChanged on one path) and asks the bus the same few questions about its callers, and
/// checking their names every time was a third of the calls a property change made.
struct MessageHead: Hashable {
    let destination: String?
    let path: String
    let interface: String?
    let member: String

    /// The heads already found valid.
    private static let valid = BoundedMemo<MessageHead, Void>(capacity: 128)

    /// Throws `DBusError.invalidArgs` when a name breaks the rules (libdbus would abort on it).
    func validate() throws {
        try Self.valid.answer(for: self) {
            if let destination { _ = try BusName(destination) }
            _ = try ObjectPath(path)
            if let interface { _ = try InterfaceName(interface) }
            _ = try MemberName(member)
        }
    }
}

/// A signal as a subscriber receives it.
public struct SignalMessage: Sendable {
    /// The sender's unique name (`:1.42`), when the message came through a bus.
    public let sender: String?
    /// The emitting object's path.
    public let path: String
    /// The signal's interface.
    public let interface: String
    /// The signal's name.
    public let member: String
    /// The decoded arguments.
    public let arguments: [Value]
    /// The arguments' signature.
    public let signature: Signature

    init(_ message: Message) {
        sender = message.sender
        path = message.path ?? "/"
        interface = message.interface ?? ""
        member = message.member ?? ""
        arguments = message.arguments
        signature = Value.signature(of: arguments)
    }
}
