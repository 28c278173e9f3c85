import Desktop
import Foundation
import RetrocamTesting
import Testing

/// Writes `events` as raw `input_event` records to a new file and answers its path.
func recordsFile(_ events: [InputEvent], in folder: URL) throws -> String {
    let url = folder.appendingPathComponent("events-\(UUID().uuidString)")
    try Data(events.flatMap(\.record)).write(to: url)
    return url.path
}

/// Opens a FIFO for writing without blocking (fails at once when nothing reads it).
func fifoWriter(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> FileHandle {
    let fd = open(path, O_WRONLY | O_NONBLOCK)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    _ = fcntl(fd, F_SETFL, 0)
    return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
}

/// A desktop harness in STILL whose keys come from a new FIFO: the harness, the FIFO's path, its folder.
func stillHarnessReadingAPipe() async throws -> (DesktopHarness, String, URL) {
    let folder = try temporaryFolder()
    let fifo = folder.appendingPathComponent("keys.fifo").path
    guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let harness = try await DesktopHarness(still: true) {
        $0.keys = true
        $0.keysDevices = [fifo]
    }
    return (harness, fifo, folder)
}

/// Every event a listener delivers until its devices end.
func collect(_ listener: KeyListener) async -> [KeyEvent] {
    var events: [KeyEvent] = []
    for await event in listener.events { events.append(event) }
    return events
}

@Suite struct KeysTests {
    @Test func aRecordIsTwentyFourBytesInTheKernelsLayout() {
        let event = InputEvent(seconds: 1_700_000_000, microseconds: 250_000, type: 1, code: 212, value: 1)
        let bytes = event.record
        #expect(bytes.count == 24)
        #expect(Array(bytes[16..<18]) == [1, 0])          // type EV_KEY, little-endian u16
        #expect(Array(bytes[18..<20]) == [212, 0])        // code KEY_CAMERA
        #expect(Array(bytes[20..<24]) == [1, 0, 0, 0])    // value: press
        #expect(InputEvent(record: bytes) == event)
    }

    @Test func theDecoderKeepsPartialRecords() {
        let records = [InputEvent.key(.camera, value: 1), InputEvent.key(.camera, value: 0)].flatMap(\.record)
        var decoder = InputEventDecoder()
        #expect(decoder.decode(records[0..<10]).isEmpty)
        #expect(decoder.pendingByteCount == 10)
        let first = decoder.decode(records[10..<30])
        #expect(first == [InputEvent.key(.camera, value: 1)])
        #expect(decoder.decode(records[30...]) == [InputEvent.key(.camera, value: 0)])
        #expect(decoder.pendingByteCount == 0)
    }

    @Test func pressesAndReleasesOfMappedKeysAreDeliveredInOrder() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let syn = InputEvent(type: 0, code: 0, value: 0)
        let path = try recordsFile([
            .key(.volumeUp, value: 0),                       // a release without its press: ignored
            .key(.camera, value: 1), syn,
            .key(.camera, value: 2), .key(.camera, value: 2), // autorepeat: ignored
            .key(.camera, value: 0), syn,
            InputEvent(type: 1, code: 30, value: 1),          // KEY_A: not ours
            .key(.cameraFocus, value: 1), .key(.cameraFocus, value: 0),
            InputEvent(type: 2, code: 212, value: 1),         // EV_REL with a camera-like code: not a key
        ], in: folder)
        let listener = KeyListener(map: KeyMap(shutter: [.camera, .volumeUp], action: [.cameraFocus]))
        #expect(listener.start(paths: [path]).isEmpty)
        let events = await collect(listener)
        #expect(events == [
            KeyEvent(role: .shutter, phase: .press, code: .camera), KeyEvent(role: .shutter, phase: .release, code: .camera),
            KeyEvent(role: .action, phase: .press, code: .cameraFocus), KeyEvent(role: .action, phase: .release, code: .cameraFocus),
        ])
    }

    @Test func recordsThroughAPipeArriveAsTheyAreWritten() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("keys.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let listener = KeyListener(map: KeyMap(shutter: [.volumeDown], action: []))
        #expect(listener.start(paths: [fifo]).isEmpty)
        let collecting = Task { await collect(listener) }
        let writer = try fifoWriter(fifo)
        let records = [InputEvent.key(.volumeDown, value: 1), .key(.volumeDown, value: 0)].flatMap(\.record)
        // A record split across two writes (how the reader may see them is theDecoderKeepsPartialRecords's).
        writer.write(Data(records[0..<7]))
        writer.write(Data(records[7...]))
        try writer.close()
        let events = await collecting.value
        #expect(events.map(\.phase) == [.press, .release])
    }

    @Test func unreadableDevicesAreExplained() {
        let listener = KeyListener(map: KeyMap(shutter: [.camera], action: []))
        let problems = listener.start(paths: ["/dev/input/event-that-is-not-there"])
        #expect(problems.map(\.message) == ["There is no input device at /dev/input/event-that-is-not-there; carrying on without it."])
        let denied = KeyListener.openProblem(errno: EACCES, path: "/dev/input/event3")
        #expect(denied.hasPrefix("No permission to read /dev/input/event3. Install udev/70-retrocam-keys.rules"), "\(denied)")
        #expect(!denied.contains("'input' group"), "the input group reads every keyboard")
    }

    @Test func devicesAreFoundByTheirKeyBitmap() {
        let listing = """
            I: Bus=0019 Vendor=0000 Product=0000 Version=0000
            N: Name="Power Button"
            H: Handlers=kbd event0
            B: KEY=10000000000000 0

            I: Bus=0019 Vendor=0000 Product=0006 Version=0000
            N: Name="Video Bus"
            H: Handlers=kbd event4
            B: KEY=3e000b00000000 0 0 0

            I: Bus=0003 Vendor=046d Product=c52b Version=0111
            N: Name="Camera Button"
            H: Handlers=kbd event7
            B: KEY=100000 0 c000000000000 0
            """
        let devices = InputDevices.parse(listing)
        #expect(devices.map(\.eventPath) == ["/dev/input/event0", "/dev/input/event4", "/dev/input/event7"])
        #expect(devices[0].keys == [116])                           // KEY_POWER
        #expect(devices[2].keys.isSuperset(of: [114, 115, 212]))    // volume down, volume up, camera
        #expect(devices[2].name == "Camera Button")
    }

    @Test(arguments: [("camera", 212), ("KEY_CAMERA_FOCUS", 0x210), ("volumeup", 115), ("VolumeDown", 114), ("183", 183)])
    func keysAreNamedOrNumbered(name: String, code: Int) throws {
        #expect(try KeyCode(name: name).rawValue == UInt16(code))
    }

    @Test(arguments: [("shutter-button", "shutter-button"), ("0", "0"), ("768", "768"), ("", ""),
                      (TextCase(String(repeating: "k", count: 300)), String(repeating: "k", count: 40) + "…")] as [(TextCase, String)])
    func unknownKeysListTheNames(_ key: TextCase, _ shown: String) {
        let error = #expect(throws: KeyMapError.self) { try KeyCode(name: key.text) }
        #expect(error?.message == "Unknown key '\(shown)'. Keys: camera, camera-focus, volumeup, volumedown, or a key code from 1 to 767.")
    }

    @Test func theDaemonSideShootsFromKeysAndNotifies() async throws {
        let (harness, fifo, folder) = try await stillHarnessReadingAPipe()
        defer { harness.close(); try? FileManager.default.removeItem(at: folder) }
        let writer = try fifoWriter(fifo)
        // The camera key goes down; then the action key (the shutter too, by default) is pressed and let go.
        // Keys are handled in order, so once the action key's photo is there the camera key's press was
        // handled before it: had the press shot, there would be two photos.
        writer.write(Data([InputEvent.key(.camera, value: 1), .key(.cameraFocus, value: 1), .key(.cameraFocus, value: 0)].flatMap(\.record)))
        await eventually("the action key's photo") { await harness.camera.takes.count == 1 }
        await eventually("its notification") { harness.notifications?.notifications.count == 1 }
        #expect(await harness.camera.takes.count == 1, "STILL shoots on release, not on the camera key's press")
        #expect(harness.notifications?.notifications.first?.body == "photo-1.jpg, for the camera focus key.")
        writer.write(Data(InputEvent.key(.camera, value: 0).record))
        await eventually("the camera key's photo") { await harness.camera.takes.count == 2 }
        await eventually("the notification") { harness.notifications?.notifications.last?.body == "photo-2.jpg, for the camera key." }
        try writer.close()
        #expect(harness.log.all.first?.hasPrefix("keys: listening to \(fifo) (shutter: camera; action: camera-focus).") == true)
    }

    /// A key that starts the self-timer: the photo is announced when the controller says it is saved
    /// (three real seconds later), not found by watching the last take.
    @Test func aTimedPhotoFromAKeyIsAnnouncedWhenSaved() async throws {
        let (harness, fifo, folder) = try await stillHarnessReadingAPipe()
        defer { harness.close(); try? FileManager.default.removeItem(at: folder) }
        _ = try await harness.controller.perform("SetTimer", ["value": .string("3")])
        let countdowns = LogLines()
        await harness.controller.observeEvents { if case .countdown(let left) = $0 { countdowns.append("\(left)") } }
        let writer = try fifoWriter(fifo)
        defer { try? writer.close() }
        writer.write(Data([InputEvent.key(.camera, value: 1), .key(.camera, value: 0)].flatMap(\.record)))
        await eventually("the photo's notification") { harness.notifications?.notifications.isEmpty == false }
        #expect(harness.notifications?.notifications.map(\.body) == ["photo-1.jpg, for the camera key."])
        #expect(await harness.camera.takes.count == 1)
        #expect(countdowns.all == ["3", "2", "1", "0"], "the photo came from the self-timer")
    }

    @Test func theVolumeKeysDoNothingUnlessAskedFor() async throws {
        let (harness, fifo, folder) = try await stillHarnessReadingAPipe()
        defer { harness.close(); try? FileManager.default.removeItem(at: folder) }
        let writer = try fifoWriter(fifo)
        let turnedDown = [InputEvent.key(.volumeDown, value: 1), .key(.volumeDown, value: 0), .key(.volumeUp, value: 1), .key(.volumeUp, value: 0)]
        writer.write(Data((turnedDown + [.key(.camera, value: 1), .key(.camera, value: 0)]).flatMap(\.record)))
        // The keys are handled in order: once the camera key's photo is announced, the volume keys were seen first.
        await eventually("the camera key's photo") { harness.notifications?.notifications.last?.body.hasSuffix("for the camera key.") == true }
        #expect(await harness.camera.takes.count == 1, "turning the volume down and up took no photo")
        #expect(harness.notifications?.notifications.count == 1)
        try writer.close()
    }

    @Test func askedForTheVolumeKeysShootToo() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try recordsFile([.key(.volumeDown, value: 1), .key(.volumeDown, value: 0), .key(.camera, value: 1), .key(.camera, value: 0)],
                                   in: folder)
        let harness = try await DesktopHarness(still: true) {
            $0.keys = true
            $0.volumeKeys = true
            $0.keysDevices = [path]
        }
        defer { harness.close() }
        await eventually("two photos") { await harness.camera.takes.count == 2 }
        #expect(harness.log.all.first?.contains("(shutter: camera volumeup volumedown; action: camera-focus)") == true, "\(harness.log.all)")
    }

    @Test func withoutPermissionTheDaemonCarriesOn() async throws {
        let harness = try await DesktopHarness {
            $0.keys = true
            $0.keysDevices = ["/dev/input/no-such-event"]
        }
        defer { harness.close() }
        #expect(harness.log.all.contains("keys: There is no input device at /dev/input/no-such-event; carrying on without it."))
        #expect(try await harness.shortcuts.get("Action").stringValue == "shutter")
    }
}
