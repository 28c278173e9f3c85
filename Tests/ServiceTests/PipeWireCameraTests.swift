import DBus
import RetrocamTesting
import Foundation
import Testing

/// Real cameras, through a real PipeWire: retrocamd finds a virtual camera by the name the desktop
/// shows, takes its pictures (the pixels are the camera's: solid red, which no test card is), follows
/// cameras that come and go, and ends a take whose camera went away with the file kept.
@Suite(.serialized) struct PipeWireCameraTests {
    /// A private bus with PipeWire on it; the daemon is started by the test.
    final class Session: @unchecked Sendable {
        let bus: PrivateBus
        let pipewire: PipeWireSession
        init() throws {
            bus = try PrivateBus()
            pipewire = try PipeWireSession(busEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        }
        /// retrocamd on this bus, reaching this PipeWire.
        func daemon(source: String, environment: [String: String] = [:]) throws -> DaemonHarness {
            try DaemonHarness(extraEnvironment: environment.merging(["XDG_RUNTIME_DIR": pipewire.runtime.path]) { $1 },
                              source: source, bus: bus)
        }
        func stop(_ daemon: DaemonHarness?) {
            daemon?.stop()
            pipewire.stop()
            bus.stop()
        }
    }

    @Test func retrocamdFindsTheVirtualCameraByItsNameAndShootsFromIt() throws {
        let session = try Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        _ = try session.pipewire.publishCamera("Virtual-Camera", pattern: "red")
        let camera = try session.daemon(source: "Virtual-Camera")
        daemon = camera
        // The body learns the cameras just after the name is taken.
        #expect(camera.waitUntil(15) { try camera.property("Cameras").contains("Virtual-Camera") })
        let cameras = try camera.property("Cameras")
        #expect(cameras.hasPrefix("a(sss) 1 \"pipewire:"), "\(cameras)")
        #expect(cameras.hasSuffix("\"Virtual-Camera\" \"front\""), "\(cameras)")
        #expect(try camera.property("Facing") == "s \"front\"", "the body looks through the camera that is there")
        #expect(camera.logText.contains("camera: Virtual-Camera"), "\(camera.logText)")

        #expect(try camera.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "2020s"]).status == 0)
        let photo = try camera.busctlCall(DaemonHarness.intents, "TakePhoto")
        let photoPath = try #require(busctlPath(photo.stdout), "\(photo.stdout) \(photo.stderr) \(camera.logText)")
        let colour = try ColourProbe.photo(photoPath)
        #expect(colour.isRed, "the photo is the virtual camera's red picture: \(colour)")

        #expect(try camera.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        #expect(camera.waitForRecordedFrames(10))
        let clip = try camera.busctlCall(DaemonHarness.intents, "PauseClip")
        let clipPath = try #require(busctlPath(clip.stdout), "\(clip.stdout) \(clip.stderr)")
        let frames = try ColourProbe.clip(clipPath)
        #expect(frames.count >= 10, "a clip of 10 frames and more: \(frames.count) frames")
        #expect(frames.allSatisfy { $0.isRed }, "every frame is the camera's: \(frames.filter { !$0.isRed }.prefix(3))")
        let flip = try camera.busctlCall(DaemonHarness.intents, "FlipCamera")
        #expect(flip.status != 0 && flip.stderr.contains("There is only one camera."), "\(flip.stdout) \(flip.stderr)")
    }

    @Test func camerasComeAndGoAndATakeWhoseCameraWentAwayEndsWithTheFileKept() async throws {
        let session = try Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "auto")
        daemon = camera
        let connection = try camera.connect()
        defer { connection.close() }
        let ended = HeardSignals(), changes = HeardSignals()
        try await connection.onSignal(path: DaemonHarness.path, interface: DaemonHarness.camera, member: "TakeEnded") { ended.add($0) }
        try await connection.onSignal(path: DaemonHarness.path, interface: "org.freedesktop.DBus.Properties",
                                member: "PropertiesChanged") { changes.add($0) }

        // No camera yet: the test cards.
        #expect(camera.waitUntil(15) { try camera.property("Cameras").contains("\"synthetic:back\"") })
        #expect(try camera.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "2020s"]).status == 0)

        // A camera is plugged in: the list changes and the pictures are its own.
        let red = try session.pipewire.publishCamera("Virtual-Camera", pattern: "red")
        #expect(camera.waitUntil(15) { try camera.property("Cameras").contains("\"Virtual-Camera\" \"front\"") },
                "\((try? camera.property("Cameras")) ?? "") \(camera.logText)")
        #expect(try !camera.property("Cameras").contains("synthetic"), "real cameras replace the test cards")
        #expect(changes.all.contains { String(describing: $0.arguments).contains("Virtual-Camera") },
                "PropertiesChanged carried the new Cameras")
        let photo = try camera.busctlCall(DaemonHarness.intents, "TakePhoto")
        let photoPath = try #require(busctlPath(photo.stdout), "\(photo.stdout) \(photo.stderr) \(camera.logText)")
        #expect(try ColourProbe.photo(photoPath).isRed)

        // A second camera: both are listed, the first keeps its side, FLIP goes to the new one.
        _ = try session.pipewire.publishCamera("Second-Camera", pattern: "blue")
        #expect(camera.waitUntil(15) { try camera.property("Cameras").contains("\"Second-Camera\" \"back\"") },
                "\((try? camera.property("Cameras")) ?? "")")
        #expect(try camera.property("Cameras").contains("\"Virtual-Camera\" \"front\""))
        #expect(try camera.busctlCall(DaemonHarness.intents, "FlipCamera").status == 0)
        let flipped = try camera.busctlCall(DaemonHarness.intents, "TakePhoto")
        let flippedPath = try #require(busctlPath(flipped.stdout), "\(flipped.stdout) \(flipped.stderr)")
        #expect(try ColourProbe.photo(flippedPath).isBlue, "FLIP shows the second camera")
        #expect(try camera.busctlCall(DaemonHarness.intents, "FlipCamera").status == 0)

        // The red camera goes away in the middle of a take: TakeEnded, with what was written kept.
        #expect(try camera.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        #expect(camera.waitForRecordedFrames(10))
        try session.pipewire.unplug(red)
        #expect(camera.waitUntil(30) { !ended.all.isEmpty }, "no TakeEnded; log: \(camera.logText)")
        let signal = try #require(ended.all.first)
        let path = signal.arguments.first?.stringValue ?? ""
        let dialog = signal.arguments.last?.stringValue ?? ""
        #expect(dialog.hasPrefix("The camera Virtual-Camera went away. Saved"), "\(dialog)")
        #expect(try camera.property("Recording") == "b false")
        let frames = try ColourProbe.clip(path)
        #expect(frames.count >= 10, "what was written is kept: \(frames.count) frames")
        #expect(frames.filter(\.isRed).count >= 10, "the kept frames are the red camera's")

        // The list drops it; the body turns to the camera that is left, and shoots from it.
        #expect(camera.waitUntil(15) { try !camera.property("Cameras").contains("Virtual-Camera") })
        #expect(try camera.property("Facing") == "s \"back\"")
        let after = try camera.busctlCall(DaemonHarness.intents, "TakePhoto")
        let afterPath = try #require(busctlPath(after.stdout), "\(after.stdout) \(after.stderr) \(camera.logText)")
        #expect(try ColourProbe.photo(afterPath).isBlue)
        #expect(camera.answersPing())
    }

    @Test func aCameraPluggedInRunsItsHookAndAutomationAndOneTakenAwayItsHook() throws {
        let session = try Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "auto")
        daemon = camera
        #expect(try camera.waitUntil(15) { try camera.property("Cameras").contains("\"synthetic:back\"") })
        let hooks = try HookFiles(home: camera.home)
        try hooks.installRecorder("camera-added", tag: "added")
        try hooks.installRecorder("camera-removed", tag: "removed")
        try hooks.installRecorder("take-saved", tag: "saved")
        let add = try camera.retrocam(["automate", "add", "hello", "--when", "camera-added", "photo"])
        try ok(add, "automate add --when camera-added")

        let red = try session.pipewire.publishCamera("Virtual-Camera", pattern: "red")
        #expect(camera.waitUntil(30) { hooks.recorded("added").contains { $0["RETROCAM_CAMERA"] == "Virtual-Camera" } }, "\(camera.logText)")
        let added = try #require(hooks.recorded("added").first { $0["RETROCAM_CAMERA"] == "Virtual-Camera" })
        #expect(added["RETROCAM_CAMERA_ID"]?.hasPrefix("pipewire:") == true && added["RETROCAM_CAMERA_SIDE"] == "front", "\(added)")
        // The automation's photo is taken through the camera that was plugged in, and is for the automation.
        #expect(camera.waitUntil(30) { hooks.recorded("saved").contains { $0["RETROCAM_AUTOMATION"] == "hello" } }, "\(camera.logText)")
        let photo = try #require(hooks.recorded("saved").first { $0["RETROCAM_AUTOMATION"] == "hello" })
        #expect(try ColourProbe.photo(photo["RETROCAM_PATH"] ?? "").isRed)
        #expect(camera.logText.contains("automation hello (camera-added, Virtual-Camera): "), "\(camera.logText)")

        try session.pipewire.unplug(red)
        #expect(camera.waitUntil(30) { hooks.recorded("removed").contains { $0["RETROCAM_CAMERA"] == "Virtual-Camera" } }, "\(camera.logText)")
    }

    /// A camera node that never gives a frame (its provider states no format, so nothing negotiates):
    /// TakePhoto answers NoCamera naming it and what it would not do, well before a bus client's own
    /// timeout (busctl's and gdbus's 25 s), and the daemon still answers; the next call tries again.
    @Test func aCameraThatGivesNoFrameAnswersNoCameraNamingItBeforeTheCallerGivesUp() throws {
        let session = try Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        _ = try session.pipewire.publishCamera("Silent-Camera", pattern: "red", offersFormat: false)
        let camera = try session.daemon(source: "auto")
        daemon = camera
        #expect(try camera.waitUntil(15) { try camera.property("Cameras").contains("\"Silent-Camera\"") },
                "\((try? camera.property("Cameras")) ?? "") \(camera.logText)")
        for attempt in 1...2 {
            let started = Date()
            let photo = try camera.busctlCall(DaemonHarness.intents, "TakePhoto")
            let seconds = Date().timeIntervalSince(started)
            print("a camera that gives no frame, attempt \(attempt): answered after \(String(format: "%.1f", seconds)) s: \(photo.stderr)")
            #expect(photo.status != 0)
            #expect(photo.stderr.contains("The camera Silent-Camera (PipeWire node "), "\(photo.stderr) \(camera.logText)")
            #expect(photo.stderr.contains("could not be opened: it offers no picture format Retrocam can read.")
                        || photo.stderr.contains("could not be opened: it sent no picture within 5 seconds."),
                    "\(photo.stderr)")
            #expect(!photo.stderr.contains("NoReply") && !photo.stderr.contains("timed out"), "\(photo.stderr)")
        }
        #expect(try camera.property("CameraOpen") == "b false")
        #expect(camera.answersPing())
    }
}
