import BusNames
import DBus
import Foundation
import RetrocamTesting
import Testing

/// The camera opens only while something needs it. Through the real daemon: `CameraOpen`
/// and its PropertiesChanged, a sleeping daemon that nothing wakes, a camera that cannot be opened,
/// `--exit-when-idle`, and the new flags' bad values.
@Suite(.serialized) struct CameraLifecycleTests {
    /// Context switches of every thread of `pid` so far.
    static func contextSwitches(_ pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            return total + text.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") }.reduce(0, +)
        }
    }

    @Test func theCameraOpensForATakeSaysSoAndSleepsAfterTheLinger() async throws {
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_LINGER_SECONDS": "1"])
        defer { daemon.stop() }
        #expect(try daemon.property("CameraOpen") == "b false", "the camera is closed until something needs it")
        let connection = try daemon.connect()
        defer { connection.close() }
        let heard = HeardSignals()
        _ = try await connection.onSignal(path: DaemonHarness.path, interface: "org.freedesktop.DBus.Properties",
                                    member: "PropertiesChanged") { heard.add($0) }
        func openValues() -> [Bool] {
            heard.all.compactMap { $0.arguments.count > 1 ? $0.arguments[1].variantDictionary?["CameraOpen"]?.unwrapped.boolValue : nil }
        }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0)
        #expect(daemon.waitUntil(10) { openValues() == [true, false] }, "CameraOpen went \(openValues())")
        #expect(try daemon.property("CameraOpen") == "b false")

        // Asleep (camera closed, UNDO window over), the daemon's threads do not wake up.
        #expect(daemon.waitUntil(15) { (try? daemon.property("UndoSecondsLeft")) == "i 0" })
        let pid = daemon.process.processIdentifier
        let before = Self.contextSwitches(pid)
        // A fixed wait, and the measurement itself: an idle daemon's wake-ups are counted over 3 s.
        try await Task.sleep(for: .seconds(3))
        let woken = Self.contextSwitches(pid) - before
        #expect(woken < 10, "an idle daemon woke \(woken) times in 3 s")
    }

    @Test func theSelfTimerHoldsTheCameraOpenThroughItsCountdown() throws {
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_LINGER_SECONDS": "0.5"])
        defer { daemon.stop() }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetTimer", ["s", "3"]).status == 0)
        #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0)
        // The countdown opens the camera at once, so the photo finds it warm.
        #expect(daemon.waitUntil(5) { (try? daemon.property("CameraOpen")) == "b true" })
        #expect(daemon.waitUntil(10) { (try? daemon.property("LastTake")) != "s \"\"" }, "the countdown's photo")
        #expect(daemon.waitUntil(10) { (try? daemon.property("CameraOpen")) == "b false" })
    }

    @Test func aCameraThatCannotBeOpenedAnswersNoCameraEveryTimeAndTheDaemonCarriesOn() throws {
        let daemon = try DaemonHarness(source: "/dev/video-retrocam-missing")
        defer { daemon.stop() }
        for _ in 0..<2 {
            let reply = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
            #expect(reply.status != 0)
            #expect(reply.stderr.contains("There is no camera at /dev/video-retrocam-missing: no such device."), "\(reply.stderr)")
            let clip = try daemon.busctlCall(DaemonHarness.intents, "StartClip")
            #expect(clip.stderr.contains("/dev/video-retrocam-missing"), "\(clip.stderr)")
        }
        let error = try daemon.dbusSend(DaemonHarness.intents, "TakePhoto")
        #expect(error.stderr.contains(BusContract.ErrorName.noCamera.name), "\(error.stderr)")
        #expect(try daemon.property("CameraOpen") == "b false")
        #expect(try daemon.property("Recording") == "b false")
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "1950s"]).status == 0)
        #expect(daemon.answersPing())
    }

    @Test func exitWhenIdleEndsTheDaemonOnceTheCameraHasSlept() throws {
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_UNDO_SECONDS": "1"],
                                       arguments: ["--linger", "0.2", "--exit-when-idle", "1", "--no-portal"])
        defer { daemon.stop() }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0)
        // The UNDO window (1 s here) counts as activity; then one idle second.
        #expect(daemon.waitForExit(timeout: 60), "still running 60 s after the photo")
        #expect(daemon.terminate() == 0)
        #expect(daemon.logText.contains("idle for 1 s (--exit-when-idle)"), "\(daemon.logText)")
    }

    struct BadFlag: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let says: String
        var testDescription: String { TestText.shown(arguments) }
    }

    @Test(arguments: [
        BadFlag(arguments: ["--linger", "-1"], says: "--linger takes seconds from 0 to 3600, not '-1'."),
        BadFlag(arguments: ["--linger", "soon"], says: "--linger takes seconds from 0 to 3600, not 'soon'."),
        BadFlag(arguments: ["--linger", "nan"], says: "--linger takes seconds from 0 to 3600, not 'nan'."),
        BadFlag(arguments: ["--linger=99999999"], says: "--linger takes seconds from 0 to 3600, not '99999999'."),
        BadFlag(arguments: ["--linger"], says: "--linger needs a value (SECONDS)."),
        BadFlag(arguments: ["--exit-when-idle", "0"], says: "--exit-when-idle takes seconds from 1 to 86400, not '0'."),
        BadFlag(arguments: ["--exit-when-idle", ""], says: "--exit-when-idle takes seconds from 1 to 86400, not ''."),
        BadFlag(arguments: ["--exit-when-idle", String(repeating: "9", count: 5000)], says: "--exit-when-idle takes seconds from 1 to 86400"),
    ])
    func badLifecycleFlagsAreRefusedWithASentence(_ bad: BadFlag) throws {
        let result = try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent("retrocamd").path,
                                           bad.arguments, environment: ["PATH": "/usr/bin:/bin"], timeout: 20)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(bad.says), "\(result.stderr)")
    }
}
