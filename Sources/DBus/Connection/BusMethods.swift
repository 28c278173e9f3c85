/// The bus daemon's own methods (`org.freedesktop.DBus`), used by services and clients.
extension Connection {
    /// The bus daemon's name, path and interface name.
    static let busName = "org.freedesktop.DBus"
    static let busPath = "/org/freedesktop/DBus"

    /// Asks for a well-known name without queueing (`DBUS_NAME_FLAG_DO_NOT_QUEUE`).
    /// Returns true when this connection is (now or already) the primary owner, false when another owns it.
    public func requestName(_ name: String) async throws -> Bool {
        let busName = try BusName(name)
        guard !busName.isUnique else { throw DBusError.invalidArgs("\"\(name)\" is a unique name; only well-known names can be requested.") }
        let doNotQueue: UInt32 = 4
        let reply = try await call(destination: Connection.busName, path: Connection.busPath, interface: Connection.busName,
                                   method: "RequestName", [.string(name), .uint32(doNotQueue)])
        switch reply.first?.uint32Value {
        case 1?, 4?: return true   // primary owner / already the owner
        case 2?, 3?: return false  // in queue / exists
        default: throw DBusError.failed("The bus answered RequestName with an unexpected reply \(reply).")
        }
    }

    /// Gives a well-known name back. Returns true when this connection owned it.
    @discardableResult
    public func releaseName(_ name: String) async throws -> Bool {
        _ = try BusName(name)
        let reply = try await call(destination: Connection.busName, path: Connection.busPath, interface: Connection.busName,
                                   method: "ReleaseName", [.string(name)])
        return reply.first?.uint32Value == 1
    }

    /// The unique name owning `name`, or nil when nobody owns it.
    public func nameOwner(_ name: String) async throws -> String? {
        do {
            let reply = try await call(destination: Connection.busName, path: Connection.busPath, interface: Connection.busName,
                                       method: "GetNameOwner", [.string(name)])
            return reply.first?.stringValue
        } catch let error as DBusError where error.name == DBusError.Names.nameHasNoOwner {
            return nil
        }
    }
}
