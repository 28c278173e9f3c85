import Foundation
import RetrocamTesting
import Testing
@testable import Desktop

/// The Wyoming wire format, addresses and the caller rule, in-process (the real endpoint is in ServiceTests).
@Suite struct WyomingWireTests {
    /// A reader over fixed bytes, handed out `chunk` bytes at a time.
    static func reader(_ text: String, chunk: Int = 7) -> WyomingReader {
        let bytes = Array(text.utf8)
        var offset = 0
        return WyomingReader { count in
            let taken = min(count, chunk, bytes.count - offset)
            guard taken > 0 else { return [] }
            defer { offset += taken }
            return Array(bytes[offset..<(offset + taken)])
        }
    }

    @Test func readsHeaderDataAndSkipsPayloads() async throws {
        var reader = Self.reader("{\"type\":\"transcript\",\"data\":{\"language\":\"en\"},\"data_length\":15,\"payload_length\":4,\"version\":\"1.10.2\"}\n"
                                 + "{\"text\":\"zoom\"}ABCD\n\n{\"type\":\"describe\"}\n")
        let first = try #require(try await reader.next())
        #expect(first.type == "transcript" && first.string("text") == "zoom" && first.string("language") == "en")
        #expect(first.payloadLength == 4)
        #expect(try await reader.next()?.type == "describe")
        #expect(try await reader.next() == nil)
    }

    @Test(arguments: [
        ("{\"type\":\"x\",\"data_length\":-1}\n", "bad-length"), ("{\"type\":\"x\",\"data_length\":1.5}\n", "bad-length"),
        ("{\"type\":\"x\",\"data_length\":true}\n", "bad-length"), ("{\"type\":\"x\",\"payload_length\":\"9\"}\n", "bad-length"),
        ("{\"type\":\"x\",\"data_length\":70000}\n", "bad-length"), ("{\"type\":\"x\",\"payload_length\":9999999999}\n", "bad-length"),
        ("not json\n", "malformed-event"), ("[1]\n", "malformed-event"), ("{\"type\":3}\n", "malformed-event"),
        ("{\"type\":\"\"}\n", "malformed-event"), ("{\"type\":\"x\",\"data\":5}\n", "malformed-event"),
        ("{\"type\":\"x\",\"data_length\":2}\n[]", "malformed-event"), ("{\"type\":\"x\",\"data_length\":9}\n{}", "truncated"),
        ("{\"type\":\"x\"", "truncated"), (TextCase(String(repeating: "a", count: 70_000)), "line-too-long"),
    ] as [(TextCase, String)])
    func badInputIsANamedError(_ bytes: TextCase, _ code: String) async {
        let input = bytes.text
        var reader = Self.reader(input, chunk: 4096)
        do {
            _ = try await reader.next()
            Issue.record("'\(input.prefix(40))' was read")
        } catch {
            #expect(error.code == code, "'\(input.prefix(40))': \(error)")
            #expect(error.recoverable == (code == "malformed-event"))
        }
    }

    @Test func writesWhatThePythonPackageReads() throws {
        let bytes = WyomingEvent("handled", ["text": "Zoom set to 2.0x."]).encoded()
        let newline = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
        let header = try #require(try JSONSerialization.jsonObject(with: bytes[..<newline]) as? [String: Any])
        #expect(header["type"] as? String == "handled")
        #expect(header["version"] as? String == "1.10.2")
        let length = try #require(header["data_length"] as? Int)
        #expect(bytes.count == newline + 1 + length)
        let data = try #require(try JSONSerialization.jsonObject(with: bytes[(newline + 1)...]) as? [String: Any])
        #expect(data["text"] as? String == "Zoom set to 2.0x.")
        #expect(WyomingEvent("pong").encoded() == Data("{\"type\":\"pong\",\"version\":\"1.10.2\"}\n".utf8))
    }

    @Test func addresses() throws {
        #expect(try WyomingAddress(parsing: "tcp://127.0.0.1:10700") == .tcp(host: "127.0.0.1", port: 10700))
        #expect(try WyomingAddress(parsing: "tcp://localhost:0") == .tcp(host: "127.0.0.1", port: 0))
        #expect(try WyomingAddress(parsing: "tcp://[::1]:10700") == .tcp(host: "::1", port: 10700))
        #expect(try WyomingAddress(parsing: "tcp://127.8.9.10:1").description == "tcp://127.8.9.10:1")
        #expect(try WyomingAddress(parsing: "unix:///run/user/1000/w.sock") == .unix(path: "/run/user/1000/w.sock"))
        #expect(try WyomingAddress(parsing: "tcp://0.0.0.0:10700", allowRemote: true) == .tcp(host: "0.0.0.0", port: 10700))
        for (uri, expected) in [("tcp://0.0.0.0:10700", "not a loopback"), ("tcp://192.168.1.5:1", "not a loopback"),
                                ("tcp://[::]:1", "not a loopback"), ("tcp://127.0.0.1:65536", "is not a port"),
                                ("tcp://127.0.0.1:-1", "is not a port"), ("tcp://127.0.0.1", "needs a port"),
                                ("tcp://host.example:1", "not an IP address"), ("unix://a.sock", "absolute path"),
                                ("unix:///" + String(repeating: "x", count: 200), "absolute path"), ("udp://127.0.0.1:1", "tcp:// or unix://"),
                                ("", "tcp:// or unix://")] {
            #expect(throws: WyomingAddressError.self, "\(uri)") { try WyomingAddress(parsing: uri) }
            do { _ = try WyomingAddress(parsing: uri) } catch { #expect(error.description.contains(expected), "\(uri): \(error)") }
        }
    }

    @Test func callerRuleAndTheKernelTable() {
        #expect(CallerPolicy.refusal(of: SocketCaller(uid: 1000, pid: 42, origin: "the unix socket"), daemonUID: 1000) == nil)
        #expect(CallerPolicy.refusal(of: SocketCaller(uid: 1001, pid: 42, origin: "the unix socket"), daemonUID: 1000)?
            .contains("Only the user running retrocamd") == true)
        #expect(CallerPolicy.refusal(of: SocketCaller(uid: nil, pid: nil, origin: "127.0.0.1:5"), daemonUID: 0) != nil)
        let table = """
          sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 0100007F:29CC 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1
           1: 0100007F:D2F0 0100007F:29CC 01 00000000:00000000 00:00000000 00000000  1000        0 2 1
        """
        #expect(SocketCaller.owner(in: table, local: "0100007F:D2F0", remote: "0100007F:29CC") == 1000)
        #expect(SocketCaller.owner(in: table, local: "0100007F:D2F1", remote: "0100007F:29CC") == nil)
        #expect(SocketCaller.owner(in: "", local: "0100007F:D2F0", remote: "0100007F:29CC") == nil)
    }
}
