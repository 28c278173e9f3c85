import Foundation
import RetrocamTesting
import Testing

/// The real `wyoming` package from PyPI (1.10.2) in a throwaway venv under the temporary folder (made on the
/// first run, reused after), and a script that sends events with its `AsyncClient` and prints the replies.
enum WyomingClient {
    /// The version the endpoint was written against.
    static let package = "wyoming==1.10.2"

    /// The venv's python, or the reason it could not be made.
    static let python: Result<String, HarnessError> = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-wyoming-venv")
        let python = folder.appendingPathComponent("bin/python3").path
        do {
            if !FileManager.default.isExecutableFile(atPath: python) {
                try check(ProcessRunner.run("/usr/bin/python3", ["-m", "venv", folder.path], timeout: 120))
            }
            try check(ProcessRunner.run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", package],
                                        timeout: 300))
            return .success(python)
        } catch {
            return .failure(HarnessError("the wyoming venv could not be made: \(error)"))
        }
    }()

    private static func check(_ output: ProcessOutput) throws {
        guard output.status == 0 else { throw HarnessError("\(output.ending): \(output.stderr.suffix(1500))") }
    }

    /// One event to send: its type and data, as the `wyoming` classes would make it.
    struct Send: Encodable {
        let type: String
        let data: [String: String]
        init(_ type: String, _ data: [String: String] = [:]) {
            self.type = type
            self.data = data
        }
    }

    /// One reply: its type and data.
    struct Reply {
        let type: String
        let data: [String: Any]
        /// A string field.
        func string(_ key: String) -> String? { data[key] as? String }
    }

    /// Sends `events` over one connection to `uri` with the package's client (`AsyncClient.from_uri`: tcp or
    /// unix) and answers one reply per event, parsed by the package's own classes (`Info.from_event`,
    /// `Intent.from_event`, `Handled.from_event`, …), which throw on a reply they cannot read.
    /// `asUser` runs the client as that user; `launcher` runs it through a command (a sandbox).
    static func exchange(_ uri: String, _ events: [Send], asUser uid: Int? = nil, launcher: [String] = []) throws -> [Reply] {
        let python = try self.python.get()
        let input = String(decoding: try JSONEncoder().encode(events), as: UTF8.self)
        var command = launcher + [python, "-c", script, uri, input]
        if let uid { command = ["/usr/bin/setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups"] + command }
        let output = try ProcessRunner.run(command[0], Array(command.dropFirst()), timeout: 60)
        guard output.status == 0 else { throw HarnessError("wyoming client \(output.ending): \(output.stderr.suffix(2000))") }
        return try output.stdout.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return Reply(type: object["type"] as? String ?? "", data: object["data"] as? [String: Any] ?? [:])
        }
    }

    /// The client: sends each event, reads the reply, checks it with the package's classes, prints it as JSON.
    static let script = """
    import asyncio, json, sys
    from wyoming.client import AsyncClient
    from wyoming.event import Event
    from wyoming.info import Info
    from wyoming.intent import Intent, NotRecognized
    from wyoming.handle import Handled, NotHandled
    from wyoming.error import Error
    from wyoming.ping import Pong
    PARSERS = {"info": Info, "intent": Intent, "not-recognized": NotRecognized, "handled": Handled,
               "not-handled": NotHandled, "error": Error, "pong": Pong}
    async def main():
        async with AsyncClient.from_uri(sys.argv[1], connect_timeout=10, read_timeout=30) as client:
            for item in json.loads(sys.argv[2]):
                await client.write_event(Event(type=item["type"], data=item["data"]))
                reply = await client.read_event()
                if reply is None:
                    print(json.dumps({"type": "closed", "data": {}}))
                    return
                PARSERS[reply.type].from_event(reply)
                print(json.dumps({"type": reply.type, "data": reply.data}), flush=True)
    asyncio.run(main())
    """
}

/// A raw socket to the endpoint, for what no well-behaved client sends.
final class RawWyomingSocket {
    let descriptor: Int32

    /// Connects to a unix socket path.
    init(unixPath path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw HarnessError("cannot connect to \(path): \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Sends bytes; false when the peer is gone.
    @discardableResult
    func send(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// Sends a string.
    @discardableResult
    func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// Closes the sending side (a half-close).
    func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Reads events until `count` are in or the endpoint closes; each as (type, data).
    func events(_ count: Int) -> [(type: String, data: [String: Any])] {
        var bytes = Data()
        var result: [(type: String, data: [String: Any])] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while result.count < count {
            let got = recv(descriptor, &chunk, chunk.count, 0)
            guard got > 0 else { break }
            bytes.append(contentsOf: chunk[0..<got])
            result = Self.parse(bytes)
        }
        return result
    }

    /// True when the endpoint closed the connection (reads the end of the stream within the timeout).
    func isClosedByPeer() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = recv(descriptor, &chunk, chunk.count, 0)
            if got == 0 { return true }
            if got < 0 { return errno == ECONNRESET }
        }
    }

    /// Parses complete events (header line, then data_length bytes of JSON).
    static func parse(_ bytes: Data) -> [(type: String, data: [String: Any])] {
        var events: [(type: String, data: [String: Any])] = []
        var index = bytes.startIndex
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            guard let header = try? JSONSerialization.jsonObject(with: bytes[index..<newline]) as? [String: Any] else { break }
            let length = header["data_length"] as? Int ?? 0
            let dataStart = newline + 1
            guard bytes.endIndex - dataStart >= length else { break }
            let data = length > 0 ? (try? JSONSerialization.jsonObject(with: bytes[dataStart..<(dataStart + length)])) as? [String: Any] : nil
            events.append((header["type"] as? String ?? "", data ?? [:]))
            index = dataStart + length
        }
        return events
    }
}
