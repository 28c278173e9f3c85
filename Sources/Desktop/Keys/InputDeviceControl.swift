import Foundation

/// The two evdev ioctls the key listener needs, behind a protocol so the grab policy can be tested
/// without an input device (this machine has no `/dev/uinput`).
public protocol InputDeviceControl: Sendable {
    /// The key codes the device at `fd` reports (`EVIOCGBIT(EV_KEY)`), or nil when it is not an evdev
    /// device (a pipe or a file of recorded events).
    func keys(of fd: Int32) -> Set<UInt16>?
    /// `EVIOCGRAB`: takes the device's events for this file alone (`on`), or gives them back. Answers 0
    /// or the errno.
    func grab(_ fd: Int32, _ on: Bool) -> Int32
}

/// The real ioctls on `/dev/input/eventN`.
public struct EvdevControl: InputDeviceControl {
    /// `_IOW('E', 0x90, int)`.
    static let grabRequest: UInt = 0x4004_4590
    /// `KEY_MAX` (0x2ff): the key bitmap has this many bits plus one.
    static let keyMax = 0x2ff

    /// The real device control.
    public init() {}

    /// `EVIOCGBIT(EV_KEY, len)` = `_IOC(_IOC_READ, 'E', 0x20 + EV_KEY, len)`.
    public func keys(of fd: Int32) -> Set<UInt16>? {
        var bits = [UInt8](repeating: 0, count: (Self.keyMax + 8) / 8)
        let request = (UInt(2) << 30) | (UInt(bits.count) << 16) | (UInt(UInt8(ascii: "E")) << 8) | UInt(0x20 + 1)
        let read = bits.withUnsafeMutableBytes { ioctl(fd, request, $0.baseAddress!) }
        guard read >= 0 else { return nil }
        var keys = Set<UInt16>()
        for (index, byte) in bits.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { keys.insert(UInt16(index * 8 + bit)) }
        }
        return keys
    }

    public func grab(_ fd: Int32, _ on: Bool) -> Int32 {
        ioctl(fd, Self.grabRequest, on ? 1 : 0) == 0 ? 0 : errno
    }
}

/// Which keys of one opened device are used, and whether it is grabbed: the volume keys change the volume
/// for the whole desktop, so they are the shutter only when asked for, and then the device is grabbed so
/// a volume press never reaches the mixer too. A whole keyboard is never grabbed (that would take the
/// user's typing): its volume keys stay the desktop's.
struct DeviceGrabPolicy {
    /// `KEY_Q` … `KEY_P`, `KEY_A` … `KEY_L`, `KEY_Z` … `KEY_M`: a device with letters is a keyboard.
    static let letterKeys: Set<UInt16> = Set(16...25).union(30...38).union(44...50)

    /// What to do with one device.
    struct Decision: Equatable {
        /// Grab it (it carries volume keys we were asked to use, and nothing one types with).
        var grab = false
        /// Codes to ignore from it (volume keys we may not take from it).
        var ignored: Set<UInt16> = []
        /// Why, when something we were asked for cannot be used.
        var problem: String?
    }

    /// The decision for a device reporting `keys` (nil: not an evdev device) under `map`.
    static func decide(keys: Set<UInt16>?, map: KeyMap, path: String) -> Decision {
        let volume = Set(map.codes.map(\.rawValue)).intersection(KeyCode.volumeKeys.map(\.rawValue))
        guard !volume.isEmpty, let keys, !keys.isDisjoint(with: volume) else { return Decision() }
        if !keys.isDisjoint(with: letterKeys) {
            return Decision(ignored: volume, problem: "\(path) is a keyboard; grabbing it for its volume keys would take your typing, "
                                + "so its volume keys stay the desktop's (the camera keys still work).")
        }
        return Decision(grab: true)
    }

    /// The decision after the grab was tried and failed with `error`.
    static func failedGrab(_ error: Int32, map: KeyMap, path: String) -> Decision {
        let volume = Set(map.codes.map(\.rawValue)).intersection(KeyCode.volumeKeys.map(\.rawValue))
        return Decision(ignored: volume, problem: "Could not grab \(path) (\(String(cString: strerror(error)))), so its volume keys stay the "
                            + "desktop's rather than changing the volume and shooting at once.")
    }
}
