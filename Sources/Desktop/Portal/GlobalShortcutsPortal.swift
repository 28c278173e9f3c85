import Body
import DBus
import Foundation
import Hotkeys
import Synchronization

/// One hotkey asked of the portal.
public struct PortalShortcut: Sendable, Equatable {
    /// The id the Activated signal names.
    public let id: String
    /// What it does, shown in the portal's dialog.
    public let description: String
    /// The trigger we suggest, in the XDG shortcuts syntax ("CTRL+ALT+C").
    public let preferredTrigger: String

    /// Makes a shortcut.
    public init(id: String, description: String, preferredTrigger: String) {
        self.id = id
        self.description = description
        self.preferredTrigger = preferredTrigger
    }

    /// Retrocam's hotkeys, from the one hotkey table: the shutter and the action button (held:
    /// press/release), photo and record.
    public static let standard: [PortalShortcut] = HotkeyTable.bindings.map {
        PortalShortcut(id: $0.id, description: $0.title, preferredTrigger: $0.portalTrigger)
    }
}

/// A hotkey the portal bound, with the trigger it tells the user about.
public struct BoundShortcut: Sendable, Equatable {
    /// The shortcut's id.
    public let id: String
    /// How to trigger it, as the portal describes it ("Ctrl+Alt+Shift+C"); empty when unset.
    public let triggerDescription: String
}

/// A client of `org.freedesktop.portal.GlobalShortcuts` (xdg-desktop-portal): creates a session,
/// binds the shortcuts, and turns `Activated`/`Deactivated` into press/release.
public final class GlobalShortcutsPortal: Sendable {
    /// The portal's bus name.
    public static let busName = "org.freedesktop.portal.Desktop"
    /// The portal's object.
    public static let path = "/org/freedesktop/portal/desktop"
    /// The interface.
    public static let interface = "org.freedesktop.portal.GlobalShortcuts"

    private let connection: Connection
    private let proxy: Proxy
    private let timeout: Duration
    /// Activated and Deactivated of our session; nil once stopped.
    private let subscriptions = Mutex<[SubscriptionToken]?>([])

    /// A client on `connection`; `timeout` bounds each request, the user's dialog included.
    public init(connection: Connection, timeout: Duration = .seconds(120)) {
        self.connection = connection
        self.proxy = Proxy(connection: connection, destination: Self.busName, path: Self.path, interface: Self.interface)
        self.timeout = timeout
    }

    /// Registers Retrocam's app id where the portal has a registry (first, as the portal wants), checks the
    /// portal is there and has GlobalShortcuts, creates a session, binds `shortcuts`, and calls
    /// `handler(id, phase)` on every Activated (press) and Deactivated (release) of the session.
    public func bind(_ shortcuts: [PortalShortcut],
                     handler: @escaping @Sendable (String, ShutterPhase) -> Void) async throws(PortalError) -> [BoundShortcut] {
        let registration = await PortalRegistry(connection: connection).register()
        try await checkAvailable()
        let request = PortalRequest(connection: connection, portal: proxy, timeout: timeout)
        let sessionToken = "retrocam_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)
        let created: [String: Value]
        do throws(PortalError) {
            created = try await request.call("CreateSession", [], options: [("session_handle_token", .string(String(sessionToken)))])
        } catch where error.kind == .notAvailable {
            // The portal answered the call with an error ("An app id is required" from 1.21 on).
            throw PortalError(.refused, "\(error.message) (\(PortalRegistry.note(registration))); use 'retrocam bind' for your desktop's own shortcut settings.")
        }
        guard let session = created["session_handle"]?.stringValue, (try? ObjectPath(session)) != nil else {
            throw PortalError(.badReply, "The portal created a session without a valid session_handle (got \(created.keys.sorted())).")
        }
        try await listen(session: session, handler: handler)
        let rows: [Value] = shortcuts.map {
            .structure([.string($0.id), .orderedStringDict([("description", .string($0.description)),
                                                              ("preferred_trigger", .string($0.preferredTrigger))])])
        }
        let sessionPath: Value
        do { sessionPath = .objectPath(try ObjectPath(session)) } catch {
            throw PortalError(.badReply, "The session handle \(session) is not an object path.")
        }
        let bound = try await request.call("BindShortcuts", [sessionPath, .array("(sa{sv})", rows), .string("")], options: [])
        return Self.boundShortcuts(bound["shortcuts"])
    }

    /// Stops listening to Activated and Deactivated, also to those a bind under way would subscribe to.
    public func stop() {
        for token in subscriptions.withLock({ tokens in defer { tokens = nil }; return tokens ?? [] }) { connection.unsubscribe(token) }
    }

    /// The portal answers its `version` property, or we say it is not there.
    private func checkAvailable() async throws(PortalError) {
        do {
            let version = try await proxy.get("version", timeout: .seconds(10))
            guard version.uint32Value != nil else {
                throw PortalError(.badReply, "The portal's GlobalShortcuts version is \(version.signature), not a u.")
            }
        } catch let error as PortalError {
            throw error
        } catch let error as DBusError {
            switch error.name {
            case DBusError.Names.serviceUnknown, DBusError.Names.nameHasNoOwner:
                throw PortalError(.notAvailable, "No xdg-desktop-portal on the session bus, so there are no global hotkeys; use 'retrocam bind' for your desktop's own shortcut settings.")
            default:
                throw PortalError(.notAvailable, "The desktop portal has no GlobalShortcuts interface (\(error.message)); use 'retrocam bind' for your desktop's own shortcut settings.")
            }
        } catch {
            throw PortalError(.notAvailable, "The desktop portal could not be asked: \(error).")
        }
    }

    /// Subscribes to Activated/Deactivated `(o session, s id, t timestamp, a{sv} options)` of our session.
    private func listen(session: String, handler: @escaping @Sendable (String, ShutterPhase) -> Void) async throws(PortalError) {
        for (member, phase) in [("Activated", ShutterPhase.press), ("Deactivated", .release)] {
            do {
                let token = try await connection.onSignal(sender: Self.busName, path: Self.path, interface: Self.interface, member: member) { signal in
                    let arguments = signal.arguments
                    guard arguments.count >= 2, arguments[0].stringValue == session, let id = arguments[1].stringValue else { return }
                    handler(id, phase)
                }
                guard subscriptions.withLock({ $0?.append(token) }) != nil else {
                    connection.unsubscribe(token)
                    throw PortalError(.notAvailable, "The hotkeys were stopped while they were being bound.")
                }
            } catch let error as PortalError {
                throw error
            } catch {
                throw PortalError(.notAvailable, "Could not listen to the portal's \(member) signal: \(error).")
            }
        }
    }

    /// The `shortcuts` result `a(sa{sv})`; anything else is read as none described.
    static func boundShortcuts(_ value: Value?) -> [BoundShortcut] {
        (value?.arrayValues ?? []).compactMap { row in
            guard let fields = row.structureFields, fields.count == 2, let id = fields[0].stringValue else { return nil }
            let trigger = fields[1].variantDictionary?["trigger_description"]?.stringValue ?? ""
            return BoundShortcut(id: id, triggerDescription: trigger)
        }
    }
}
