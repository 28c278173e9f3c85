import DBus
import Intents

/// The desktop's own consent for confined apps to use the camera: the entry the xdg-desktop-portal
/// Camera portal keeps in the permission store (`org.freedesktop.impl.portal.PermissionStore`,
/// table `devices`, id `camera`; an app is allowed when its permissions are `["yes"]`). Asked on every
/// capture by a confined app, so a permission withdrawn in the desktop's settings counts at once.
struct CameraConsent: Sendable {
    static let store = "org.freedesktop.impl.portal.PermissionStore"
    static let path = "/org/freedesktop/impl/portal/PermissionStore"
    static let table = "devices"
    static let id = "camera"

    let connection: Connection
    /// How long the store may take to answer.
    let timeout: Duration

    /// Nil when `appID` may use the camera; otherwise the sentence that says why not and how to allow it.
    func refusal(for appID: String, program: String) async -> String? {
        let reply: [Value]
        do {
            reply = try await connection.call(destination: Self.store, path: Self.path, interface: Self.store, method: "Lookup",
                                              [.string(Self.table), .string(Self.id)], timeout: timeout)
        } catch let error as DBusError where error.name == "org.freedesktop.portal.Error.NotFound" {
            return Self.notAllowed(appID, program: program, why: "no app has been allowed to use the camera yet")
        } catch let error as DBusError where error.name == DBusError.Names.noReply {
            return "\(program) runs in a sandbox, and the desktop's permission store did not answer within "
                + "\(timeout.components.seconds) seconds, so its consent to use the camera cannot be checked. Try again."
        } catch {
            return "\(program) runs in a sandbox, and the desktop's permission store (\(Self.store)) could not be asked "
                + "whether it may use the camera (\((error as? DBusError)?.message ?? "\(error)")). Install or start xdg-desktop-portal."
        }
        let permissions = reply.first?.unwrapped
        guard case .dictionary(_, _, let entries)? = permissions else {
            return Self.notAllowed(appID, program: program, why: "the permission store's answer could not be read")
        }
        let granted = entries.first { $0.key.stringValue == appID }?.value.arrayValues?.compactMap(\.stringValue) ?? []
        if granted.first == "yes" { return nil }
        return Self.notAllowed(appID, program: program,
                               why: granted.isEmpty ? "it has not been allowed to use the camera" : "the camera was refused to it")
    }

    /// "… is a sandboxed app (org.example.Cam) and …. To allow it: …".
    static func notAllowed(_ appID: String, program: String, why: String) -> String {
        "\(program) is a sandboxed app (\(appID)) and \(why). To allow it, turn on its camera access in your desktop's "
            + "privacy settings, or run: flatpak permission-set \(table) \(id) \(appID) yes"
    }
}
