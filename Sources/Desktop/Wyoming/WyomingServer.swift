import Blocking
import Foundation
import Synchronization

/// The Wyoming endpoint (`retrocamd --wyoming tcp://127.0.0.1:10700` or `unix:///…`): listens, admits
/// callers by `CallerPolicy`, and serves each connection in a task of its own, event after event. No
/// thread waits on a socket: every socket is non-blocking, and a task that needs input or room to write
/// is suspended on the pool's `DescriptorWatcher` until the kernel says so.
///
/// Nothing a peer sends can hurt the daemon: a header line, a data block and a payload are read within
/// `WyomingLimits`; a bad header gets an `error` event and the next line is read; a bad length or an
/// over-long line gets an `error` event and the connection is closed; an idle connection is closed after
/// `idleSeconds`; a peer that stops reading is left after `writeSeconds`; at most `maximumConnections`
/// are served at once (more are told so and closed).
public final class WyomingServer: Sendable {
    /// The address it listens on (with the port the kernel chose for port 0).
    public let address: WyomingAddress
    private let listener: Int32
    private let handler: WyomingHandler
    private let log: @Sendable (String) -> Void
    /// Nil admits a caller; otherwise the sentence that refuses it (the bus's rules, see `CallerPolicy`).
    private let admit: @Sendable (SocketCaller) async -> String?
    private let watcher: DescriptorWatcher
    private let pool: BlockingPool
    private struct State {
        var open = 0
        var stopped = false
        var connections = Set<Int32>()
        var accepting: Task<Void, Never>?
    }
    private let state = Mutex(State())

    /// Most connections served at once.
    static let maximumConnections = 32
    /// Seconds a connection may stay silent between events.
    static let idleSeconds = 120
    /// Seconds a write may wait for a peer that does not read.
    static let writeSeconds = 10

    /// Binds and starts accepting; throws a sentence when the address cannot be used.
    /// `admit` decides who may use it (by default only the daemon's user: `CallerPolicy`).
    public init(address: WyomingAddress, handler: WyomingHandler,
                admit: @escaping @Sendable (SocketCaller) async -> String? = { CallerPolicy.refusal(of: $0) },
                pool: BlockingPool = .shared, log: @escaping @Sendable (String) -> Void) throws(WyomingServerError) {
        let (socket, bound) = try Self.listen(on: address)
        Self.makeNonBlocking(socket)
        self.listener = socket
        self.address = bound
        self.handler = handler
        self.admit = admit
        self.pool = pool
        watcher = pool.descriptors
        self.log = log
        let accepting = Task { [self] in await acceptLoop() }
        state.withLock { $0.accepting = accepting }
    }

    /// Stops accepting, closes every connection and removes a unix socket file.
    public func stop() {
        let (connections, accepting) = state.withLock { state -> (Set<Int32>, Task<Void, Never>?) in
            state.stopped = true
            defer { state.accepting = nil }
            return (state.connections, state.accepting)
        }
        accepting?.cancel()
        shutdown(listener, Int32(SHUT_RDWR))
        // Each connection's task sees its end of file and closes its own descriptor.
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        if case .unix(let path) = address { unlink(path) }
    }

    // MARK: Accepting

    private func acceptLoop() async {
        defer { close(listener) }
        while !Task.isCancelled {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if state.withLock({ $0.stopped }) { return }
                switch errno {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED:
                    guard (try? await watcher.wait(for: .readable, on: listener)) != nil else { return }
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: wait a little rather than spin; connections will close.
                    try? await Task.sleep(for: .milliseconds(100))
                default:
                    log("wyoming: accept failed: \(String(cString: strerror(errno))); no longer listening")
                    return
                }
                continue
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            Self.makeNonBlocking(connection)
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped, state.open < Self.maximumConnections else { return false }
                state.open += 1
                state.connections.insert(connection)
                return true
            }
            guard admitted else {
                Task { [self] in
                    _ = await write(WyomingEvent("error", ["text": "Too many Wyoming connections; try again.", "code": "busy"]), to: connection)
                    await closeAfterSaying(connection, waitSeconds: 0)
                }
                continue
            }
            Task { [self] in
                await serve(connection)
                state.withLock {
                    $0.open -= 1
                    $0.connections.remove(connection)
                }
                await closeAfterSaying(connection, waitSeconds: 1)
            }
        }
    }

    // MARK: One connection

    private func serve(_ connection: Int32) async {
        let caller: SocketCaller
        switch address {
        case .unix: caller = SocketCaller.unixPeer(connection)
        case .tcp:
            // /proc is read to find the peer's process: on the pool, as every file read is.
            caller = (try? await pool.run("reading who is calling") { SocketCaller.tcpPeer(connection) })
                ?? SocketCaller(uid: nil, pid: nil, origin: "an unknown address")
        }
        if let refusal = await admit(caller) {
            log("wyoming: refused \(caller)")
            _ = await write(WyomingEvent("error", ["text": refusal, "code": "not-allowed"]), to: connection)
            return
        }
        var reader = WyomingReader { [self] count in await read(upTo: count, from: connection) }
        while true {
            let event: WyomingEvent
            do {
                guard let next = try await reader.next() else { return }
                event = next
            } catch {
                _ = await write(WyomingEvent("error", ["text": error.description, "code": error.code]), to: connection)
                if error.recoverable { continue }
                return
            }
            for reply in await handler.respond(to: event, from: caller) {
                guard await write(reply, to: connection) else { return }
            }
        }
    }

    // MARK: Sockets

    /// Up to `count` bytes from `connection`, waiting (suspended) at most `idleSeconds` for them; empty
    /// at the end of the stream, on an error or when the peer stayed silent that long.
    private func read(upTo count: Int, from connection: Int32, seconds: Int = WyomingServer.idleSeconds) async -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: count)
        while true {
            let got = recv(connection, &chunk, count, 0)
            if got > 0 { return Array(chunk[0..<got]) }
            if got == 0 { return [] }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return [] }
            guard (try? await watcher.wait(for: .readable, on: connection, timeout: .seconds(seconds))) == true else { return [] }
        }
    }

    /// Writes an event in full; false when the peer is gone or stopped reading for `writeSeconds`.
    private func write(_ event: WyomingEvent, to connection: Int32) async -> Bool {
        let bytes = [UInt8](event.encoded())
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
                continue
            }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR,
                  (try? await watcher.wait(for: .writable, on: connection, timeout: .seconds(Self.writeSeconds))) == true
            else { return false }
        }
        return true
    }

    /// Closes a connection so that what was written reaches the peer: a socket closed with unread input
    /// sends a reset, which can throw away the last event (an `error` the peer should read). So the sending
    /// side is shut first and what the peer still sends is read and dropped, for up to `waitSeconds`.
    private func closeAfterSaying(_ connection: Int32, waitSeconds: Int) async {
        shutdown(connection, Int32(SHUT_WR))
        var drained = 0
        while drained < WyomingLimits.payloadBytes {
            let got = await read(upTo: 16 * 1024, from: connection, seconds: waitSeconds)
            guard !got.isEmpty else { break }
            drained += got.count
        }
        close(connection)
    }

    private static func makeNonBlocking(_ socket: Int32) {
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    }

    /// A listening socket on `address`, and the address as bound.
    private static func listen(on address: WyomingAddress) throws(WyomingServerError) -> (Int32, WyomingAddress) {
        switch address {
        case .unix(let path): return (try listenUnix(path), address)
        case .tcp(let host, let port): return try listenTCP(host: host, port: port)
        }
    }

    private static func listenUnix(_ path: String) throws(WyomingServerError) -> Int32 {
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8) + [0])
        }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .cannotListen(address: "unix://\(path)", reason: String(cString: strerror(errno))) }
        var status = stat()
        if lstat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFSOCK else {
                close(socket)
                throw .cannotListen(address: "unix://\(path)", reason: "a file that is not a socket is there")
            }
            // A socket file: in use when something answers on it, else left over from a crash.
            let probe = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            let connected = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            close(probe)
            guard connected != 0 else {
                close(socket)
                throw .cannotListen(address: "unix://\(path)", reason: "another program is listening there")
            }
            unlink(path)
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        // Only the user may connect (CallerPolicy checks each caller too).
        guard bound == 0, chmod(path, 0o600) == 0, Glibc.listen(socket, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw .cannotListen(address: "unix://\(path)", reason: reason)
        }
        return socket
    }

    private static func listenTCP(host: String, port: UInt16) throws(WyomingServerError) -> (Int32, WyomingAddress) {
        let uri = WyomingAddress.tcp(host: host, port: port).description
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        let isIPv6 = inet_pton(AF_INET6, host, &v6.sin6_addr) == 1
        if !isIPv6 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &v4.sin_addr)
        } else {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
        }
        let socket = Glibc.socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .cannotListen(address: uri, reason: String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32 = isIPv6
            ? withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
            : withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, Glibc.listen(socket, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw .cannotListen(address: uri, reason: reason)
        }
        var chosen = port
        if let local = SocketCaller.Endpoint.of(socket, peer: false), let colon = local.hex.lastIndex(of: ":"),
           let value = UInt16(local.hex[local.hex.index(after: colon)...], radix: 16) {
            chosen = value
        }
        return (socket, .tcp(host: host, port: chosen))
    }
}

/// Why the endpoint could not start.
public enum WyomingServerError: Error, Equatable, CustomStringConvertible {
    /// The socket could not be made, bound or listened on.
    case cannotListen(address: String, reason: String)

    /// The sentence to log.
    public var description: String {
        switch self {
        case .cannotListen(let address, let reason): return "The Wyoming endpoint cannot listen on \(address): \(reason)."
        }
    }
}
