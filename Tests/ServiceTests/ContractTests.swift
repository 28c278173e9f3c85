import BusNames
import DBus
import Foundation
import RetrocamTesting
import Testing

/// The published contract: the XML in `dbus/` equals what the daemon introspects, every listed
/// property emits PropertiesChanged, and the body speaks the seed's words over the bus.
@Suite(.serialized) struct ContractTests {
    @Test func publishedXMLEqualsWhatTheDaemonIntrospects() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        defer { connection.close() }
        let live = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                           interface: "org.freedesktop.DBus.Introspectable", method: "Introspect", [])
        let published = try String(contentsOf: ProcessRunner.packageRoot.appendingPathComponent("dbus/org.retrocam.Camera.xml"),
                                   encoding: .utf8)
        // Tools print the XML with a final newline of their own: compare without trailing newlines.
        func trimmed(_ text: String?) -> String? {
            text.map { String($0.reversed().drop(while: \.isNewline).reversed()) }
        }
        #expect(trimmed(live.first?.stringValue) == trimmed(published),
                "dbus/org.retrocam.Camera.xml differs from the daemon; regenerate it with scripts/update-contract")
    }

    @Test func gdbusIntrospectSeesBothInterfaces() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let reply = try ProcessRunner.run("/usr/bin/gdbus", ["introspect", "--session", "--dest", DaemonHarness.busName,
                                                             "--object-path", DaemonHarness.path],
                                          environment: daemon.environment)
        #expect(reply.status == 0, "\(reply.stderr)")
        for name in [BusContract.intentsInterface, BusContract.cameraInterface, "org.freedesktop.DBus.Peer",
                     "org.freedesktop.DBus.Properties", "TakePhoto", "readonly d TapeMinutesLeft"] {
            #expect(reply.stdout.contains(name), "missing \(name)")
        }
    }

    @Test func everyPropertyEmitsPropertiesChanged() async throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        defer { connection.close() }
        let seen = SeenProperties()
        let camera = Proxy(connection: connection, destination: DaemonHarness.busName, path: DaemonHarness.path,
                           interface: DaemonHarness.camera)
        _ = try await camera.onPropertiesChanged { changed in seen.add(changed) }
        let intents = Proxy(connection: connection, destination: DaemonHarness.busName, path: DaemonHarness.path,
                            interface: DaemonHarness.intents)
        for (method, value) in [("SetDecade", "1980s"), ("SetDegree", "3"), ("SetExposure", "+1"), ("SetZoom", "2x"),
                                ("SetFormat", "4:3"), ("SetTimer", "3"), ("SetAudio", "stereo"), ("SetLight", "on"),
                                ("SetTimer", "off"), ("SetStyle", "vhs-c")] {
            _ = try await intents.call(method, [.string(value)])
        }
        _ = try await intents.call("FlipCamera")
        _ = try await intents.call("StartClip")
        #expect(await Wait.until(90) { try daemon.recordedFrames() >= 5 }, "the clip has frames")
        _ = try await intents.call("PauseClip")
        _ = try await intents.call("SetMode", [.string("still")])
        _ = try await camera.call("Activate", [.string("menu")])
        _ = try await camera.call("Activate", [.string("menu")])
        let expected = ["Decade", "Style", "Degree", "Mode", "Exposure", "Zoom", "Format", "Timer", "Light", "Audio",
                        "Facing", "Recording", "TapeMinutesLeft", "UndoSecondsLeft", "LastTake", "CameraOpen", "MenuOpen"]
        // The signals of the last changes may still be on their way when the calls have answered.
        await Wait.until(60) { Set(expected).isSubset(of: seen.names) && seen.values("Recording").last == .bool(false) }
        #expect(Set(expected).subtracting(seen.names).isEmpty, "never changed: \(Set(expected).subtracting(seen.names))")
        #expect(seen.values("Recording").contains(.bool(true)) && seen.values("Recording").last == .bool(false))
        let all = try await camera.getAll()
        #expect(all["Decade"] == .string("1980s"))
        #expect(all["Zoom"] == .double(2.0))
        // RecoveredTakes, Cameras, PreviewClients and the virtual camera's change with crashes, hot-plug,
        // viewers and its switch (RecoveryTests, PipeWireCameraTests, PreviewBusTests, VirtualCameraTests).
        #expect(Set(all.keys) == Set(expected + ["RecoveredTakes", "Cameras", "PreviewClients", "VirtualCamera", "VirtualCameraNode", "VirtualCameraClients"]))
    }

    /// The seed's words, over the bus: `Describe` of every control after a few changes.
    @Test func describeSpeaksTheSeedsWords() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        func describe(_ id: String) throws -> String {
            let reply = try daemon.gdbusCall(DaemonHarness.camera, "Describe", [id])
            return reply.text  // ('Zoom, 1.0x',)
        }
        #expect(try describe("degree").hasPrefix("('Degree, "))
        #expect(try describe("degree").hasSuffix(" of 12',)"))
        #expect(try describe("rec") == "('Record',)")
        #expect(try describe("mode") == "('Mode, Cine',)")
        #expect(try describe("zoom") == "('Zoom, 1.0x',)")
        #expect(try describe("timer") == "('Self-timer, Off',)")
        #expect(try describe("light") == "('Light, Off',)")
        #expect(try describe("last-take") == "('Last take',)")
        #expect(try describe("flip") == "('Flip camera',)")
        #expect(try describe("style").hasPrefix("('Technology, "))
        _ = try daemon.busctlCall(DaemonHarness.intents, "SetMode", ["s", "still"])
        #expect(try describe("rec") == "('Shutter',)")
        #expect(try describe("mode") == "('Mode, Still',)")
        #expect(try describe("format") == "('Format, CINE ONLY',)")
        #expect(try describe("light") == "('Flash, Off',)")
        #expect(try describe("style").hasPrefix("('Style, "))
        _ = try daemon.busctlCall(DaemonHarness.intents, "StartClip")
        #expect(try describe("rec") == "('Stop',)")
        _ = try daemon.busctlCall(DaemonHarness.intents, "PauseClip")
        #expect(try describe("undo").hasPrefix("('Undo, "))
        #expect(try describe("undo").contains("seconds left"))
        let format = try daemon.busctlCall(DaemonHarness.intents, "SetMode", ["s", "still"])
        #expect(format.status == 0)
        let refused = try daemon.busctlCall(DaemonHarness.intents, "SetFormat", ["s", "16:9"])
        #expect(refused.stderr.contains("CINE ONLY"), "\(refused.stderr)")
    }
}

/// PropertiesChanged seen by a test, in order.
final class SeenProperties: @unchecked Sendable {
    private var changes: [(String, Value)] = []
    private let lock = NSLock()
    func add(_ changed: [String: Value]) { lock.withLock { changes += changed.map { ($0.key, $0.value) } } }
    var names: Set<String> { lock.withLock { Set(changes.map(\.0)) } }
    func values(_ name: String) -> [Value] { lock.withLock { changes.filter { $0.0 == name }.map(\.1) } }
}
