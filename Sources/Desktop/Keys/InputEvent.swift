/// One `struct input_event` as the kernel writes it to `/dev/input/eventN`.
///
/// We parse the 24-byte records ourselves rather than use libevdev: libevdev needs an evdev
/// device (it issues ioctls), so it cannot read a pipe or a file, and tests feed records through
/// exactly that. The layout on 64-bit Linux (x86_64, aarch64) is: `struct timeval` (two 64-bit
/// fields), `__u16 type`, `__u16 code`, `__s32 value`, in the machine's byte order.
public struct InputEvent: Sendable, Equatable {
    /// The size of one record on 64-bit Linux.
    public static let size = 24
    /// `EV_KEY`: a key or button changed.
    public static let keyType: UInt16 = 1

    /// Seconds of the event's time stamp.
    public var seconds: Int64
    /// Microseconds of the event's time stamp.
    public var microseconds: Int64
    /// The event type (`EV_KEY` = 1, `EV_SYN` = 0, …).
    public var type: UInt16
    /// The key code for `EV_KEY`.
    public var code: UInt16
    /// For `EV_KEY`: 1 press, 0 release, 2 autorepeat.
    public var value: Int32

    /// Makes an event.
    public init(seconds: Int64 = 0, microseconds: Int64 = 0, type: UInt16, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// A key event: `value` 1 press, 0 release, 2 autorepeat.
    public static func key(_ code: KeyCode, value: Int32) -> InputEvent {
        InputEvent(type: keyType, code: code.rawValue, value: value)
    }

    /// Reads one record from exactly 24 bytes.
    public init<Bytes: Collection>(record bytes: Bytes) where Bytes.Element == UInt8 {
        precondition(bytes.count == Self.size, "an input_event record is \(Self.size) bytes")
        let array = Array(bytes)
        func load<T: FixedWidthInteger>(_ offset: Int, as: T.Type) -> T {
            array.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
        }
        seconds = load(0, as: Int64.self)
        microseconds = load(8, as: Int64.self)
        type = load(16, as: UInt16.self)
        code = load(18, as: UInt16.self)
        value = load(20, as: Int32.self)
    }

    /// The 24 bytes of the record, in the machine's byte order (as the kernel writes them).
    public var record: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.size)
        withUnsafeBytes(of: seconds) { bytes += $0 }
        withUnsafeBytes(of: microseconds) { bytes += $0 }
        withUnsafeBytes(of: type) { bytes += $0 }
        withUnsafeBytes(of: code) { bytes += $0 }
        withUnsafeBytes(of: value) { bytes += $0 }
        return bytes
    }
}

/// Splits a byte stream into input events, keeping a partial record for the next chunk.
public struct InputEventDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// The whole records in `chunk` (after any bytes left over from before).
    public mutating func decode<Bytes: Collection>(_ chunk: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        pending.append(contentsOf: chunk)
        let whole = pending.count / InputEvent.size * InputEvent.size
        let events = stride(from: 0, to: whole, by: InputEvent.size).map {
            InputEvent(record: pending[$0 ..< $0 + InputEvent.size])
        }
        pending.removeFirst(whole)
        return events
    }

    /// Bytes of an incomplete record still waiting.
    public var pendingByteCount: Int { pending.count }
}
