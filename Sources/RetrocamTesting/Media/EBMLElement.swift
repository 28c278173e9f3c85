/// One EBML element's header as it sits in a byte array: its ID, where its data starts, and where it
/// ends (the format Matroska and WebM are written in). Reading never traps: a header cut off by the end
/// of the bytes, or one no EBML writer makes, reads as nil.
struct EBMLElement {
    /// The ID with its length marker kept, as the specifications write it (`0x1F43B675` is a Cluster).
    let id: UInt32
    /// The first byte of the element's data.
    let start: Int
    /// The byte after the element's data; nil when the size is "unknown" (a Segment or a Cluster whose
    /// writer had not finished it).
    let declaredEnd: Int?

    /// The header at `offset` of `bytes`, or nil when there is none to read there.
    init?(_ bytes: [UInt8], at offset: Int) {
        guard let (id, idLength) = Self.vint(bytes, at: offset, maxLength: 4, keepMarker: true),
              let (size, sizeLength) = Self.vint(bytes, at: offset + idLength, maxLength: 8, keepMarker: false)
        else { return nil }
        self.id = UInt32(id)
        start = offset + idLength + sizeLength
        // All value bits set means "unknown size".
        declaredEnd = size == (UInt64(1) << (7 * sizeLength)) - 1 ? nil : start + Int(size)
    }

    /// Where the element ends in `bytes`: its declared end, or the end of the bytes when it has none or
    /// the bytes stop before it (a file still being written).
    func end(in bytes: [UInt8]) -> Int { min(declaredEnd ?? bytes.count, bytes.count) }

    /// True when all of the element's data is in `bytes`.
    func isComplete(in bytes: [UInt8]) -> Bool { declaredEnd.map { $0 <= bytes.count } ?? false }

    /// The element's data read as a big-endian unsigned integer (at most 8 bytes; nil when longer or cut off).
    func unsigned(in bytes: [UInt8]) -> UInt64? {
        guard isComplete(in: bytes), let end = declaredEnd, end - start <= 8 else { return nil }
        return bytes[start..<end].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// An EBML variable-length integer at `offset`: its value (with or without the length marker) and
    /// its length in bytes, the length told by the first byte's leading zeros.
    static func vint(_ bytes: [UInt8], at offset: Int, maxLength: Int, keepMarker: Bool) -> (UInt64, Int)? {
        guard offset >= 0, offset < bytes.count, bytes[offset] != 0 else { return nil }
        let length = bytes[offset].leadingZeroBitCount + 1
        guard length <= maxLength, offset + length <= bytes.count else { return nil }
        let first = keepMarker ? UInt64(bytes[offset]) : UInt64(bytes[offset] & (0xFF >> length))
        let value = bytes[(offset + 1)..<(offset + length)].reduce(first) { $0 << 8 | UInt64($1) }
        return (value, length)
    }
}
