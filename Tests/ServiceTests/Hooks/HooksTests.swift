import Foundation
import RetrocamTesting
import Testing

/// The user's hooks, as real executables in the daemon's hooks folder: what they receive, in what order
/// they run, what is skipped and why, and that no hook — failing, slow or hanging — delays or loses a
/// take or keeps SIGTERM from ending the daemon.
@Suite struct HooksTests {
    @Test func aTakeSavedHookGetsThePhotosAndTheClipsFacts() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let hooks = try HookFiles(home: daemon.home)
        try hooks.installRecorder("take-saved", tag: "saved")
        try hooks.installRecorder("recording-started", tag: "started")
        try hooks.installRecorder("recording-stopped", tag: "stopped")

        try ok(try daemon.busctlCall(DaemonHarness.intents, "SetDecade", ["s", "1980s"]), "SetDecade")
        let photo = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
        let photoPath = try #require(busctlPath(photo.stdout), "\(photo.stdout) \(photo.stderr)")
        #expect(daemon.waitUntil(20) { hooks.recorded("saved").count == 1 }, "log: \(daemon.logText)")
        let saved = try #require(hooks.recorded("saved").first)
        #expect(saved["RETROCAM_EVENT"] == "take-saved")
        #expect(saved["RETROCAM_PATH"] == photoPath)
        #expect(saved["RETROCAM_KIND"] == "photo")
        #expect(saved["RETROCAM_DECADE"] == "1980s")
        #expect(saved["RETROCAM_STYLE"]?.isEmpty == false, "\(saved)")
        #expect(saved["RETROCAM_INTENT"] == "TakePhoto")
        #expect(saved["RETROCAM_REQUESTER"] == "busctl", "\(saved)")
        #expect(saved["RETROCAM_APP_ID"] == "", "an unconfined caller has no app id")
        #expect(saved["RETROCAM_DURATION"] == "")
        let line = "hook take-saved (take-saved, \(URL(fileURLWithPath: photoPath).lastPathComponent)): exited 0 after"
        #expect(daemon.waitUntil(20) { daemon.logText.contains(line) }, "one log line per run: \(daemon.logText)")

        try ok(try daemon.retrocam(["clip", "start"]), "clip start")
        #expect(daemon.waitUntil(20) { hooks.recorded("started").count == 1 })
        #expect(daemon.waitForRecordedFrames(30), "a second of the clip is on the disk")
        let paused = try daemon.retrocam(["--json", "clip", "pause"])
        try ok(paused, "clip pause")
        #expect(daemon.waitUntil(20) { hooks.recorded("saved").count == 2 && hooks.recorded("stopped").count == 1 }, "log: \(daemon.logText)")
        let clip = try #require(hooks.recorded("saved").first { $0["RETROCAM_KIND"] == "clip" })
        #expect(clip["RETROCAM_PATH"]?.hasSuffix(".webm") == true)
        #expect(paused.stdout.replacingOccurrences(of: "\\/", with: "/").contains(clip["RETROCAM_PATH"] ?? "?"),
                "the hook saw the file PauseClip answered: \(paused.stdout)")
        #expect(Double(clip["RETROCAM_DURATION"] ?? "") ?? 0 > 0.5, "\(clip)")
        #expect(clip["RETROCAM_INTENT"] == "StartClip", "a clip is the one who started it's: \(clip)")
        #expect(clip["RETROCAM_REQUESTER"] == "retrocam")
        let stopped = try #require(hooks.recorded("stopped").first)
        #expect(stopped["RETROCAM_PATH"] == clip["RETROCAM_PATH"] && stopped["RETROCAM_REASON"] == "")
        #expect(hooks.recorded("started").first?["RETROCAM_CAMERA"]?.isEmpty == false)
        #expect(FileManager.default.fileExists(atPath: photoPath))
    }

    @Test func programsRunInOrderOneAtATimeAndSkippedFilesSayWhy() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let hooks = try HookFiles(home: daemon.home)
        // Each program notes its start and its end; one at a time means no start between another's two lines.
        for name in ["take-saved", "take-saved.d/10-first", "take-saved.d/20-fails", "take-saved.d/30-last"] {
            let tag = URL(fileURLWithPath: name).lastPathComponent
            let exit = name.hasSuffix("fails") ? "exit 1" : "exit 0"
            try hooks.install(name, "echo \"start \(tag) $RETROCAM_PATH\" >> \"$OUT/order\"\nsleep 0.2\necho \"end \(tag)\" >> \"$OUT/order\"\n\(exit)")
        }
        try hooks.install("take-saved.d/40-group-writable", mode: 0o770, "echo ran >> \"$OUT/group\"")
        try hooks.install("take-saved.d/50-not-executable", mode: 0o600, "echo ran >> \"$OUT/plain\"")
        try hooks.install("take-saved.d/.hidden", "echo ran >> \"$OUT/hidden\"")
        let foreign = try hooks.install("take-saved.d/60-foreign", "echo ran >> \"$OUT/foreign\"")
        #expect(chown(foreign.path, 65534, 65534) == 0 || getuid() != 0, "chown needs root")

        for _ in 0..<2 { try ok(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto"), "TakePhoto") }
        #expect(daemon.waitUntil(30) { hooks.lines("order").count == 16 }, "\(hooks.lines("order")) log: \(daemon.logText)")
        let order = hooks.lines("order")
        let names = ["take-saved", "10-first", "20-fails", "30-last"]
        let expected = (0..<2).flatMap { _ in names.flatMap { ["start \($0)", "end \($0)"] } }
        #expect(order.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == expected, "\(order)")
        #expect(Set(order.filter { $0.hasPrefix("start") }.compactMap { $0.split(separator: " ").last }).count == 2,
                "each photo's hooks saw that photo")
        #expect(hooks.lines("group").isEmpty && hooks.lines("plain").isEmpty && hooks.lines("hidden").isEmpty)
        let log = daemon.logText
        #expect(log.contains("hook take-saved.d/20-fails (take-saved, "), "\(log)")
        #expect(log.contains("exited 1 after"), "\(log)")
        #expect(log.contains("hook take-saved.d/40-group-writable: skipped: group-writable (chmod g-w)"), "\(log)")
        #expect(log.contains("hook take-saved.d/50-not-executable: skipped: not executable (chmod u+x)"), "\(log)")
        #expect(log.contains("hook take-saved.d/.hidden: skipped: a hidden or backup file"), "\(log)")
        if getuid() == 0 {
            #expect(hooks.lines("foreign").isEmpty)
            #expect(log.contains("hook take-saved.d/60-foreign: skipped: owned by user 65534, not by you"), "\(log)")
        }
        let skippedLines = log.components(separatedBy: "40-group-writable: skipped").count - 1
        #expect(skippedLines == 1, "a skipped file is said once, not after every photo: \(skippedLines)")
    }

    @Test func aHangingHookDelaysNoTakeAndSigtermStillEndsTheDaemon() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let hooks = try HookFiles(home: daemon.home)
        try hooks.install("take-saved", "echo $$ >> \"$OUT/sleepers\"\nsleep 60")
        var paths: [String] = []
        for index in 0..<10 {
            let photo = try daemon.retrocam(["photo"])
            #expect(photo.status == 0, "photo \(index): \(photo.stderr)")
            paths.append(contentsOf: photo.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") })
        }
        #expect(Set(paths).count == 10, "ten photos saved while the first one's hook sleeps: \(paths)")
        #expect(paths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(daemon.waitUntil(20) { hooks.lines("sleepers").count == 1 }, "only the first photo's hook has started: \(hooks.lines("sleepers"))")
        let sleeper = try #require(Int32(hooks.lines("sleepers").first ?? ""))
        #expect(daemon.answersPing())

        let clock = ContinuousClock()
        let start = clock.now
        let status = daemon.terminate(signal: SIGTERM)
        print("SIGTERM with a hook sleeping and 9 waiting: exited \(status) after \(clock.now - start)")
        #expect(status == 0, "log: \(daemon.logText)")
        // The hook's process group got SIGTERM: the shell and its sleep are gone, nothing is left behind.
        #expect(daemon.waitUntil(10) { kill(sleeper, 0) != 0 }, "the hook \(sleeper) outlived the daemon")
        #expect(daemon.logText.contains("the daemon is stopping; sent SIGTERM"), "\(daemon.logText)")
        #expect(hooks.lines("sleepers").count == 1, "the waiting hooks were not started at the stop")
    }

    @Test func aHookPastItsTimeoutIsStoppedAndTheNextOneRuns() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/retrocam"), withIntermediateDirectories: true)
        try "hook-timeout = 1\n".write(to: home.appendingPathComponent("config/retrocam/config"), atomically: true, encoding: .utf8)
        let daemon = try DaemonHarness(home: home)
        defer { daemon.stop() }
        let hooks = try HookFiles(home: daemon.home)
        try hooks.install("take-saved", "echo \"$RETROCAM_PATH\" >> \"$OUT/runs\"\nsleep 60")
        for _ in 0..<2 { try ok(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto"), "TakePhoto") }
        #expect(daemon.waitUntil(30) { hooks.lines("runs").count == 2 }, "the second photo's hook ran after the first was stopped: \(daemon.logText)")
        #expect(daemon.waitUntil(10) { daemon.logText.contains("ended by SIGTERM after") }, "\(daemon.logText)")
        #expect(daemon.logText.contains("it ran over its 1.0 s (hook-timeout)"), "\(daemon.logText)")
    }

    @Test func aShortcutsTakesAreSeenByAHookWithTheShortcutsName() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let hooks = try HookFiles(home: daemon.home)
        try hooks.installRecorder("take-saved", tag: "saved")
        let shortcuts = daemon.home.appendingPathComponent("config/retrocam/shortcuts")
        try FileManager.default.createDirectory(at: shortcuts, withIntermediateDirectories: true)
        try "# two photos\nphoto\nphoto\n".write(to: shortcuts.appendingPathComponent("pair.retrocam"), atomically: true, encoding: .utf8)
        let run = try daemon.retrocam(["shortcut", "run", "pair"])
        try ok(run, "shortcut run")
        let answered = run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") }
        #expect(answered.count == 2, "the run answers the paths it made: \(run.stdout)")
        #expect(daemon.waitUntil(20) { hooks.recorded("saved").count == 2 }, "\(daemon.logText)")
        let seen = hooks.recorded("saved")
        #expect(Set(seen.compactMap { $0["RETROCAM_PATH"] }) == Set(answered))
        #expect(seen.allSatisfy { $0["RETROCAM_SHORTCUT"] == "pair" && $0["RETROCAM_INTENT"] == "TakePhoto" }, "\(seen)")
    }

    @Test func theReadmesFiveLineHookCopiesEveryPhotoOfTheTimelapseShortcut() throws {
        let readme = try String(contentsOf: ProcessRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- hook example: take-saved.d/copy-timelapse -->\n```sh\n"))
        let end = try #require(readme[marker.upperBound...].range(of: "```"))
        let script = String(readme[marker.upperBound..<end.lowerBound])
        #expect(script.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 3, "five lines with the two comment lines: \(script)")
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let hooks = try HookFiles(home: daemon.home)
        let hook = hooks.folder.appendingPathComponent("take-saved.d/copy-timelapse")
        try FileManager.default.createDirectory(at: hook.deletingLastPathComponent(), withIntermediateDirectories: true)
        try script.write(to: hook, atomically: true, encoding: .utf8)
        chmod(hook.path, 0o700)
        // The user's timelapse (it wins over the shipped one of a minute): three photos, no waiting.
        let shortcuts = daemon.home.appendingPathComponent("config/retrocam/shortcuts")
        try FileManager.default.createDirectory(at: shortcuts, withIntermediateDirectories: true)
        try "# quick\nrepeat 3\n    photo\nend\n".write(to: shortcuts.appendingPathComponent("timelapse.retrocam"), atomically: true, encoding: .utf8)
        let run = try daemon.retrocam(["shortcut", "run", "timelapse"])
        try ok(run, "shortcut run timelapse")
        let paths = run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("/") }
        try ok(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto"), "a photo of no shortcut")
        let copies = daemon.home.appendingPathComponent("Pictures/Retrocam/timelapse")
        let copied = { ((try? FileManager.default.contentsOfDirectory(atPath: copies.path)) ?? []).sorted() }
        #expect(daemon.waitUntil(20) { daemon.logText.components(separatedBy: "hook take-saved.d/copy-timelapse (").count == 5 }, "\(daemon.logText)")
        #expect(paths.count == 3 && copied() == paths.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted(),
                "the shortcut's three photos, and not the other one: \(copied()) \(paths)")
        for path in paths {
            let copy = copies.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent)
            #expect(FileManager.default.contentsEqual(atPath: path, andPath: copy.path))
        }
    }
}
