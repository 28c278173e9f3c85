import DBus
import Foundation
import XDG
import RetrocamTesting
import Testing

/// `Camera1.OpenPreview`/`ClosePreview`/`PreviewClients` and `Camera1.ListTakes` against the real
/// daemon: the stream is the daemon's own live picture read with `shmsrc`, clients are tracked by
/// unique name (a close, a disconnection, a kill -9), a stuck reader never holds a take back, and
/// bad input gets its named error.
@Suite(.serialized) struct PreviewBusTests {
    static let camera = DaemonHarness.camera
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

    static let badCalls: [BadInputTests.BadCall] = [
        .init(camera, "OpenPreview", ["s", "x"], invalidArgs),
        .init(camera, "OpenPreview", ["i", "1"], invalidArgs),
        .init(camera, "ClosePreview", ["s", "x"], invalidArgs),
        .init(camera, "ClosePreview", [], "org.retrocam.Error.NotFound", mentions: "OpenPreview"),
        .init(camera, "ListTakes", [], invalidArgs),
        .init(camera, "ListTakes", ["i", "0"], invalidArgs),
        .init(camera, "ListTakes", ["ss", "0", "10"], invalidArgs),
        .init(camera, "ListTakes", ["ii", "0", "0"], invalidArgs, mentions: "1 to 1000"),
        .init(camera, "ListTakes", ["ii", "0", "-5"], invalidArgs, mentions: "1 to 1000"),
        .init(camera, "ListTakes", ["ii", "0", "1001"], invalidArgs, mentions: "1 to 1000"),
        .init(camera, "ListTakes", ["ii", "0", "2147483647"], invalidArgs),
        .init(camera, "ListTakes", ["ii", "-1", "10"], invalidArgs, mentions: "0 or more"),
        .init(camera, "ListTakes", ["ii", "-2147483648", "10"], invalidArgs),
        .init(camera, "ListTakes", ["iii", "0", "10", "1"], invalidArgs),
    ]

    @Test func badInputGetsNamedErrors() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        defer { connection.close() }
        for bad in Self.badCalls {
            do {
                _ = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                            interface: bad.interface, method: bad.method, try busctlValues(bad.arguments))
                Issue.record("\(bad.testDescription) succeeded")
            } catch let error as DBusError {
                #expect(error.name == bad.error, "\(bad.testDescription): got \(error.name): \(error.message)")
                #expect(!error.message.isEmpty && error.message.count < 300, "\(bad.testDescription): \(error.message)")
                if let mentions = bad.mentions { #expect(error.message.contains(mentions), "\(error.message)") }
            }
        }
        let pastTheEnd = try daemon.busctlCall(Self.camera, "ListTakes", ["ii", "2147483647", "1000"])
        #expect(pastTheEnd.status == 0 && pastTheEnd.text == "a(sssssdb) 0", "\(pastTheEnd.text) \(pastTheEnd.stderr)")
        #expect(daemon.answersPing())
    }

    @Test func listTakesNewestFirstWithDecadeLengthAndDate() throws {
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_AUDIO": "synthetic"])
        defer { daemon.stop() }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "1980s"]).status == 0)
        #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0)
        #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        #expect(daemon.waitForRecordedFrames(30), "a second of frames, so the clip lasts more than half of one")
        #expect(try daemon.busctlCall(DaemonHarness.intents, "PauseClip").status == 0)
        let connection = try daemon.connect()
        defer { connection.close() }
        let reply = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                            interface: Self.camera, method: "ListTakes", [.int32(0), .int32(10)])
        let rows = try #require(reply.first?.arrayValues).compactMap(\.structureFields)
        try #require(rows.count == 2, "\(rows)")
        #expect(rows[0][1].stringValue == "clip" && rows[1][1].stringValue == "photo", "newest first: \(rows)")
        #expect(rows.allSatisfy { $0[3].stringValue == "1980s" }, "\(rows)")
        #expect((rows[0][5].doubleValue ?? 0) > 0.5 && rows[1][5].doubleValue == 0, "\(rows)")
        #expect(rows.allSatisfy { ($0[2].stringValue ?? "").hasSuffix("Z") && $0[6].boolValue == false }, "\(rows)")
        #expect(rows[0][0].stringValue?.hasSuffix(".webm") == true && FileManager.default.fileExists(atPath: rows[0][0].stringValue!))
        let second = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                             interface: Self.camera, method: "ListTakes", [.int32(1), .int32(1)])
        #expect(second.first?.arrayValues?.first?.structureFields?[1].stringValue == "photo")
    }

    @Test func theStreamIsTheLivePictureAndItsClientsAreCounted() throws {
        let runtime = try Self.runtimeFolder()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let daemon = try DaemonHarness(extraEnvironment: ["XDG_RUNTIME_DIR": runtime.path])
        defer { daemon.stop() }
        let first = try daemon.connect(), second = try daemon.connect()
        defer { first.close(); second.close() }
        let offer = try Self.open(first)
        let socket = try #require(offer["socket"]?.stringValue)
        let caps = try #require(offer["caps"]?.stringValue)
        #expect(socket.hasPrefix(runtime.path + "/retrocam/"), "\(socket)")
        var info = stat()
        #expect(stat(runtime.path + "/retrocam", &info) == 0 && info.st_mode & 0o777 == 0o700)
        _ = try Self.open(first)
        #expect(try Self.clients(daemon) == 1, "one caller opening twice is one client")
        _ = try Self.open(second)
        #expect(try Self.clients(daemon) == 2)
        // A real GStreamer client reads the daemon's frames.
        let read = try ProcessRunner.run("/usr/bin/gst-launch-1.0", ["-q", "shmsrc", "socket-path=\(socket)", "is-live=true",
                                                                     "!", caps, "!", "fakesink", "num-buffers=30"],
                                         timeout: 30)
        #expect(read.status == 0, "shmsrc could not read 30 frames: \(read.stderr)")
        _ = try first.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path, interface: Self.camera,
                               method: "ClosePreview", [])
        #expect(try Self.clients(daemon) == 1)
        #expect(FileManager.default.fileExists(atPath: socket), "the stream stopped while a client held it")
        second.close()
        #expect(daemon.waitUntil(10) { try Self.clients(daemon) == 0 }, "a disconnected client was not dropped")
        #expect(daemon.waitUntil(10) { !FileManager.default.fileExists(atPath: socket) }, "the stream kept running")
        #expect(daemon.answersPing())
    }

    @Test func aKilledClientIsDroppedAndAStuckReaderNeverHoldsATakeBack() throws {
        let runtime = try Self.runtimeFolder()
        defer { try? FileManager.default.removeItem(at: runtime) }
        let daemon = try DaemonHarness(extraEnvironment: ["XDG_RUNTIME_DIR": runtime.path])
        defer { daemon.stop() }
        // A client in a process of its own holds the preview, then is killed with no goodbye.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = ["-c", """
            import dbus, sys
            cam = dbus.SessionBus().get_object('org.retrocam.Camera', '/org/retrocam/Camera', introspect=False)
            offer = cam.OpenPreview(dbus_interface='org.retrocam.Camera1')
            print(offer['socket'], offer['caps'], flush=True)
            sys.stdin.read()
            """]
        holder.environment = daemon.environment
        let output = Pipe(), input = Pipe()
        holder.standardOutput = output
        holder.standardInput = input   // kept open: the holder waits on it until it is killed
        try holder.run()
        var printed = ""
        while !printed.hasSuffix("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        let line = printed.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 1).map(String.init)
        try #require(line.count == 2, "the holder printed \(printed.debugDescription)")
        #expect(try Self.clients(daemon) == 1)
        // A take of 40 frames without and with a reader that connects and then stops reading (SIGSTOP): a
        // preview that held the camera back would stop the take once the shared memory (8 frames) is full,
        // and the second take would never reach its 40 frames.
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDegree", ["s", "1"]).status == 0)
        let alone = try Self.recordFrames(daemon, 40)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/gst-launch-1.0")
        reader.arguments = ["-q", "shmsrc", "socket-path=\(line[0])", "is-live=true", "!", line[1], "!", "fakesink"]
        reader.standardOutput = FileHandle.nullDevice
        reader.standardError = FileHandle.nullDevice
        try reader.run()
        // Connected: the daemon's socket has accepted it (the kernel lists the path once more).
        #expect(Wait.blockingUntil(60) { Self.unixSocketEntries(line[0]) >= 2 }, "the reader did not connect")
        kill(reader.processIdentifier, SIGSTOP)
        let stuck = try Self.recordFrames(daemon, 40)
        kill(reader.processIdentifier, SIGKILL)
        reader.waitUntilExit()
        #expect(alone >= 40 && stuck >= 40, "a stuck preview reader cost the take frames: \(stuck), against \(alone) alone")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(daemon.waitUntil(10) { try Self.clients(daemon) == 0 }, "a killed client was not dropped")
        #expect(daemon.waitUntil(10) { !FileManager.default.fileExists(atPath: line[0]) })
        #expect(daemon.answersPing())
    }

    // MARK: - Helpers

    /// A private `XDG_RUNTIME_DIR` (0700) for one daemon.
    static func runtimeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return folder
    }

    static func open(_ connection: Connection) throws -> [String: Value] {
        let reply = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                            interface: camera, method: "OpenPreview", [])
        return try #require(reply.first?.variantDictionary)
    }

    /// How many sockets the kernel lists at `path` (`/proc/net/unix`): the listener and each accepted one.
    static func unixSocketEntries(_ path: String) -> Int {
        let table = KernelFile.text("/proc/net/unix") ?? ""
        return table.split(separator: "\n").filter { $0.hasSuffix(" " + path) }.count
    }

    /// Records a clip until `frames` of its frames are on disk and answers its video frames.
    static func recordFrames(_ daemon: DaemonHarness, _ count: Int) throws -> Int {
        #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        #expect(daemon.waitForRecordedFrames(count), "the take did not reach \(count) frames")
        let pause = try daemon.busctlCall(DaemonHarness.intents, "PauseClip")
        let clip = try #require(busctlPath(pause.stdout), "PauseClip answered \(pause.stdout) \(pause.stderr)")
        return try MediaProbe.videoFrameTimes(clip).count
    }

    static func clients(_ daemon: DaemonHarness) throws -> Int {
        Int(try daemon.property("PreviewClients").replacingOccurrences(of: "i ", with: "")) ?? -1
    }
}
