import Foundation
import Synchronization

/// The Wyoming endpoint (`retrocamd --wyoming tcp://127.0.0.1:10700` or `unix:///…`): listens, admits
/// callers by `CallerPolicy`, and serves each connection on a thread of its own, event after event.
///
/// Nothing a peer sends can hurt the daemon: a header line, a data block and a payload are read within
/// `WyomingLimits`; a bad header gets an `error` event and the next line is read; a bad length or an
/// over-long line gets an `error` event and the connection is closed; an idle connection is closed after
/// `idleSeconds`; at most `maximumConnections` are served at once (more are told so and closed). The bus
/// runs on its own threads, so a slow or hostile peer never holds it up.
public final class WyomingServer: @unchecked Sendable {
    /// The address it listens on (with the port the kernel chose for port 0).
    public let address: WyomingAddress
    private let listener: Int32
    private let handler: WyomingHandler
    private let log: @Sendable (String) -> Void
    /// Nil admits a caller; otherwise the sentence that refuses it (the bus's rules, see `CallerPolicy`).
    private let admit: @Sendable (SocketCaller) async -> String?
    private let state = Mutex((open: 0, stopped: false, connections: Set<Int32>()))

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
                log: @escaping @Sendable (String) -> Void) throws(WyomingServerError) {
        let (socket, bound) = try Self.listen(on: address)
        self.listener = socket
        self.address = bound
        self.handler = handler
        self.admit = admit
        self.log = log
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "retrocam-wyoming"
        thread.start()
    }

    /// Stops accepting, closes every connection and removes a unix socket file.
    public func stop() {
        let connections = state.withLock { state -> Set<Int32> in
            state.stopped = true
            return state.connections
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        if case .unix(let path) = address { unlink(path) }
    }

    // MARK: Accepting

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if state.withLock({ $0.stopped }) { return }
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    // Out of descriptors: wait a little rather than spin; connections will close.
                    usleep(100_000)
                    continue
                }
                log("wyoming: accept failed: \(String(cString: strerror(errno))); no longer listening")
                return
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped, state.open < Self.maximumConnections else { return false }
                state.open += 1
                state.connections.insert(connection)
                return true
            }
            guard admitted else {
                Self.setTimeouts(connection)
                _ = Self.write(WyomingEvent("error", ["text": "Too many Wyoming connections; try again.", "code": "busy"]), to: connection)
                Self.closeAfterSaying(connection, waitSeconds: 0)
                continue
            }
            let thread = Thread { [self] in
                serve(connection)
                state.withLock {
                    $0.open -= 1
                    $0.connections.remove(connection)
                }
                Self.closeAfterSaying(connection, waitSeconds: 1)
            }
            thread.name = "retrocam-wyoming-connection"
            thread.start()
        }
    }

    // MARK: One connection

    private func serve(_ connection: Int32) {
        Self.setTimeouts(connection)
        let caller: SocketCaller
        switch address {
        case .unix: caller = SocketCaller.unixPeer(connection)
        case .tcp: caller = SocketCaller.tcpPeer(connection)
        }
        if let refusal = admission(of: caller) {
            log("wyoming: refused \(caller)")
            _ = Self.write(WyomingEvent("error", ["text": refusal, "code": "not-allowed"]), to: connection)
            return
        }
        var reader = WyomingReader { buffer, count in recv(connection, buffer, count, 0) }
        while true {
            let event: WyomingEvent
            do {
                guard let next = try reader.next() else { return }
                event = next
            } catch {
                _ = Self.write(WyomingEvent("error", ["text": error.description, "code": error.code]), to: connection)
                if error.recoverable { continue }
                return
            }
            for reply in answer(event, from: caller) {
                guard Self.write(reply, to: connection) else { return }
            }
        }
    }

    /// Waits (on this connection's thread) for the admission check's answer.
    private func admission(of caller: SocketCaller) -> String? {
        let admit = self.admit
        return Self.waitOnThisThread { await admit(caller) }
    }

    /// Waits (on this connection's thread) for the handler's answer.
    private func answer(_ event: WyomingEvent, from caller: SocketCaller) -> [WyomingEvent] {
        let handler = self.handler
        return Self.waitOnThisThread { await handler.respond(to: event, from: caller) }
    }

    /// Runs `work` in a task and blocks this connection's thread (never the bus's) until it answers.
    private static func waitOnThisThread<Answer: Sendable>(_ work: @escaping @Sendable () async -> Answer) -> Answer {
        let done = DispatchSemaphore(value: 0)
        let slot = AnswerSlot<Answer>()
        Task {
            let answer = await work()
            slot.value.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return slot.value.withLock { $0! }
    }

    // MARK: Sockets

    /// Writes an event in full; false when the peer is gone or stopped reading.
    private static func write(_ event: WyomingEvent, to connection: Int32) -> Bool {
        let bytes = event.encoded()
        return bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// Closes a connection so that what was written reaches the peer: a socket closed with unread input
    /// sends a reset, which can throw away the last event (an `error` the peer should read). So the sending
    /// side is shut first and what the peer still sends is read and dropped, for up to `waitSeconds`.
    private static func closeAfterSaying(_ connection: Int32, waitSeconds: Int) {
        shutdown(connection, Int32(SHUT_WR))
        var wait = timeval(tv_sec: waitSeconds, tv_usec: waitSeconds == 0 ? 1000 : 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        var drained = 0
        while drained < WyomingLimits.payloadBytes {
            let got = recv(connection, &scratch, scratch.count, 0)
            guard got > 0 else { break }
            drained += got
        }
        close(connection)
    }

    private static func setTimeouts(_ connection: Int32) {
        var idle = timeval(tv_sec: idleSeconds, tv_usec: 0)
        var writing = timeval(tv_sec: writeSeconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &idle, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &writing, socklen_t(MemoryLayout<timeval>.size))
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

/// One answer handed from a task to the thread waiting for it.
private final class AnswerSlot<Answer: Sendable>: Sendable {
    let value = Mutex<Answer?>(nil)
}
