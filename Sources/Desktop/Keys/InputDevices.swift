import Foundation
import XDG

/// An input device as `/proc/bus/input/devices` lists it.
public struct InputDeviceInfo: Sendable, Equatable {
    /// The device's name ("AT Translated Set 2 keyboard").
    public let name: String
    /// Its event node, `/dev/input/eventN`.
    public let eventPath: String
    /// The key codes it reports.
    public let keys: Set<UInt16>
}

/// Finds the devices that have our keys by reading `/proc/bus/input/devices` (no ioctl needed):
/// each block has `N: Name=…`, `H: Handlers=… eventN …` and `B: KEY=…`, a bitmap written as
/// hexadecimal words of the machine's `long`, most significant word first.
public enum InputDevices {
    /// The standard listing file.
    public static let listing = URL(fileURLWithPath: "/proc/bus/input/devices")

    /// Every device in a listing text.
    public static func parse(_ text: String) -> [InputDeviceInfo] {
        text.components(separatedBy: "\n\n").compactMap { block -> InputDeviceInfo? in
            var name = "", event: String?, keys = Set<UInt16>()
            for line in block.split(separator: "\n") {
                if line.hasPrefix("N: Name=") {
                    name = String(line.dropFirst("N: Name=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                } else if line.hasPrefix("H: Handlers=") {
                    event = line.dropFirst("H: Handlers=".count).split(separator: " ").first { $0.hasPrefix("event") }.map(String.init)
                } else if line.hasPrefix("B: KEY=") {
                    keys = bitmap(String(line.dropFirst("B: KEY=".count)))
                }
            }
            guard let event else { return nil }
            return InputDeviceInfo(name: name, eventPath: "/dev/input/\(event)", keys: keys)
        }
    }

    /// The set bits of a `B: KEY=` bitmap.
    static func bitmap(_ words: String) -> Set<UInt16> {
        var bits = Set<UInt16>()
        let wordBits = MemoryLayout<Int>.size * 8
        for (index, word) in words.split(separator: " ").reversed().enumerated() {
            guard let value = UInt64(word, radix: 16) else { continue }
            for bit in 0..<64 where value & (1 << UInt64(bit)) != 0 {
                let code = index * wordBits + bit
                if code < Int(UInt16.max) { bits.insert(UInt16(code)) }
            }
        }
        return bits
    }

    /// The event nodes of the devices that report any of `codes`, from the system's listing.
    public static func devices(reporting codes: [KeyCode], listing: URL = listing) -> [InputDeviceInfo] {
        guard let text = KernelFile.text(listing.path) else { return [] }
        let wanted = Set(codes.map(\.rawValue))
        return parse(text).filter { !$0.keys.isDisjoint(with: wanted) }
    }
}
