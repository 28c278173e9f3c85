import Foundation
import XDG

/// Who is on the other end of a socket, as the kernel tells it: the user and the process (`SO_PEERCRED`
/// on a Unix socket). A TCP caller's user comes from the kernel's table of connections (`/proc/net/tcp`,
/// `/proc/net/tcp6`): the row whose local end is the caller's end; its process holds that row's socket.
public struct SocketCaller: Sendable, Equatable, CustomStringConvertible {
    /// The caller's user, or nil when it could not be found.
    public let uid: uid_t?
    /// The caller's process (from `SO_PEERCRED`, or a TCP socket's inode), for sandbox and consent checks.
    public let pid: pid_t?
    /// Where it connected from: "unix socket" or "127.0.0.1:53422".
    public let origin: String

    /// Makes a caller (tests, and the lookups below).
    public init(uid: uid_t?, pid: pid_t?, origin: String) {
        self.uid = uid
        self.pid = pid
        self.origin = origin
    }

    /// "uid 1000, pid 4242 over the unix socket".
    public var description: String {
        let who = uid.map { "uid \($0)" } ?? "an unknown user"
        return pid.map { "\(who), pid \($0), over \(origin)" } ?? "\(who) from \(origin)"
    }

    /// The peer of a connected Unix socket.
    static func unixPeer(_ socket: Int32) -> SocketCaller {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            return SocketCaller(uid: nil, pid: nil, origin: "the unix socket")
        }
        return SocketCaller(uid: credentials.uid, pid: credentials.pid, origin: "the unix socket")
    }

    /// The peer of a connected TCP socket: its user from `/proc/net/tcp` or `/proc/net/tcp6`, and its
    /// process from the socket's inode there, found among the user's open descriptors (as `ss -p` does)
    /// so a sandboxed program on loopback is checked like one on the bus.
    static func tcpPeer(_ socket: Int32, procNet: String = "/proc/net", proc: String = "/proc") -> SocketCaller {
        guard let peer = Endpoint.of(socket, peer: true), let local = Endpoint.of(socket, peer: false) else {
            return SocketCaller(uid: nil, pid: nil, origin: "an unknown address")
        }
        let table = peer.isIPv6 ? "\(procNet)/tcp6" : "\(procNet)/tcp"
        let text = KernelFile.text(table) ?? ""
        guard let row = row(in: text, local: peer.hex, remote: local.hex) else {
            return SocketCaller(uid: nil, pid: nil, origin: peer.text)
        }
        return SocketCaller(uid: row.uid, pid: row.inode.flatMap { process(holdingSocket: $0, proc: proc) }, origin: peer.text)
    }

    /// The uid column of the row whose local and remote addresses are these (`/proc/net/tcp` format).
    static func owner(in table: String, local: String, remote: String) -> uid_t? {
        row(in: table, local: local, remote: remote)?.uid
    }

    /// The uid and socket inode of the row whose local and remote addresses are these.
    static func row(in table: String, local: String, remote: String) -> (uid: uid_t?, inode: String?)? {
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 7, fields[1].uppercased() == local, fields[2].uppercased() == remote else { continue }
            let inode = fields.count > 9 && fields[9] != "0" ? String(fields[9]) : nil
            return (uid_t(fields[7]), inode)
        }
        return nil
    }

    /// The process that has the socket with this inode open (only the daemon's user's are readable).
    static func process(holdingSocket inode: String, proc: String) -> pid_t? {
        let target = "socket:[\(inode)]"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: proc) else { return nil }
        for entry in entries {
            guard let pid = pid_t(entry), pid != getpid(),
                  let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "\(proc)/\(entry)/fd") else { continue }
            for descriptor in descriptors {
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(proc)/\(entry)/fd/\(descriptor)")) == target {
                    return pid
                }
            }
        }
        return nil
    }

    /// One end of a TCP connection.
    struct Endpoint {
        /// As `/proc/net/tcp` writes it: "0100007F:2A04" (address words in host order, then the port).
        let hex: String
        /// As people write it: "127.0.0.1:10756".
        let text: String
        let isIPv6: Bool

        /// The peer's end (`getpeername`) or ours (`getsockname`).
        static func of(_ socket: Int32, peer: Bool) -> Endpoint? {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let result = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { peer ? getpeername(socket, $0, &length) : getsockname(socket, $0, &length) }
            }
            guard result == 0 else { return nil }
            return from(storage)
        }

        /// Reads an IPv4 or IPv6 socket address.
        static func from(_ storage: sockaddr_storage) -> Endpoint? {
            var copy = storage
            switch Int32(storage.ss_family) {
            case AF_INET:
                return withUnsafeBytes(of: &copy) { raw in
                    let address = raw.load(as: sockaddr_in.self)
                    let port = UInt16(bigEndian: address.sin_port)
                    var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                    var addr = address.sin_addr
                    inet_ntop(AF_INET, &addr, &text, socklen_t(text.count))
                    return Endpoint(hex: String(format: "%08X:%04X", address.sin_addr.s_addr, port),
                                    text: "\(Self.string(text)):\(port)", isIPv6: false)
                }
            case AF_INET6:
                return withUnsafeBytes(of: &copy) { raw in
                    let address = raw.load(as: sockaddr_in6.self)
                    let port = UInt16(bigEndian: address.sin6_port)
                    var words = [UInt32](repeating: 0, count: 4)
                    withUnsafeBytes(of: address.sin6_addr) { bytes in
                        for index in 0..<4 { words[index] = bytes.load(fromByteOffset: index * 4, as: UInt32.self) }
                    }
                    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                    var addr = address.sin6_addr
                    inet_ntop(AF_INET6, &addr, &text, socklen_t(text.count))
                    return Endpoint(hex: words.map { String(format: "%08X", $0) }.joined() + String(format: ":%04X", port),
                                    text: "[\(Self.string(text))]:\(port)", isIPv6: true)
                }
            default:
                return nil
            }
        }

        /// A NUL-terminated C buffer as a string.
        private static func string(_ buffer: [CChar]) -> String {
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

/// `struct ucred` of `<sys/socket.h>` (glibc hides it behind `_GNU_SOURCE`, so Swift does not see it):
/// what `SO_PEERCRED` fills in.
struct PeerCredentials {
    var pid: pid_t = 0
    var uid: uid_t = 0
    var gid: gid_t = 0
}

/// The rule for who may drive the camera through a socket, the same as the session bus's: only the user
/// the daemon runs as. One function, so the caller-identity and consent checks of the bus can take its place.
public enum CallerPolicy {
    /// Nil when `caller` may go on; otherwise the sentence that refuses it.
    public static func refusal(of caller: SocketCaller, daemonUID: uid_t = getuid()) -> String? {
        guard let uid = caller.uid else { return "Who is calling could not be found (\(caller.origin)): refused." }
        guard uid == daemonUID else { return "Only the user running retrocamd may use it; \(caller) is not." }
        return nil
    }
}
