import Desktop
import Foundation
import Testing

/// An input device control that reports the capabilities a test gives it and records grabs. There is
/// no `/dev/uinput` on this machine, so the ioctls themselves are not exercised; the policy around them is.
final class FakeDeviceControl: InputDeviceControl, @unchecked Sendable {
    private let lock = NSLock()
    private let reported: Set<UInt16>?
    private let grabError: Int32
    private var calls: [Bool] = []

    init(keys: Set<UInt16>?, grabError: Int32 = 0) {
        reported = keys
        self.grabError = grabError
    }

    func keys(of fd: Int32) -> Set<UInt16>? { reported }
    func grab(_ fd: Int32, _ on: Bool) -> Int32 {
        lock.withLock { calls.append(on) }
        return on ? grabError : 0
    }
    /// Every grab (true) and release (false), in order.
    var grabs: [Bool] { lock.withLock { calls } }
}

@Suite struct KeyGrabTests {
    static let volumeAndCamera: [InputEvent] = [.key(.volumeDown, value: 1), .key(.volumeDown, value: 0), .key(.camera, value: 1), .key(.camera, value: 0)]
    static let volumeMap = KeyMap(shutter: [.camera, .volumeUp, .volumeDown], action: [.cameraFocus])
    /// A button device: camera and volume keys, nothing to type with.
    static let buttons: Set<UInt16> = [114, 115, 212, 0x210]
    /// A laptop keyboard with volume keys.
    static let keyboard: Set<UInt16> = Set(1...120).union([212])

    func listen(_ control: FakeDeviceControl, map: KeyMap) async throws -> (events: [KeyEvent], problems: [String]) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let listener = KeyListener(map: map, control: control)
        let problems = listener.start(paths: [try recordsFile(Self.volumeAndCamera, in: folder)]).map(\.message)
        return (await collect(listener), problems)
    }

    @Test func aButtonDeviceWithAskedVolumeKeysIsGrabbedAndGivenBack() async throws {
        let control = FakeDeviceControl(keys: Self.buttons)
        let (events, problems) = try await listen(control, map: Self.volumeMap)
        #expect(problems.isEmpty)
        #expect(control.grabs == [true, false], "grabbed while read, released when the device ended")
        #expect(events.map(\.code) == [.volumeDown, .volumeDown, .camera, .camera])
    }

    @Test func withoutVolumeKeysNothingIsGrabbed() async throws {
        let control = FakeDeviceControl(keys: Self.buttons)
        let (events, _) = try await listen(control, map: DesktopConfig().keyMap)
        #expect(control.grabs.isEmpty)
        #expect(events.map(\.code) == [.camera, .camera], "the volume keys stay the desktop's")
    }

    @Test func aKeyboardIsNeverGrabbedAndKeepsItsVolumeKeys() async throws {
        let control = FakeDeviceControl(keys: Self.keyboard)
        let (events, problems) = try await listen(control, map: Self.volumeMap)
        #expect(control.grabs.isEmpty)
        #expect(events.map(\.code) == [.camera, .camera])
        #expect(problems.first?.contains("is a keyboard; grabbing it for its volume keys would take your typing") == true, "\(problems)")
    }

    @Test func aGrabThatFailsLeavesTheVolumeKeysAlone() async throws {
        let control = FakeDeviceControl(keys: Self.buttons, grabError: EBUSY)
        let (events, problems) = try await listen(control, map: Self.volumeMap)
        #expect(events.map(\.code) == [.camera, .camera])
        #expect(problems.first?.hasPrefix("Could not grab ") == true && problems.first?.contains("Device or resource busy") == true, "\(problems)")
    }

    @Test func aPipeOrFileHasNothingToGrab() async throws {
        let (events, problems) = try await listen(FakeDeviceControl(keys: nil), map: Self.volumeMap)
        #expect(problems.isEmpty)
        #expect(events.count == 4)
    }

    @Test func theRealControlSaysAFileIsNoInputDevice() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try recordsFile(Self.volumeAndCamera, in: folder)
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        #expect(EvdevControl().keys(of: fd) == nil)
        #expect(EvdevControl().grab(fd, true) == ENOTTY)
    }

    /// The shipped rule opens button devices to the seat's user and never a keyboard.
    @Test func theUdevRuleTagsButtonsNotKeyboards() throws {
        let rules = shippedShortcuts.deletingLastPathComponent().appendingPathComponent("udev/70-retrocam-keys.rules")
        let lines = try String(contentsOf: rules, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(rules.lastPathComponent < "73-seat-late.rules", "uaccess must be tagged before 73-seat-late applies it")
        let keyboardSkip = lines.firstIndex { $0.contains("ENV{ID_INPUT_KEYBOARD}==\"1\"") && $0.contains("GOTO=\"retrocam_keys_end\"") }
        let tag = lines.firstIndex { $0.contains("TAG+=\"uaccess\"") }
        #expect(keyboardSkip != nil && tag != nil && keyboardSkip! < tag!, "\(lines)")
        #expect(!lines.contains { $0.contains("GROUP") || $0.contains("MODE") }, "no group or mode: uaccess only")
    }
}
