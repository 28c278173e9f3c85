import DBus
import RetrocamTesting
import Foundation

/// An xdg-desktop-portal stand-in on the private bus that implements the documented
/// `org.freedesktop.portal.GlobalShortcuts` (version 1): CreateSession and BindShortcuts answer a
/// request path built from our `handle_token`, then emit `org.freedesktop.portal.Request.Response`
/// on it; `activate`/`deactivate` emit the session's signals. `behavior` makes it misbehave.
/// With `registry`, it also serves `org.freedesktop.host.portal.Registry` as 1.22 does: `Register` only
/// before the connection's first portal call, only once, and only for an id whose desktop file is in the
/// given applications folder; `requiresAppID` refuses CreateSession to an unregistered caller as 1.21 does.
final class PortalFixture: @unchecked Sendable {
    enum Behavior: Sendable {
        /// As the specification says.
        case normal
        /// The user cancels the bind dialog (response 1).
        case cancelBind
        /// Response carries `(s)` instead of `(ua{sv})`.
        case badResponseSignature
        /// CreateSession succeeds without a `session_handle`.
        case noSessionHandle
        /// No Response ever comes.
        case silent
        /// The object exists but has no GlobalShortcuts interface (an older portal).
        case noGlobalShortcuts
    }

    /// Where the registry looks for `APP_ID.desktop`, as GLib looks in `$XDG_DATA_DIRS/applications`.
    struct Registry: Sendable {
        let applications: URL
    }

    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.GlobalShortcuts"
    static let registryInterface = "org.freedesktop.host.portal.Registry"

    let connection: Connection
    let server: ObjectServer
    let behavior: Behavior
    let requiresAppID: Bool
    private let lock = NSLock()
    private var session: String?
    private var appIDs: [String: String] = [:]
    private var callers: Set<String> = []
    private var callLog: [String] = []
    private var boundRows: [(id: String, description: String, trigger: String)] = []

    init(bus: PrivateBus, behavior: Behavior = .normal, registry: Registry? = nil, requiresAppID: Bool = false) async throws {
        self.behavior = behavior
        self.requiresAppID = requiresAppID
        connection = try bus.connect()
        server = ObjectServer(connection: connection)
        if behavior == .noGlobalShortcuts {
            try server.register(Self.path, interfaces: [Interface("org.freedesktop.portal.Settings", methods: [
                Method("ReadAll", in: [Argument("namespaces", "as")], out: [Argument("value", "a{sa{sv}}")]) { _ in
                    [.dictionary(key: "s", value: "a{sv}", [])]
                },
            ])])
        } else {
            try server.register(Self.path, interfaces: [table()] + (registry.map { [registryTable($0)] } ?? []))
        }
        guard try await connection.requestName("org.freedesktop.portal.Desktop") else { throw DBusError.failed("name taken") }
    }

    /// The shortcuts bound so far: id, description, preferred trigger.
    var bound: [(id: String, description: String, trigger: String)] { lock.withLock { boundRows } }
    /// The app ids registered so far, by caller.
    var registered: [String] { lock.withLock { Array(appIDs.values) } }
    /// The calls received, in order: "Register APP_ID", "version" (GlobalShortcuts' property read), "CreateSession",
    /// "BindShortcuts".
    var calls: [String] { lock.withLock { callLog } }
    /// The session handle given out.
    var sessionHandle: String? { lock.withLock { session } }

    func activate(_ id: String) throws { try emit("Activated", id) }
    func deactivate(_ id: String) throws { try emit("Deactivated", id) }

    /// Emits Activated/Deactivated for `session` (ours by default).
    func emit(_ member: String, _ id: String, session other: String? = nil) throws {
        let handle = try ObjectPath(other ?? sessionHandle ?? "/none")
        try connection.emitSignal(path: Self.path, interface: Self.interface, name: member,
                                  [.objectPath(handle), .string(id), .uint64(1234), .stringDict([:])])
    }

    func close() { connection.close() }

    private static func element(_ sender: String?) -> String {
        (sender ?? "").drop { $0 == ":" }.replacingOccurrences(of: ".", with: "_")
    }

    private func table() -> Interface {
        Interface(Self.interface, methods: [
            Method("CreateSession", in: [Argument("options", "a{sv}")], out: [Argument("handle", "o")]) { [weak self] call in
                // A call still in flight when the test let the fixture go (a late notification) is refused.
                guard let self else { throw DBusError.failed("the test fixture is gone") }
                let appID = lock.withLock { () -> String? in
                    callLog.append("CreateSession")
                    callers.insert(call.sender ?? "")
                    return appIDs[call.sender ?? ""]
                }
                if requiresAppID && appID == nil {
                    throw DBusError(name: "org.freedesktop.portal.Error.NotAllowed", message: "An app id is required")
                }
                let options = call.arguments[0].variantDictionary ?? [:]
                let sender = Self.element(call.sender)
                let handle = "\(Self.path)/request/\(sender)/\(options["handle_token"]?.stringValue ?? "t1")"
                let sessionPath = "\(Self.path)/session/\(sender)/\(options["session_handle_token"]?.stringValue ?? "s1")"
                lock.withLock { session = sessionPath }
                let results: [String: Value] = behavior == .noSessionHandle ? [:] : ["session_handle": .string(sessionPath)]
                respond(on: handle, code: 0, results)
                return [.objectPath(try ObjectPath(handle))]
            },
            Method("BindShortcuts", in: [Argument("session_handle", "o"), Argument("shortcuts", "a(sa{sv})"),
                                         Argument("parent_window", "s"), Argument("options", "a{sv}")],
                   out: [Argument("request_handle", "o")]) { [weak self] call in
                // A call still in flight when the test let the fixture go (a late notification) is refused.
                guard let self else { throw DBusError.failed("the test fixture is gone") }
                lock.withLock { callLog.append("BindShortcuts") }
                let options = call.arguments[3].variantDictionary ?? [:]
                let handle = "\(Self.path)/request/\(Self.element(call.sender))/\(options["handle_token"]?.stringValue ?? "t2")"
                var rows: [Value] = []
                for row in call.arguments[1].arrayValues ?? [] {
                    let fields = row.structureFields ?? []
                    let info = fields[1].variantDictionary ?? [:]
                    let id = fields[0].stringValue ?? ""
                    let trigger = info["preferred_trigger"]?.stringValue ?? ""
                    lock.withLock { boundRows.append((id, info["description"]?.stringValue ?? "", trigger)) }
                    rows.append(.structure([.string(id), .stringDict(["description": info["description"] ?? "",
                                                                      "trigger_description": .string(trigger)])]))
                }
                respond(on: handle, code: behavior == .cancelBind ? 1 : 0, ["shortcuts": .array("(sa{sv})", rows)])
                return [.objectPath(try ObjectPath(handle))]
            },
        ], properties: [
            Property("version", "u", change: .const) { [weak self] in
                self?.lock.withLock { self?.callLog.append("version") }
                return .uint32(1)
            },
        ], signals: [
            Signal("Activated", [Argument("session_handle", "o"), Argument("shortcut_id", "s"), Argument("timestamp", "t"), Argument("options", "a{sv}")]),
            Signal("Deactivated", [Argument("session_handle", "o"), Argument("shortcut_id", "s"), Argument("timestamp", "t"), Argument("options", "a{sv}")]),
        ])
    }

    /// `Register(s app_id, a{sv} options)` with the checks and the error sentences of xdg-desktop-portal 1.22.
    private func registryTable(_ registry: Registry) -> Interface {
        Interface(Self.registryInterface, methods: [
            Method("Register", in: [Argument("app_id", "s"), Argument("options", "a{sv}")], out: []) { [weak self] call in
                guard let self else { throw DBusError.failed("the test fixture is gone") }
                let sender = call.sender ?? ""
                let appID = call.arguments[0].stringValue ?? ""
                try lock.withLock {
                    callLog.append("Register \(appID)")
                    guard !callers.contains(sender), appIDs[sender] == nil else {
                        throw DBusError(name: "org.freedesktop.portal.Error.Failed", message: "Connection already associated with an application ID")
                    }
                    callers.insert(sender)
                    let desktopFile = registry.applications.appendingPathComponent(appID + ".desktop")
                    guard FileManager.default.fileExists(atPath: desktopFile.path) else {
                        throw DBusError(name: "org.freedesktop.portal.Error.Failed", message: "Can't create registered app")
                    }
                    appIDs[sender] = appID
                }
                return []
            },
        ], properties: [
            Property("version", "u", change: .const) { .uint32(1) },
        ])
    }

    /// Emits the Response as the method answers, as a real portal may: before or after the reply
    /// reaches the caller (a caller subscribes to its request's Response before it calls).
    private func respond(on handle: String, code: UInt32, _ results: [String: Value]) {
        guard behavior != .silent else { return }
        let connection = self.connection
        let arguments: [Value] = behavior == .badResponseSignature ? [.string("oops")] : [.uint32(code), .stringDict(results)]
        Task {
            try? connection.emitSignal(path: handle, interface: "org.freedesktop.portal.Request", name: "Response", arguments)
        }
    }
}
