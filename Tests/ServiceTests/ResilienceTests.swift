import BusNames
import DBus
import RetrocamTesting
import Foundation
import Testing

/// Faults around the daemon: signals mid-take, the bus going away, a read-only media folder,
/// a damaged library index, and two daemons at once. (kill -9 mid-take: RecoveryTests.)
@Suite(.serialized) struct ResilienceTests {
    /// SIGTERM mid-take (the one test of it): what README's "The camera sleeps" promises is a take that
    /// survives — finished within 1.5 s, or left for the next start to recover — indexed, playable, with
    /// frames. How long it lasts depends on the machine's load and is not checked; how long the exit took
    /// is SigtermStatesTests' printout and the bench's figure.
    @Test func sigtermMidTakeKeepsAPlayableIndexedTake() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        #expect(daemon.waitForRecordedFrames(5))
        #expect(daemon.terminate(signal: SIGTERM) == 0, "log: \(daemon.logText)")
        let index = try daemon.libraryAfterExit()
        #expect(index.inProgress.isEmpty, "the take is still marked in progress after the next start")
        let clips = index.takes.filter { $0.kind == "clip" }
        #expect(clips.count == 1, "\(index.takes)")
        let clip = try #require(clips.first)
        #expect(FileManager.default.fileExists(atPath: clip.path))
        #expect(try decodedFrames(clip.path) > 0, "the clip plays")
        #expect((try MediaProbe.duration(clip.path) ?? 0) > 0, "the clip has a duration (finished, or remuxed by the recovery)")
    }

    @Test func theBusDyingEndsTheDaemonCleanlyWithItsTakeSaved() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        #expect(daemon.waitForRecordedFrames(5))
        daemon.bus.stop()
        #expect(daemon.waitForExit(timeout: 30), "retrocamd outlived its bus by 30 s")
        let status = daemon.terminate()
        #expect(status == 0, "exit status \(status); log: \(daemon.logText)")
        #expect(daemon.logText.contains("the bus connection closed"), "\(daemon.logText)")
        let index = try daemon.libraryAfterExit()
        #expect(index.inProgress.isEmpty)
        let clips = index.takes.filter { $0.kind == "clip" }
        #expect(clips.count == 1 && clips.allSatisfy { FileManager.default.fileExists(atPath: $0.path) }, "\(index.takes)")
    }

    @Test func aReadOnlyPicturesFolderRefusesThePhotoByName() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let pictures = daemon.home.appendingPathComponent("Pictures/Retrocam").path
        // The tests run as root, for whom permissions do not stop writes: mount a read-only file system there.
        let mount = try ProcessRunner.run("/bin/mount", ["-t", "tmpfs", "-o", "ro,size=8m", "tmpfs", pictures])
        try #require(mount.status == 0, "cannot mount a read-only folder here: \(mount.stderr)")
        defer { _ = try? ProcessRunner.run("/bin/umount", [pictures]) }
        let connection = try daemon.connect()
        defer { connection.close() }
        do {
            let reply = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                                interface: DaemonHarness.intents, method: "TakePhoto", [])
            Issue.record("TakePhoto succeeded on a read-only folder: \(reply)")
        } catch let error as DBusError {
            #expect(error.name.hasPrefix(BusContract.errorPrefix), "\(error)")
            #expect(!error.message.isEmpty)
        }
        #expect(daemon.answersPing())
        #expect(daemon.process.isRunning)
    }

    @Test func aDamagedIndexIsRebuiltFromTheFilesOnDisk() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        for _ in 0..<2 { #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0) }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        #expect(daemon.waitForRecordedFrames(5))
        #expect(try daemon.busctlCall(DaemonHarness.intents, "PauseClip").status == 0)
        #expect(daemon.terminate() == 0)
        let before = try LibraryFile(home: daemon.home)
        #expect(before.takes.count == 3)
        try Data("{\"version\": 1, \"takes\": [ {\"id\": tr".utf8).write(to: LibraryFile.url(home: daemon.home))

        let again = try LoneDaemon(bus: daemon.bus, home: daemon.home, environment: daemon.environment)
        defer { again.stop() }
        try again.waitForName()
        let after = try LibraryFile(home: daemon.home)
        #expect(Set(after.takes.map(\.path)) == Set(before.takes.map(\.path)), "\(after.takes)")
        #expect(Set(after.takes.map(\.kind)) == ["photo", "clip"])
        for take in before.takes { #expect(FileManager.default.fileExists(atPath: take.path), "\(take.path) was deleted") }
        let aside = LibraryFile.url(home: daemon.home).appendingPathExtension("damaged")
        #expect(FileManager.default.fileExists(atPath: aside.path), "the damaged index was not kept")
        let last = try daemon.busctlCall(DaemonHarness.intents, "LastTake")
        #expect(last.status == 0, "\(last.stderr)")
    }

    @Test func twoDaemonsAtOnceOneWinsTheOtherExits1Clearly() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        // A second and a third start at once against the running one and each other's home.
        let second = try LoneDaemon(bus: daemon.bus, home: daemon.home, environment: daemon.environment)
        let third = try LoneDaemon(bus: daemon.bus, home: daemon.home, environment: daemon.environment)
        for loser in [second, third] {
            let status = loser.waitForExit(timeout: 30)
            #expect(status == 1, "exit status \(String(describing: status))")
            #expect(loser.logText.contains("already owned") && loser.logText.contains("another retrocamd"), "\(loser.logText)")
        }
        #expect(daemon.answersPing())
        #expect(daemon.process.isRunning)
    }

    @Test func twoDaemonsStartedTogetherLeaveExactlyOneRunning() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = LoneDaemon.environment(bus: bus, home: home)
        let daemons = try (0..<2).map { _ in try LoneDaemon(bus: bus, home: home, environment: environment) }
        defer { daemons.forEach { $0.stop() } }
        #expect(Wait.blockingUntil(60) { !daemons.allSatisfy { $0.process.isRunning } }, "both daemons kept running")
        let losers = daemons.filter { !$0.process.isRunning }
        #expect(losers.count == 1)
        for loser in losers {
            #expect(loser.process.terminationStatus == 1)
            #expect(loser.logText.contains("another retrocamd"), "\(loser.logText)")
        }
        let winner = try #require(daemons.first { $0.process.isRunning })
        try winner.waitForName()
        let connection = try bus.connect()
        defer { connection.close() }
        _ = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                    interface: "org.freedesktop.DBus.Peer", method: "Ping", [])
    }
}

/// A retrocamd started by a test on a given bus and home (the harness always makes a new home).
final class LoneDaemon: @unchecked Sendable {
    let process = Process()
    let logURL: URL
    let bus: PrivateBus

    init(bus: PrivateBus, home: URL, environment: [String: String]) throws {
        self.bus = bus
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        logURL = home.appendingPathComponent("retrocamd-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process.executableURL = ProcessRunner.binDirectory.appendingPathComponent("retrocamd")
        process.arguments = ["--source", "synthetic", "--address", bus.address, "--no-portal", "--no-notifications"]
        process.environment = environment
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// The harness's environment for `home` on `bus`.
    static func environment(bus: PrivateBus, home: URL) -> [String: String] {
        DaemonHarness.environment(bus: bus, home: home)
    }

    var logText: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Waits until this process owns the camera's name on the bus.
    func waitForName() throws {
        let process = process
        if try bus.waitForOwner(of: DaemonHarness.busName, pid: process.processIdentifier, alive: { process.isRunning }) { return }
        throw HarnessError("retrocamd \(process.processIdentifier) did not take the name; log: \(logText)")
    }

    /// The exit status, or nil when still running after `timeout` seconds.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        Wait.blockingUntil(timeout) { !process.isRunning } ? process.terminationStatus : nil
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        if waitForExit(timeout: 20) == nil { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// The takes index the daemon keeps in its state folder, read as JSON.
extension DaemonHarness {
    /// The takes index once the daemon has exited. A signal is honoured within two seconds: a take that
    /// could not be finished by then (a loaded machine) is left marked in progress with its frames on
    /// disk, and the next start recovers it; so when one is left, a daemon is started on the same home
    /// (and bus, when it still runs) to recover it, and the index is read after that.
    func libraryAfterExit() throws -> LibraryFile {
        let index = try LibraryFile(home: home)
        guard !index.inProgress.isEmpty else { return index }
        let bus = try PrivateBus()
        defer { bus.stop() }
        let again = try LoneDaemon(bus: bus, home: home, environment: DaemonHarness.environment(bus: bus, home: home))
        defer { again.stop() }
        try again.waitForName()
        // Recovery runs right after the name is taken.
        _ = waitUntil(60) { try LibraryFile(home: home).inProgress.isEmpty }
        return try LibraryFile(home: home)
    }
}

struct LibraryFile {
    struct Entry: Decodable, CustomStringConvertible {
        let kind: String
        let path: String
        var description: String { "\(kind) \(path)" }
    }
    struct InProgress: Decodable { let path: String }
    private struct Index: Decodable {
        let takes: [Entry]
        let inProgress: [InProgress]
    }

    let takes: [Entry]
    let inProgress: [InProgress]

    static func url(home: URL) -> URL { home.appendingPathComponent("state/retrocam/takes.json") }

    init(home: URL) throws {
        let index = try JSONDecoder().decode(Index.self, from: Data(contentsOf: LibraryFile.url(home: home)))
        takes = index.takes
        inProgress = index.inProgress
    }
}

/// The hardened systemd --user unit: it verifies, and its exposure score stays low.
@Suite struct SystemdUnitTests {
    static let analyze = "/usr/bin/systemd-analyze"

    /// The unit as scripts/install writes it, in a temporary folder, with a runtime folder for systemd-analyze.
    static func installedCopy() throws -> (unit: String, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-unit-\(UUID().uuidString)")
        let runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let source = try String(contentsOf: ProcessRunner.packageRoot.appendingPathComponent("dbus/retrocamd.service"), encoding: .utf8)
        let unit = folder.appendingPathComponent("retrocamd.service").path
        try source.replacingOccurrences(of: "@bindir@", with: ProcessRunner.binDirectory.path)
            .replacingOccurrences(of: "@docdir@", with: ProcessRunner.packageRoot.path)
            .write(toFile: unit, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        return (unit, environment)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: analyze)))
    func theUnitVerifiesAndItsExposureIsLow() throws {
        let (unit, environment) = try Self.installedCopy()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: unit).deletingLastPathComponent().path) }
        let verify = try ProcessRunner.run(Self.analyze, ["verify", "--user", unit], environment: environment)
        #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify.stderr)")
        let security = try ProcessRunner.run(Self.analyze, ["security", "--offline=yes", "--user", unit], environment: environment)
        try #require(security.status == 0, "\(security.stderr)")
        // "→ Overall exposure level for retrocamd.service: 1.7 OK 🙂"
        let line = security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") } ?? ""
        let score = line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }
        let value = try #require(score, "no score in: \(security.stdout.suffix(300))")
        #expect(value <= 2.5, "\(line)")
        for setting in ["NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateNetwork=yes", "RestrictAddressFamilies=AF_UNIX",
                        "ProtectKernelTunables=yes", "LockPersonality=yes", "MemoryDenyWriteExecute=yes"] {
            #expect(try String(contentsOfFile: unit, encoding: .utf8).contains("\n\(setting)\n"), "\(setting) missing")
        }
    }
}
