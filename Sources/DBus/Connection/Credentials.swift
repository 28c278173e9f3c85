/// What the bus daemon knows about a peer (`org.freedesktop.DBus.GetConnectionCredentials`).
public struct PeerCredentials: Sendable, Equatable {
    /// `ProcessID`: the peer's process, when the bus knows it.
    public var pid: UInt32?
    /// `UnixUserID`: the peer's user.
    public var uid: UInt32?
    /// `LinuxSecurityLabel`: the peer's LSM label (AppArmor `snap.name.app (enforce)`, SELinux), when any.
    public var securityLabel: String?

    /// Credentials as given.
    public init(pid: UInt32? = nil, uid: UInt32? = nil, securityLabel: String? = nil) {
        self.pid = pid
        self.uid = uid
        self.securityLabel = securityLabel
    }
}

extension Connection {
    /// Asks the bus who owns `name` (a unique name such as `:1.42`): its pid, uid and security label.
    /// The corresponding bus method is `org.freedesktop.DBus.GetConnectionCredentials`.
    public func credentials(of name: String, timeout: Duration = .seconds(5)) async throws -> PeerCredentials {
        let reply = try await call(destination: Connection.busName, path: Connection.busPath, interface: Connection.busName,
                                   method: "GetConnectionCredentials", [.string(name)], timeout: timeout)
        guard let fields = reply.first?.variantDictionary else {
            throw DBusError.failed("The bus answered GetConnectionCredentials with \(Value.signature(of: reply)) instead of a{sv}.")
        }
        var label: String?
        if let bytes = fields["LinuxSecurityLabel"]?.arrayValues?.compactMap({ value -> UInt8? in
            if case .byte(let byte) = value.unwrapped { return byte } else { return nil }
        }) {
            label = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return PeerCredentials(pid: fields["ProcessID"]?.uint32Value, uid: fields["UnixUserID"]?.uint32Value, securityLabel: label)
    }
}
