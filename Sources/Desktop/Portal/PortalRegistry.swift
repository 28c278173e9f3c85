import BusNames
import DBus

/// `org.freedesktop.host.portal.Registry` (xdg-desktop-portal 1.19.3 and later): tells the portal which
/// application a host program's connection belongs to. From 1.21 the portal refuses a GlobalShortcuts
/// session to a connection with no app id, and from 1.22 it takes only an id whose desktop file GLib
/// finds in `$XDG_DATA_DIRS/applications`. Registering must come before any other call to the portal on
/// the connection, and only once.
struct PortalRegistry {
    /// The registry's interface, on the portal's own bus name and object.
    static let interface = "org.freedesktop.host.portal.Registry"
    /// Retrocam's app id: the bus name, which is also the basename of `org.retrocam.Camera.desktop`.
    static let appID = BusContract.busName

    /// What the portal said to our registration.
    enum Outcome: Sendable, Equatable {
        /// The portal now knows the connection as `appID`.
        case registered
        /// The portal has no registry (before 1.19.3: Debian 12's 1.16), or there is no portal.
        case absent
        /// The portal has a registry and declined, with its sentence.
        case refused(String)
    }

    let portal: Proxy

    /// A client of the portal's registry on `connection`.
    init(connection: Connection) {
        portal = Proxy(connection: connection, destination: GlobalShortcutsPortal.busName,
                       path: GlobalShortcutsPortal.path, interface: Self.interface)
    }

    /// Calls `Register(s app_id, a{sv} options)`; an unknown method, interface or service means "not there".
    func register() async -> Outcome {
        do {
            _ = try await portal.call("Register", [.string(Self.appID), .dictionary(key: "s", value: "v", [])], timeout: .seconds(10))
            return .registered
        } catch let error as DBusError {
            switch error.name {
            case DBusError.Names.unknownMethod, DBusError.Names.unknownInterface, DBusError.Names.unknownObject,
                 DBusError.Names.serviceUnknown, DBusError.Names.nameHasNoOwner:
                return .absent
            default:
                return .refused(error.message)
            }
        } catch {
            return .refused("\(error)")
        }
    }

    /// How a refused session's sentence names the registration: what it tells the user to look at.
    static func note(_ outcome: Outcome) -> String {
        switch outcome {
        case .registered: return "although Retrocam registered as \(appID)"
        case .absent: return "this portal has no registry to tell it Retrocam's app id"
        case .refused(let reason): return "registering as \(appID) was refused: \(reason)"
        }
    }
}
