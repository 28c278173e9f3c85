import Foundation

/// One event of the Wyoming protocol (Rhasspy 3, Home Assistant voice): a JSON header line
/// `{"type": …, "data": {…}, "data_length": N, "payload_length": M, "version": …}` followed by N bytes of
/// JSON merged into `data` and M bytes of payload (audio, for other programs; never needed here).
/// The reference is the PyPI `wyoming` package 1.10.2 (`wyoming/event.py`).
struct WyomingEvent: @unchecked Sendable {
    /// `describe`, `recognize`, `transcript`, …
    let type: String
    /// The event's data (a JSON object, already merged with the `data_length` bytes).
    let data: [String: Any]
    /// The payload's length (its bytes are skipped: no event this endpoint answers carries audio).
    let payloadLength: Int

    /// Makes an event to send.
    init(_ type: String, _ data: [String: Any] = [:]) {
        self.type = type
        self.data = data
        self.payloadLength = 0
    }

    init(type: String, data: [String: Any], payloadLength: Int) {
        self.type = type
        self.data = data
        self.payloadLength = payloadLength
    }

    /// The protocol version written in every header (the `wyoming` package this was written against).
    static let version = "1.10.2"

    /// The bytes on the wire: the header line, then the data as its own JSON block (as the Python
    /// package writes it), so a reader that only merges `data_length` sees every field.
    func encoded() -> Data {
        var header: [String: Any] = ["type": type, "version": Self.version]
        var block = Data()
        if !data.isEmpty, let json = try? JSONSerialization.data(withJSONObject: data, options: [.sortedKeys]) {
            block = json
            header["data_length"] = json.count
        }
        var bytes = (try? JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])) ?? Data()
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(block)
        return bytes
    }

    /// A string field of the data, or nil.
    func string(_ key: String) -> String? { data[key] as? String }
}

/// True for a JSON `true`/`false` as `JSONSerialization` gives it. On Linux it is an `NSNumber` that casts to
/// `Int` and `Bool` alike (as 1 does), so only its class tells it apart.
func isJSONBoolean(_ value: Any) -> Bool {
    type(of: value) == Bool.self || String(describing: type(of: value)).contains("Boolean")
}

/// Why a stream of events cannot go on; the connection says so in an `error` event and closes.
enum WyomingWireError: Error, Equatable, CustomStringConvertible {
    /// The header line is longer than `WyomingLimits.lineBytes`.
    case lineTooLong(limit: Int)
    /// `data_length` or `payload_length` is negative, not a number, or over its limit.
    case badLength(field: String, value: String, limit: Int)
    /// The header is not a JSON object with a string `type`, or the data block is not a JSON object.
    case malformed(String)
    /// The peer closed the connection in the middle of an event.
    case truncated

    /// The sentence for the `error` event.
    var description: String {
        switch self {
        case .lineTooLong(let limit): return "An event header is longer than \(limit) bytes."
        case .badLength(let field, let value, let limit):
            return "\(field) must be a whole number from 0 to \(limit), not \(value)."
        case .malformed(let what): return "Malformed event: \(what)."
        case .truncated: return "The connection closed in the middle of an event."
        }
    }

    /// The `code` of the `error` event.
    var code: String {
        switch self {
        case .lineTooLong: return "line-too-long"
        case .badLength: return "bad-length"
        case .malformed: return "malformed-event"
        case .truncated: return "truncated"
        }
    }

    /// True when the stream can go on with the next line (only the header line was bad).
    var recoverable: Bool {
        if case .malformed = self { return true }
        return false
    }
}

/// The most the endpoint reads of one event: a peer cannot make it hold more.
enum WyomingLimits {
    /// A header line.
    static let lineBytes = 64 * 1024
    /// The data block.
    static let dataBytes = 64 * 1024
    /// A payload (skipped unread).
    static let payloadBytes = 4 * 1024 * 1024
}

/// Reads events from a byte source (a socket), within `WyomingLimits`.
struct WyomingReader {
    /// Up to the given number of bytes, suspending until some arrive; empty at the end of the stream,
    /// on an error or when the connection went quiet too long.
    let read: (Int) async -> [UInt8]
    private var buffer: [UInt8] = []
    private var start = 0

    init(read: @escaping (Int) async -> [UInt8]) { self.read = read }

    /// The next event; nil at a clean end of the stream (between events).
    mutating func next() async throws(WyomingWireError) -> WyomingEvent? {
        guard let line = try await readLine() else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)), let header = object as? [String: Any] else {
            throw .malformed("the header line is not a JSON object")
        }
        guard let type = header["type"] as? String, !type.isEmpty, type.utf8.count <= 200 else {
            throw .malformed("the header has no \"type\" string")
        }
        var data = header["data"] as? [String: Any] ?? [:]
        if header["data"] != nil, !(header["data"] is [String: Any]) { throw .malformed("\"data\" is not an object") }
        let dataLength = try Self.length(header, "data_length", limit: WyomingLimits.dataBytes)
        let payloadLength = try Self.length(header, "payload_length", limit: WyomingLimits.payloadBytes)
        if dataLength > 0 {
            let block = try await readExactly(dataLength)
            guard let extra = (try? JSONSerialization.jsonObject(with: Data(block))) as? [String: Any] else {
                throw .malformed("the data block is not a JSON object")
            }
            data.merge(extra) { _, new in new }
        }
        if payloadLength > 0 { try await skip(payloadLength) }
        return WyomingEvent(type: type, data: data, payloadLength: payloadLength)
    }

    /// A length field: absent or null is 0; anything but a whole number within the limit throws.
    private static func length(_ header: [String: Any], _ field: String, limit: Int) throws(WyomingWireError) -> Int {
        guard let raw = header[field], !(raw is NSNull) else { return 0 }
        guard !isJSONBoolean(raw), let number = raw as? Int, number >= 0, number <= limit else {
            throw .badLength(field: field, value: String("\(raw)".prefix(40)), limit: limit)
        }
        return number
    }

    /// The next line that is not blank, without its newline; nil when the stream ends between lines.
    private mutating func readLine() async throws(WyomingWireError) -> [UInt8]? {
        var scanned = start
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                compact()
                scanned = start
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
                return line
            }
            scanned = buffer.count
            guard buffer.count - start <= WyomingLimits.lineBytes else { throw .lineTooLong(limit: WyomingLimits.lineBytes) }
            guard await fill() else {
                if buffer.count > start { throw .truncated }
                return nil
            }
        }
    }

    /// Exactly `count` bytes.
    private mutating func readExactly(_ count: Int) async throws(WyomingWireError) -> [UInt8] {
        while buffer.count - start < count { guard await fill() else { throw .truncated } }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        compact()
        return bytes
    }

    /// Reads and forgets `count` bytes.
    private mutating func skip(_ count: Int) async throws(WyomingWireError) {
        var left = count
        while left > 0 {
            if buffer.count == start { guard await fill() else { throw .truncated } }
            let taken = min(left, buffer.count - start)
            start += taken
            left -= taken
            compact()
        }
    }

    /// Reads more bytes into the buffer; false at the end of the stream or on an error.
    private mutating func fill() async -> Bool {
        let chunk = await read(16 * 1024)
        guard !chunk.isEmpty else { return false }
        buffer.append(contentsOf: chunk)
        return true
    }

    /// Drops consumed bytes once they are most of the buffer.
    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
