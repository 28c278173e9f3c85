import Foundation
import RetrocamTesting
import Testing

/// The daemon's picture as a PipeWire camera, through a real PipeWire and real readers: turned on over
/// the bus, the node "Retrocam" is listed as a Video/Source, a `pipewiresrc` reader gets frames carrying
/// the look (film noir near grey, the 2020s in colour), a take works while it reads, and turned off the
/// node is gone. Wrong calls answer clearly and change nothing.
@Suite(.serialized) struct VirtualCameraTests {
    static let node = "retrocam.virtual"

    @Test func turnedOnItIsACameraWhoseReaderSeesTheLookAndTurnedOffItIsGone() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "auto")
        daemon = camera
        #expect(try camera.waitUntil(15) { try camera.property("Cameras").contains("\"synthetic:back\"") })
        #expect(try camera.property("VirtualCamera") == "b false")
        #expect(try !session.pipewire.listsNode("Retrocam"), "no node before it is turned on")

        let on = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "true"])
        #expect(on.status == 0 && on.stdout.contains("The virtual camera is on"), "\(on.stdout) \(on.stderr) \(camera.logText)")
        #expect(try camera.property("VirtualCamera") == "b true")
        #expect(try camera.property("VirtualCameraNode") == "s \"\(Self.node)\"")
        #expect(try session.pipewire.listsNode("Retrocam"), "PipeWire lists the node as soon as the call answers")
        let devices = try ProcessRunner.run("/usr/bin/gst-device-monitor-1.0", ["Video/Source"],
                                            environment: session.pipewire.environment, timeout: 30)
        #expect(devices.stdout.contains("name  : Retrocam") && devices.stdout.contains("class : Video/Source"), "\(devices.stdout)")
        #expect(try !camera.property("Cameras").contains("Retrocam"), "the daemon does not list its own picture as a camera")

        #expect(try camera.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "1940s"]).status == 0)
        #expect(try camera.busctlCall(DaemonHarness.intents, "SetStyle", ["s", "noir"]).status == 0)
        #expect(try camera.busctlCall(DaemonHarness.intents, "SetDegree", ["s", "12"]).status == 0)
        let reader = try PipeWireReader(node: Self.node, pipewire: session.pipewire)
        defer { reader.stop() }
        #expect(camera.waitUntil(20) { reader.frames.count >= 30 }, "the reader gets frames: \(reader.frames.count)\n\(session.pipewire.logText)")
        let noir = reader.frames.suffix(10).map(\.colour)
        #expect(noir.allSatisfy { $0.chroma < 6 }, "film noir reaches the reader near grey: \(noir.prefix(3))")

        // A dial turned while it reads: the 2020s' colour reaches the reader.
        let turned = Date()
        #expect(try camera.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "2020s"]).status == 0)
        #expect(camera.waitUntil(20) { reader.frames.contains { $0.time >= turned && $0.colour.chroma > 15 } },
                "the 2020s reach the reader in colour: \(reader.frames.suffix(3).map(\.colour))")
        if let first = reader.frames.first(where: { $0.time >= turned && $0.colour.chroma > 15 }) {
            print("virtual camera: a decade change reached the reader after \(Int(first.time.timeIntervalSince(turned) * 1000)) ms (busctl call included)")
        }

        // A take while it reads.
        let photo = try camera.busctlCall(DaemonHarness.intents, "TakePhoto")
        let path = try #require(busctlPath(photo.stdout), "\(photo.stdout) \(photo.stderr) \(camera.logText)")
        #expect(FileManager.default.fileExists(atPath: path))
        let before = reader.frames.count
        #expect(camera.waitUntil(10) { reader.frames.count >= before + 15 }, "the reader goes on after the take")
        let recent = reader.frames.suffix(60)
        if let start = recent.first?.time, let end = recent.last?.time, end > start {
            print("virtual camera: the reader gets \(String(format: "%.1f", Double(recent.count - 1) / end.timeIntervalSince(start))) frames/s")
        }

        let off = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "false"])
        #expect(off.status == 0 && off.stdout.contains("The virtual camera is off."), "\(off.stdout) \(off.stderr)")
        #expect(try camera.waitUntil(15) { try !session.pipewire.listsNode("Retrocam") }, "the node is gone once it is off")
        #expect(try camera.property("VirtualCamera") == "b false")
        #expect(try camera.property("VirtualCameraNode") == "s \"\"")
        #expect(camera.answersPing())
    }

    @Test func theCameraIsOpenOnlyWhileSomeoneReadsTheNode() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "synthetic", environment: ["RETROCAM_LINGER_SECONDS": "0.5"])
        daemon = camera
        let on = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "true"])
        #expect(on.status == 0, "\(on.stdout) \(on.stderr) \(camera.logText)")
        #expect(try camera.property("VirtualCameraClients") == "u 0")

        // Nobody reads: the node stays listed, the camera closes after its linger.
        #expect(try camera.waitUntil(15) { try camera.property("CameraOpen") == "b false" }, "\(camera.logText)")
        #expect(try session.pipewire.listsNode("Retrocam"), "the node stays listed with the camera closed")
        let pid = camera.process.processIdentifier
        if let before = Self.cpuSeconds(pid) {
            let start = Date()
            // A measurement window, not a wait for something: what the daemon costs while nothing happens.
            Thread.sleep(forTimeInterval: 5)
            if let after = Self.cpuSeconds(pid) {
                let share = (after - before) / Date().timeIntervalSince(start) * 100
                print("virtual camera on, nobody reading, camera closed: the daemon used \(String(format: "%.2f", share))% of one core over 5 s (a clock tick is 0.2%)")
            }
        }
        #expect(try camera.property("CameraOpen") == "b false", "nothing opened the camera meanwhile")

        // A reader links: the camera opens and frames flow.
        let linked = Date()
        let first = try PipeWireReader(node: Self.node, pipewire: session.pipewire)
        defer { first.stop() }
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 1" }, "\(camera.logText)")
        #expect(try camera.waitUntil(20) { try camera.property("CameraOpen") == "b true" })
        #expect(camera.waitUntil(20) { first.frames.count >= 10 }, "the first reader gets frames: \(first.frames.count)\n\(camera.logText)")
        if let arrived = first.frames.first?.time {
            print("virtual camera: a reader started with the camera closed got its first frame after \(Int(arrived.timeIntervalSince(linked) * 1000)) ms (reader start, link, camera open)")
        }

        // A second reader at once.
        let second = try PipeWireReader(node: Self.node, pipewire: session.pipewire)
        defer { second.stop() }
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 2" })
        #expect(camera.waitUntil(20) { second.frames.count >= 10 }, "the second reader gets frames: \(second.frames.count)")
        let photo = try camera.busctlCall(DaemonHarness.intents, "TakePhoto")
        #expect(busctlPath(photo.stdout) != nil, "a photo while two read: \(photo.stdout) \(photo.stderr)")

        // The first leaves: the second goes on, the camera stays open for it.
        first.stop()
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 1" })
        let count = second.frames.count
        #expect(camera.waitUntil(20) { second.frames.count >= count + 15 }, "the second reader goes on alone")
        #expect(try camera.property("CameraOpen") == "b true")

        // The last leaves: the camera closes after its linger; the node stays.
        second.stop()
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 0" })
        #expect(try camera.waitUntil(15) { try camera.property("CameraOpen") == "b false" }, "the camera sleeps once nobody reads")
        #expect(try session.pipewire.listsNode("Retrocam"))

        // Someone reads again: the camera wakes for them.
        let third = try PipeWireReader(node: Self.node, pipewire: session.pipewire)
        defer { third.stop() }
        #expect(camera.waitUntil(20) { third.frames.count >= 10 }, "a reader after the camera slept gets frames: \(third.frames.count)")
        #expect(camera.answersPing())
    }

    @Test func leftOnItIsPublishedAgainAfterARestartAndLeftOffItStaysOff() throws {
        let session = try PipeWireCameraTests.Session()
        var daemons: [DaemonHarness] = []
        defer {
            daemons.forEach { $0.terminate() }
            session.stop(daemons.first)
        }
        let runtime = ["XDG_RUNTIME_DIR": session.pipewire.runtime.path]
        let first = try session.daemon(source: "synthetic")
        daemons.append(first)
        #expect(try first.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "true"]).status == 0)
        let file = first.home.appendingPathComponent("state/retrocam/settings.json")
        #expect(first.waitUntil(10) { ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains("\"virtualCamera\" : true") },
                "the setting is saved with the dials")
        #expect(first.terminate() == 0)
        #expect(try session.pipewire.waitUntilGone("Retrocam"), "the node goes with the daemon")

        let second = try DaemonHarness(extraEnvironment: runtime, reusing: first, source: "synthetic")
        daemons.append(second)
        #expect(try second.waitUntil(20) { try second.property("VirtualCamera") == "b true" }, "\(second.logText)")
        #expect(try session.pipewire.listsNode("Retrocam"), "published again after the restart")
        #expect(second.logText.contains("virtual camera restored"), "\(second.logText)")
        let off = try second.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "false"])
        #expect(off.status == 0)
        #expect(second.waitUntil(10) { ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains("\"virtualCamera\" : false") })
        #expect(second.terminate() == 0)

        let third = try DaemonHarness(extraEnvironment: runtime, reusing: first, source: "synthetic")
        daemons.append(third)
        #expect(try third.property("VirtualCamera") == "b false")
        #expect(try !session.pipewire.listsNode("Retrocam"), "left off, it stays off")
        #expect(!third.logText.contains("virtual camera restored"), "\(third.logText)")
    }

    @Test func theIntentsAndTheirWordsSwitchItOverTheBus() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "synthetic")
        daemon = camera
        let start = try camera.busctlCall(DaemonHarness.intents, "StartVirtualCamera")
        #expect(start.status == 0 && start.stdout.contains("The virtual camera is on"), "\(start.stdout) \(start.stderr)")
        #expect(try camera.property("VirtualCamera") == "b true")
        #expect(try session.pipewire.listsNode("Retrocam"))
        let said = try camera.busctlCall(DaemonHarness.intents, "Interpret", ["sb", "turn off the virtual camera", "true"])
        #expect(said.status == 0 && said.stdout.contains("StopVirtualCamera") && said.stdout.contains("The virtual camera is off."),
                "\(said.stdout) \(said.stderr)")
        #expect(try camera.waitUntil(15) { try !session.pipewire.listsNode("Retrocam") })
        let call = try camera.busctlCall(DaemonHarness.intents, "Interpret", ["sb", "use the retro look in my call", "true"])
        #expect(call.status == 0 && call.stdout.contains("StartVirtualCamera"), "\(call.stdout) \(call.stderr)")
        #expect(try camera.property("VirtualCamera") == "b true")
        let toggle = try camera.retrocam(["perform", "ToggleVirtualCamera"])
        #expect(toggle.status == 0 && toggle.stdout.contains("The virtual camera is off."), "\(toggle.stdout) \(toggle.stderr)")
        let wrong = try camera.busctlCall(DaemonHarness.intents, "StartVirtualCamera", ["s", "now"])
        #expect(wrong.status != 0, "an argument it does not take: \(wrong.stdout)")
        #expect(camera.answersPing())
    }

    /// The MENU's VIRTUAL CAMERA row, a list row (Off, On): a swipe or a choice really switches the node, the
    /// row shows what the intents did, and wrong calls answer clearly and change nothing.
    @Test func theMenuRowSwitchesItAndShowsWhatTheIntentsDid() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "synthetic")
        daemon = camera
        let row = "menu.virtual-camera"
        func describe() throws -> String { try camera.busctlCall(DaemonHarness.camera, "Describe", ["s", row]).text }
        func isOn(_ on: Bool) throws -> Bool {
            try camera.property("VirtualCamera") == "b \(on)" && describe() == "s \"Virtual camera, \(on ? "On" : "Off")\""
        }
        let menu = try camera.busctlCall(DaemonHarness.camera, "ListMenu")
        #expect(menu.text.contains("\"\(row)\" \"Virtual camera\" \"Off\" \"Swipe up or down to change the value. Double tap to show the choices\""),
                "\(menu.text)")
        let choices = try camera.busctlCall(DaemonHarness.camera, "Activate", ["s", row])
        #expect(choices.text == "s \"Virtual camera, choices: Off, On. Now Off.\"", "\(choices.text) \(choices.stderr)")
        #expect(try !session.pipewire.listsNode("Retrocam"), "a double tap only reads the choices")

        // A swipe up: on, the node listed, a reader gets frames.
        let swiped = try camera.busctlCall(DaemonHarness.camera, "Adjust", ["si", row, "1"])
        #expect(swiped.text == "s \"Virtual camera, On\"", "\(swiped.text) \(swiped.stderr) \(camera.logText)")
        #expect(try isOn(true))
        #expect(try session.pipewire.listsNode("Retrocam"), "PipeWire lists the node as soon as the swipe answers")
        let reader = try PipeWireReader(node: Self.node, pipewire: session.pipewire)
        #expect(camera.waitUntil(20) { reader.frames.count >= 5 }, "the reader gets frames: \(reader.frames.count)")
        reader.stop()
        // Two steps come back to the same choice: nothing changes.
        #expect(try camera.busctlCall(DaemonHarness.camera, "Adjust", ["si", row, "2"]).text == "s \"Virtual camera, On\"")
        #expect(try session.pipewire.listsNode("Retrocam"))

        // The intents switch it: the row shows it.
        #expect(try camera.busctlCall(DaemonHarness.intents, "StopVirtualCamera").status == 0)
        #expect(try isOn(false))
        #expect(try camera.waitUntil(15) { try !session.pipewire.listsNode("Retrocam") })
        #expect(try camera.busctlCall(DaemonHarness.intents, "StartVirtualCamera").status == 0)
        #expect(try isOn(true))

        // A choice by name, from gdbus and dbus-send, in any case.
        let off = try camera.gdbusCall(DaemonHarness.camera, "Choose", [row, "off"])
        #expect(off.status == 0 && off.stdout.contains("Virtual camera, Off"), "\(off.stdout) \(off.stderr)")
        #expect(try isOn(false))
        #expect(try camera.waitUntil(15) { try !session.pipewire.listsNode("Retrocam") }, "the node is gone once it is off")
        let on = try camera.dbusSend(DaemonHarness.camera, "Choose", ["string:\(row)", "string:On"])
        #expect(on.status == 0 && on.stdout.contains("Virtual camera, On"), "\(on.stdout) \(on.stderr)")
        #expect(try isOn(true))
        #expect(try session.pipewire.listsNode("Retrocam"))
        let again = try camera.busctlCall(DaemonHarness.camera, "Choose", ["ss", row, "ON"])
        #expect(again.text == "s \"Virtual camera, On\"", "choosing what it shows changes nothing: \(again.stderr)")

        // Huge swipes: an odd number switches it, an even one does not; nothing overflows.
        #expect(try camera.busctlCall(DaemonHarness.camera, "Adjust", ["si", row, "2147483647"]).text == "s \"Virtual camera, Off\"")
        #expect(try camera.busctlCall(DaemonHarness.camera, "Adjust", ["si", row, "-2147483648"]).text == "s \"Virtual camera, Off\"")
        #expect(try isOn(false))
        #expect(try camera.busctlCall(DaemonHarness.camera, "Adjust", ["si", row, "-1"]).text == "s \"Virtual camera, On\"")
        #expect(try isOn(true))

        // Wrong calls: a clear error each, the camera left on.
        let wrong = try camera.busctlCall(DaemonHarness.camera, "Choose", ["ss", row, "maybe"])
        #expect(wrong.status != 0 && wrong.stderr.contains("Virtual camera has no choice called “maybe”. Choices: Off, On."),
                "\(wrong.stderr)")
        let huge = try camera.busctlCall(DaemonHarness.camera, "Choose", ["ss", row, String(repeating: "on", count: 5000)])
        #expect(huge.status != 0 && huge.stderr.contains("Choices: Off, On.") && huge.stderr.count < 300, "\(huge.stderr.prefix(300))")
        let typed = try camera.busctlCall(DaemonHarness.camera, "Choose", ["sb", row, "true"])
        #expect(typed.status != 0 && typed.stderr.contains("expects arguments of signature \"ss\""), "\(typed.stderr)")
        let steps = try camera.dbusSend(DaemonHarness.camera, "Adjust", ["string:\(row)", "string:up"])
        #expect(steps.status != 0 && steps.stderr.contains("InvalidArgs"), "\(steps.stderr)")
        let button = try camera.busctlCall(DaemonHarness.camera, "Choose", ["ss", "menu.insert-tape", "On"])
        #expect(button.status != 0 && button.stderr.contains("New tape has no choices"), "\(button.stderr)")
        #expect(try isOn(true))
        #expect(try session.pipewire.listsNode("Retrocam"))
        #expect(camera.answersPing())
    }

    /// A camera unplugged mid-call: the node stays and its reader, still linked, keeps getting frames — the
    /// still card "Camera disconnected", white words on black, unlike the camera's red (and, with `auto`,
    /// unlike the test cards it turns to) — and once a camera comes back the same reader gets the live
    /// picture again (blue: the camera that came).
    @Test(arguments: ["Virtual-Camera", "auto"])
    func aCameraUnpluggedMidCallShowsTheStillCardAndTheLivePictureResumes(source: String) throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let red = try session.pipewire.publishCamera("Virtual-Camera", pattern: "red")
        let camera = try session.daemon(source: source)
        daemon = camera
        #expect(try camera.waitUntil(15) { try camera.property("Cameras").contains("\"Virtual-Camera\"") }, "\(camera.logText)")
        #expect(try camera.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "2020s"]).status == 0)
        #expect(try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "true"]).status == 0)
        let reader = try PipeWireReader(node: Self.node, pipewire: session.pipewire)
        defer { reader.stop() }
        #expect(camera.waitUntil(20) { reader.frames.suffix(5).count == 5 && reader.frames.suffix(5).allSatisfy(\.colour.isRed) },
                "the reader sees the red camera: \(reader.frames.suffix(3).map(\.colour)) \(camera.logText)")

        try session.pipewire.unplug(red)
        let unplugged = Date()
        // Black is Y 16: the words lift the mean a little.
        func isCard(_ colour: FrameColour) -> Bool { colour.chroma < 6 && colour.y > 17 && colour.y < 80 && !colour.isRed }
        #expect(camera.waitUntil(30) { reader.frames.filter { $0.time > unplugged && isCard($0.colour) }.count >= 15 },
                "frames keep coming, the still card: \(reader.frames.suffix(3).map(\.colour))\n\(camera.logText)")
        let cards = reader.frames.filter { $0.time > unplugged && isCard($0.colour) }
        if let card = cards.last?.colour { print("virtual camera: the still card's mean colour: \(card)") }
        // Once the card is up it is all the reader gets (no test card or camera frame in between).
        let settled = reader.frames.drop { $0.time <= unplugged }.drop { !isCard($0.colour) }.dropFirst(5)
        #expect(settled.allSatisfy { isCard($0.colour) }, "\(settled.filter { !isCard($0.colour) }.prefix(3).map(\.colour))")
        #expect(try session.pipewire.listsNode("Retrocam"), "the node stays while the camera is gone")
        #expect(try camera.property("VirtualCameraClients") == "u 1", "the reader stayed linked")
        #expect(try camera.property("VirtualCamera") == "b true")

        // A camera comes back: the same reader, never reconnected, gets its live picture.
        let back = Date()
        _ = try session.pipewire.publishCamera("Virtual-Camera", pattern: "blue")
        #expect(camera.waitUntil(30) { reader.frames.filter { $0.time > back && $0.colour.isBlue }.count >= 5 },
                "the live picture resumes: \(reader.frames.suffix(3).map(\.colour))\n\(camera.logText)")
        #expect(camera.answersPing())
    }

    @Test func tenReadersAtOnceAFrozenOneSlowsNoTakeAndKilledTheNodeGoesWithTheDaemon() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "synthetic")
        daemon = camera
        #expect(try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "true"]).status == 0)
        let readers = try (0..<10).map { _ in try PipeWireReader(node: Self.node, pipewire: session.pipewire) }
        defer { readers.forEach { $0.stop() } }
        #expect(try camera.waitUntil(30) { try camera.property("VirtualCameraClients") == "u 10" }, "\(camera.logText)")
        #expect(camera.waitUntil(30) { readers.allSatisfy { $0.frames.count >= 5 } },
                "every reader gets frames: \(readers.map(\.frames.count))")

        // One reader hangs: it stays linked and reads nothing; the others and the takes go on.
        func photoMilliseconds() throws -> Int {
            let asked = Date()
            let photo = try camera.busctlCall(DaemonHarness.intents, "TakePhoto")
            #expect(busctlPath(photo.stdout) != nil, "\(photo.stdout) \(photo.stderr)")
            return Int(Date().timeIntervalSince(asked) * 1000)
        }
        let reading = try photoMilliseconds()
        readers[0].freeze()
        let frozen = try photoMilliseconds()
        print("virtual camera: a photo with ten readers answered in \(reading) ms; with one of them frozen, \(frozen) ms")
        let counts = readers.map(\.frames.count)
        #expect(camera.waitUntil(30) { zip(readers, counts).dropFirst().allSatisfy { $0.frames.count >= $1 + 10 } },
                "the other readers go on: \(counts) → \(readers.map(\.frames.count))")
        #expect(try camera.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        let before = readers[1].frames.count
        #expect(camera.waitUntil(30) { readers[1].frames.count >= before + 30 }, "a second of clip")
        let clip = try camera.busctlCall(DaemonHarness.intents, "PauseClip")
        let clipPath = try #require(busctlPath(clip.stdout), "\(clip.stdout) \(clip.stderr)")
        #expect(try ColourProbe.clip(clipPath).count >= 10, "the clip kept its frames")

        // kill -9: PipeWire drops the node with the daemon's connection, no stale camera is left.
        #expect(camera.terminate(signal: SIGKILL) != 0)
        #expect(try session.pipewire.waitUntilGone("Retrocam"), "the node is gone with the daemon")
    }

    /// The CPU time `pid` used so far (user + system, /proc/PID/stat), in seconds.
    static func cpuSeconds(_ pid: Int32) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test func wrongCallsAnswerClearlyAndChangeNothing() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "synthetic")
        daemon = camera

        let offWhenOff = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "false"])
        #expect(offWhenOff.status == 0 && offWhenOff.stdout.contains("The virtual camera is already off."), "\(offWhenOff.stdout)")
        let text = try camera.dbusSend(DaemonHarness.camera, "SetVirtualCamera", ["string:yes"])
        #expect(text.status != 0 && text.stderr.contains("InvalidArgs"), "\(text.stderr)")
        let gdbus = try camera.gdbusCall(DaemonHarness.camera, "SetVirtualCamera", ["false"])
        #expect(gdbus.status == 0 && gdbus.stdout.contains("already off"), "\(gdbus.stdout) \(gdbus.stderr)")
        let number = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["i", "1"])
        #expect(number.status != 0 && number.stderr.contains("expects arguments of signature \"b\""), "\(number.stderr)")
        let none = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera")
        #expect(none.status != 0, "\(none.stdout)")
        let two = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["bb", "true", "true"])
        #expect(two.status != 0, "\(two.stdout)")
        #expect(try camera.property("VirtualCamera") == "b false")
        #expect(try !session.pipewire.listsNode("Retrocam"))

        let on = try camera.retrocam(["virtual-camera", "on"])
        #expect(on.status == 0 && on.stdout.contains("The virtual camera is on"), "\(on.stdout) \(on.stderr) \(camera.logText)")
        let twice = try camera.retrocam(["virtual-camera", "on"])
        #expect(twice.status == 0 && twice.stdout.contains("The virtual camera is already on"), "\(twice.stdout)")
        let status = try camera.retrocam(["virtual-camera", "status"])
        #expect(status.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "on: PipeWire node \(Self.node)", "\(status.stdout)")
        let bogus = try camera.retrocam(["virtual-camera", "maybe"])
        #expect(bogus.status != 0 && bogus.stderr.contains("maybe"), "\(bogus.stderr)")
        let off = try camera.retrocam(["virtual-camera", "off"])
        #expect(off.status == 0 && off.stdout.contains("The virtual camera is off."), "\(off.stdout)")
        #expect(try camera.retrocam(["virtual-camera", "status"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "off")
        #expect(try camera.waitUntil(15) { try !session.pipewire.listsNode("Retrocam") })
        #expect(camera.answersPing())
    }
}
