import Foundation

/// Where the Wyoming endpoint listens: `tcp://HOST:PORT` or `unix:///path/to/socket` (the URIs the
/// `wyoming` package's clients take). TCP is loopback only unless remote callers are allowed explicitly.
public enum WyomingAddress: Sendable, Equatable, CustomStringConvertible {
    /// A TCP address; `host` is an IPv4 or IPv6 literal or `localhost`; port 0 picks a free one.
    case tcp(host: String, port: UInt16)
    /// A Unix socket path.
    case unix(path: String)

    /// Reads a URI; `allowRemote` admits TCP addresses other than loopback (0.0.0.0, a LAN address).
    public init(parsing uri: String, allowRemote: Bool = false) throws(WyomingAddressError) {
        if uri.hasPrefix("unix://") {
            let path = String(uri.dropFirst("unix://".count))
            guard path.hasPrefix("/"), path.utf8.count < 108, !path.contains("\0") else {
                throw .invalid("A unix address needs an absolute path shorter than 108 bytes: unix:///run/user/1000/retrocam-wyoming.")
            }
            self = .unix(path: path)
            return
        }
        guard uri.hasPrefix("tcp://") else { throw .invalid("The Wyoming address must start with tcp:// or unix://, not '\(uri.prefix(60))'.") }
        let rest = String(uri.dropFirst("tcp://".count))
        let host: String, portText: String
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            portText = String(rest[rest.index(after: close)...].drop { $0 == ":" })
        } else if let colon = rest.lastIndex(of: ":") {
            host = String(rest[..<colon])
            portText = String(rest[rest.index(after: colon)...])
        } else {
            throw .invalid("A tcp address needs a port: tcp://127.0.0.1:10700.")
        }
        guard let port = UInt16(portText) else { throw .invalid("'\(portText.prefix(20))' is not a port from 0 to 65535.") }
        let name = host == "localhost" ? "127.0.0.1" : host
        guard Self.isIPLiteral(name) else { throw .invalid("'\(host.prefix(60))' is not an IP address; use 127.0.0.1, ::1 or localhost.") }
        guard allowRemote || Self.isLoopback(name) else {
            throw .notLoopback("\(host) is not a loopback address: the endpoint would take commands from other machines. "
                               + "Use 127.0.0.1, ::1 or a unix socket, or pass --wyoming-allow-remote.")
        }
        self = .tcp(host: name, port: port)
    }

    /// The URI.
    public var description: String {
        switch self {
        case .tcp(let host, let port): return host.contains(":") ? "tcp://[\(host)]:\(port)" : "tcp://\(host):\(port)"
        case .unix(let path): return "unix://\(path)"
        }
    }

    /// True for 127.0.0.0/8 and ::1 (and ::ffff:127.x).
    static func isLoopback(_ host: String) -> Bool {
        if host == "::1" { return true }
        let v4 = host.hasPrefix("::ffff:") ? String(host.dropFirst("::ffff:".count)) : host
        var address = in_addr()
        return inet_pton(AF_INET, v4, &address) == 1 && (UInt32(bigEndian: address.s_addr) >> 24) == 127
    }

    private static func isIPLiteral(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}

/// A Wyoming address that cannot be used.
public enum WyomingAddressError: Error, Equatable, CustomStringConvertible {
    /// Not a URI this endpoint reads.
    case invalid(String)
    /// A TCP address other than loopback, without the flag that allows it.
    case notLoopback(String)

    /// The sentence to print.
    public var description: String {
        switch self {
        case .invalid(let text), .notLoopback(let text): return text
        }
    }
}
