import BusNames
import DBus
import Foundation

/// The Wyoming round trip: a `transcript` event sent over TCP loopback to `retrocamd --wyoming` and its
/// `handled` event read back, against `Intents1.Interpret(…, perform: true)` of the same sentence on the bus.
enum WyomingBench {
    /// A free loopback port, chosen by the kernel (the daemon binds it right after).
    static func freePort() throws -> UInt16 {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(probe, pointer, length) == 0 else { return -1 }
                return getsockname(probe, pointer, &length)
            }
        }
        guard bound == 0 else { throw BenchError("no free loopback port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// `iterations` interleaved pairs: a transcript on one kept connection, the same sentence through Interpret;
    /// then `iterations / 10` transcripts each on a new connection (what a pipeline that connects per request pays).
    static func run(_ daemon: BenchDaemon, port: UInt16, iterations: Int) throws -> [String] {
        let connection = try Connection(port: port)
        defer { close(connection.descriptor) }
        var wyoming: [Double] = [], bus: [Double] = []
        for index in 0..<iterations {
            let sentence = "set the degree to \(index % 12 + 1)"
            wyoming.append(try milliseconds {
                let reply = try connection.exchange(sentence)
                guard reply == "handled" else { throw BenchError("transcript answered \(reply)") }
            })
            bus.append(try milliseconds { try daemon.call(BusContract.intentsInterface, "Interpret", [.string(sentence), .bool(true)]) })
        }
        var fresh: [Double] = []
        for index in 0..<max(1, iterations / 10) {
            fresh.append(try milliseconds {
                let once = try Connection(port: port)
                defer { close(once.descriptor) }
                _ = try once.exchange("set the degree to \(index % 12 + 1)")
            })
        }
        let w = Stats(wyoming), b = Stats(bus), f = Stats(fresh)
        return [
            String(format: "Wyoming transcript → handled over tcp://127.0.0.1 (one connection; 12 texts repeated: matcher cached): p50 %.3f ms, p99 %.3f ms (%d); "
                   + "Intents1.Interpret(perform) on the bus (the same texts, cached too) p50 %.3f ms, p99 %.3f ms: ratio p50 %.2fx",
                   w.p50, w.p99, w.samples.count, b.p50, b.p99, w.p50 / b.p50),
            String(format: "Wyoming transcript → handled, a new connection each (connect, caller's uid from /proc/net/tcp): p50 %.3f ms, p99 %.3f ms (%d)",
                   f.p50, f.p99, f.samples.count),
        ]
    }

    /// One TCP connection to the endpoint.
    struct Connection {
        let descriptor: Int32

        init(port: UInt16) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(descriptor)
                throw BenchError("cannot connect to the Wyoming endpoint on port \(port): \(String(cString: strerror(errno)))")
            }
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }

        /// Sends a transcript event and answers the type of the reply (its data is read and dropped).
        func exchange(_ text: String) throws -> String {
            let data = try JSONSerialization.data(withJSONObject: ["text": text])
            var bytes = Data("{\"type\":\"transcript\",\"data_length\":\(data.count)}\n".utf8)
            bytes.append(data)
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent == bytes.count else { throw BenchError("the Wyoming endpoint closed the connection") }
            var received = Data()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                if let newline = received.firstIndex(of: UInt8(ascii: "\n")),
                   let header = try? JSONSerialization.jsonObject(with: received[..<newline]) as? [String: Any] {
                    let length = header["data_length"] as? Int ?? 0
                    if received.count - (newline + 1) >= length { return header["type"] as? String ?? "" }
                }
                let got = recv(descriptor, &chunk, chunk.count, 0)
                guard got > 0 else { throw BenchError("the Wyoming endpoint closed the connection") }
                received.append(contentsOf: chunk[0..<got])
            }
        }
    }
}
