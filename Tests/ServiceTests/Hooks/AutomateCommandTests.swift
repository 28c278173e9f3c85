import Foundation
import RetrocamTesting
import Testing

/// `retrocam automate` and `retrocam step` against a real daemon and systemd's own tools. No `systemd --user`
/// runs on this machine or in CI, so timer units are checked with `systemd-analyze verify` (as `add` does,
/// and again here on the installed files) and run by executing their `ExecStart=` line, which is what
/// `automate run` does where no user manager runs.
@Suite struct AutomateCommandTests {
    /// The daemon's home and the unit folder there.
    struct Home {
        let daemon: DaemonHarness
        var units: URL { daemon.home.appendingPathComponent("config/systemd/user") }
        var automations: URL { daemon.home.appendingPathComponent("config/retrocam/automations") }
        var photos: [String] {
            let folder = daemon.home.appendingPathComponent("Pictures/Retrocam")
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".jpg") }
        }
        func files(in folder: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }
    }

    @Test func aTimerIsVerifiedEnabledListedRunByItsExecStartLineAndRemoved() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let home = Home(daemon: daemon)
        let added = try daemon.retrocam(["automate", "add", "morning", "--at", "Mon..Fri 09:00", "photo"])
        #expect(added.status == 0, "\(added.stdout) \(added.stderr)")
        #expect(added.stdout.contains("Added morning: photo, at Mon..Fri *-*-* 09:00:00 (next: "), "\(added.stdout)")
        #expect(home.files(in: home.units) == ["retrocam-auto-morning.service", "retrocam-auto-morning.timer", "timers.target.wants"])
        let enabled = home.units.appendingPathComponent("timers.target.wants/retrocam-auto-morning.timer")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: enabled.path).hasSuffix("retrocam-auto-morning.timer"))

        // systemd accepts the installed units as they are.
        let runtime = daemon.home.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let verify = try ProcessRunner.run("/usr/bin/systemd-analyze", ["verify", "--user", home.units.appendingPathComponent("retrocam-auto-morning.timer").path],
                                           environment: daemon.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
        #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify.stdout) \(verify.stderr)")
        let security = try ProcessRunner.run("/usr/bin/systemd-analyze", ["security", "--offline=yes", "--user",
                                                                          home.units.appendingPathComponent("retrocam-auto-morning.service").path],
                                             environment: daemon.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 })
        let exposure = security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") } ?? ""
        let score = exposure.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) }
        #expect((score ?? 10) <= 2.5, "the service's sandbox: \(exposure) \(security.stderr)")
        print("automation service: \(exposure)")
        let service = try String(contentsOf: home.units.appendingPathComponent("retrocam-auto-morning.service"), encoding: .utf8)
        #expect(service.contains("ProtectSystem=strict") && service.contains("PrivateNetwork=yes") && service.contains("Type=oneshot"))

        // The service's ExecStart= line, executed as systemd would, takes the photo through the bus.
        let line = try #require(service.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        let words = try #require(Self.words(of: String(line.dropFirst("ExecStart=".count))))
        #expect(words.dropFirst() == ["step", "--", "photo"], "\(words)")
        let executed = try ProcessRunner.run(words[0], Array(words.dropFirst()), environment: daemon.environment)
        #expect(executed.status == 0 && executed.stdout.contains("Photo taken."), "\(executed.stdout) \(executed.stderr)")
        #expect(home.photos.count == 1)

        // Where no user manager runs, `automate run` executes that same line.
        let run = try daemon.retrocam(["automate", "run", "morning"])
        #expect(run.status == 0 && run.stdout.contains("Photo taken."), "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("no systemd --user runs here; running retrocam-auto-morning.service's ExecStart= line itself."))
        #expect(home.photos.count == 2)

        let list = try daemon.retrocam(["automate", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        let row = try #require(list.stdout.split(separator: "\n").first { $0.hasPrefix("morning\t") }).split(separator: "\t").map(String.init)
        #expect(row.count == 5 && row[1] == "at Mon..Fri *-*-* 09:00:00" && row[2] == "photo", "\(row)")
        #expect(row[3].contains("09:00:00"), "the next run, from systemd-analyze calendar: \(row)")
        #expect(row[4] == "unknown: no systemd --user runs here")

        let removed = try daemon.retrocam(["automate", "remove", "morning"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(home.files(in: home.units).filter { $0.hasPrefix("retrocam-auto") }.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: enabled.path), "disabled: the wants link is gone")
        let again = try daemon.retrocam(["automate", "remove", "morning"])
        #expect(again.status == 1 && again.stderr.contains("There is no automation called morning. There are no automations."), "\(again.stderr)")
    }

    @Test(arguments: ["every blue moon", "Mon..Fri 25:00", "2026-02-30", "daily\nExecStart=/bin/sh"])
    func aCalendarSystemdRefusesIsAnsweredInItsWordsAndNothingIsWritten(_ calendar: String) throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let result = try daemon.retrocam(["automate", "add", "never", "--at", calendar, "photo"])
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        if calendar.contains("\n") {
            #expect(result.stderr.contains("A calendar is one line"), "\(result.stderr)")
        } else if calendar == "2026-02-30" {
            #expect(result.stderr.contains("'2026-02-30' never comes again: systemd reads it as 2026-02-30 00:00:00, Next elapse: never."),
                    "\(result.stderr)")
        } else {
            #expect(result.stderr.contains("systemd does not read '\(calendar)' as a time: Failed to parse calendar specification '\(calendar)'"),
                    "\(result.stderr)")
        }
        #expect(Home(daemon: daemon).files(in: Home(daemon: daemon).units).isEmpty)
    }

    @Test(arguments: ["a/b", "..", "../escape", "x.timer", "", "two words", String(repeating: "n", count: 65)])
    func aNameThatCouldLeaveItsFolderIsAUsageError(_ name: String) throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let home = Home(daemon: daemon)
        for trigger in [["--at", "daily"], ["--when", "camera-added"]] {
            let result = try daemon.retrocam(["automate", "add", name] + trigger + ["photo"])
            #expect(result.status == 64, "\(trigger) \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains("cannot be an automation name"), "\(result.stderr)")
        }
        for verb in ["remove", "run"] {
            #expect(try daemon.retrocam(["automate", verb, name]).status == 64)
        }
        #expect(home.files(in: home.units).isEmpty && home.files(in: home.automations).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: daemon.home.appendingPathComponent("escape").path))
    }

    @Test func aShortcutThatDoesNotExistOrAStepThatIsNoneIsRefused() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let home = Home(daemon: daemon)
        for trigger in [["--at", "daily"], ["--when", "camera-added"]] {
            let missing = try daemon.retrocam(["automate", "add", "x"] + trigger + ["shortcut", "no-such-thing"])
            #expect(missing.status == 1 && missing.stderr.contains("There is no shortcut called no-such-thing. Shortcuts: "), "\(missing.stderr)")
            let nonsense = try daemon.retrocam(["automate", "add", "x"] + trigger + ["fly", "to", "the", "moon"])
            #expect(nonsense.status == 64 && nonsense.stderr.contains("'fly' is not a step."), "\(nonsense.stderr)")
            let shutter = try daemon.retrocam(["automate", "add", "x"] + trigger + ["shutter"])
            #expect(shutter.status == 64 && shutter.stderr.contains("a step is 'shutter click' or 'photo'"), "\(shutter.stderr)")
        }
        let both = try daemon.retrocam(["automate", "add", "x", "--at", "daily", "--when", "camera-added", "photo"])
        #expect(both.status == 64 && both.stderr.contains("one of --at CALENDAR"), "\(both.stderr)")
        let noEvent = try daemon.retrocam(["automate", "add", "x", "--when", "lunchtime", "photo"])
        #expect(noEvent.status == 64 && noEvent.stderr.contains("There is no event called 'lunchtime'. Events: take-saved,"), "\(noEvent.stderr)")
        #expect(home.files(in: home.units).isEmpty && home.files(in: home.automations).isEmpty)
        let shipped = try daemon.retrocam(["automate", "add", "lapse", "--at", "*:0/15", "shortcut", "timelapse"])
        #expect(shipped.status == 0, "a shipped shortcut: \(shipped.stderr)")
        let taken = try daemon.retrocam(["automate", "add", "lapse", "--when", "camera-added", "photo"])
        #expect(taken.status == 1 && taken.stderr.contains("There is already an automation called lapse."), "\(taken.stderr)")
    }

    @Test func tenThousandAutomationsAreListedNoMoreAreAddedAndTheDaemonRunsAThousand() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let home = Home(daemon: daemon)
        try FileManager.default.createDirectory(at: home.automations, withIntermediateDirectories: true)
        for index in 0..<10_000 {
            try Data("set degree 3\n".utf8).write(to: home.automations.appendingPathComponent(String(format: "auto%05d.take-saved", index)))
        }
        let add = try daemon.retrocam(["automate", "add", "one-more", "--when", "take-saved", "photo"])
        #expect(add.status == 1 && add.stderr.contains("There are already 10000 automations, the most Retrocam keeps (1000)."), "\(add.stderr)")
        let list = try daemon.retrocam(["automate", "list"], timeout: 120)
        #expect(list.status == 0 && list.stdout.split(separator: "\n").count == 10_000, "\(list.stderr)")

        let photo = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
        let path = try #require(busctlPath(photo.stdout), "\(photo.stderr)")
        #expect(daemon.waitUntil(120) { daemon.logText.contains("9000 more automations for take-saved are not run: at most 1000 are.") },
                "\(daemon.logText.suffix(2000))")
        #expect(daemon.waitUntil(120) { daemon.logText.contains("automation auto00999 (take-saved, ") }, "\(daemon.logText.suffix(2000))")
        #expect(!daemon.logText.contains("automation auto01000 "))
        #expect(FileManager.default.fileExists(atPath: path) && daemon.answersPing())
    }

    @Test func anEventAutomationRunsAfterItsEventAndItsOwnTakesStartNoOther() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let home = Home(daemon: daemon)
        let hooks = try HookFiles(home: daemon.home)
        try hooks.installRecorder("take-saved", tag: "saved")
        try ok(try daemon.retrocam(["automate", "add", "fifties", "--when", "recording-stopped", "set", "decade", "1950s"]), "add fifties")
        try ok(try daemon.retrocam(["automate", "add", "second", "--when", "take-saved", "photo"]), "add second")
        let list = try daemon.retrocam(["automate", "list"])
        #expect(list.stdout.contains("fifties\tafter recording-stopped\tset decade 1950s\ton the event\tin the daemon's log"), "\(list.stdout)")

        let clip = try daemon.retrocam(["step", "clip", "1s"])
        try ok(clip, "step clip 1s")
        let clipName = try #require(clip.stdout.split(separator: "\n").last.map { URL(fileURLWithPath: String($0)).lastPathComponent })
        #expect(daemon.waitUntil(20) { (try? daemon.property("Decade")) == "s \"1950s\"" }, "\(daemon.logText)")
        #expect(daemon.logText.contains("automation fifties (recording-stopped, "), "\(daemon.logText)")
        // The camera takes one take at a time: the user's photo waits until the clip's automation photo is done.
        #expect(daemon.waitUntil(20) { daemon.logText.contains("automation second (take-saved, \(clipName)): ") }, "\(daemon.logText)")

        // The clip's take-saved ran `second` once (a photo); that photo's own take-saved runs the hooks only.
        try ok(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto"), "TakePhoto")
        #expect(daemon.waitUntil(30) { hooks.recorded("saved").count == 4 && daemon.logText.components(separatedBy: "automation second (").count == 3 },
                "\(hooks.recorded("saved").count) \(daemon.logText)")
        #expect(home.photos.count == 3, "the user's photo and one automation photo for each of the two takes: \(home.photos)")
        let automated = hooks.recorded("saved").filter { $0["RETROCAM_AUTOMATION"] == "second" }
        #expect(automated.count == 2 && automated.allSatisfy { $0["RETROCAM_REQUESTER"] == "the automation second" }, "\(automated)")

        let run = try daemon.retrocam(["automate", "run", "fifties"])
        #expect(run.status == 0 && run.stdout.contains("1950s"), "\(run.stdout) \(run.stderr)")
    }

    @Test func stepRunsOneStepAndRunStepRefusesBadInput() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let photo = try daemon.retrocam(["step", "photo"])
        #expect(photo.status == 0 && photo.stdout.contains("Photo taken.") && photo.stdout.contains(".jpg"), "\(photo.stdout) \(photo.stderr)")
        let clip = try daemon.retrocam(["step", "clip", "1s"])
        #expect(clip.status == 0 && clip.stdout.contains(".webm"), "\(clip.stdout) \(clip.stderr)")
        #expect(try daemon.property("Recording") == "b false")
        let missing = try daemon.retrocam(["step", "shortcut", "no-such-thing"])
        #expect(missing.status == 1 && missing.stderr.contains("There is no shortcut called no-such-thing."), "\(missing.stderr)")
        for (signature, args, error) in [("i", ["5"], "expects arguments of signature \"s\""), ("s", [""], "The line has no step."), ("s", ["fly"], "'fly' is not a step."),
                                        ("s", ["shutter"], "shutter click"), ("s", [String(repeating: "x", count: 100_000)], "A step is at most 512 bytes"),
                                        ("ss", ["photo", "photo"], "expects arguments of signature \"s\"")] {
            let result = try daemon.busctl(["call", "--", DaemonHarness.busName, DaemonHarness.path, "org.retrocam.Shortcuts1", "RunStep", signature] + args)
            #expect(result.status != 0 && result.stderr.contains(error), "\(signature) \(args.first?.prefix(20) ?? ""): \(result.stderr.prefix(300))")
        }
        #expect(daemon.answersPing())
    }

    @Test func hooksListSaysWhatRunsAndWhyAFileIsSkipped() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let empty = try daemon.retrocam(["hooks", "list"])
        #expect(empty.status == 0 && empty.stdout.contains("No hooks in "), "\(empty.stdout)")
        let hooks = try HookFiles(home: daemon.home)
        try hooks.install("take-saved", "true")
        try hooks.install("camera-added.d/notify", "true")
        try hooks.install("camera-added.d/shared", mode: 0o720, "true")
        try hooks.install("recording-started", mode: 0o600, "true")
        try hooks.install("take-saved.sh", "true")
        let list = try daemon.retrocam(["hooks", "list"])
        #expect(list.status == 0, "\(list.stderr)")
        let rows = Set(list.stdout.split(separator: "\n").map(String.init))
        #expect(rows.isSuperset(of: [
            "take-saved\ttake-saved\truns",
            "recording-started\trecording-started\tskipped: not executable (chmod u+x)",
            "camera-added\tcamera-added.d/notify\truns",
            "camera-added\tcamera-added.d/shared\tskipped: group-writable (chmod g-w)",
            "-\ttake-saved.sh\tskipped: named after no event (events: take-saved, recording-started, recording-stopped, camera-added, camera-removed)",
        ]), "\(list.stdout)")
        let json = try daemon.retrocam(["--json", "hooks", "list"])
        #expect(json.status == 0 && json.stdout.contains("\"status\":\"runs\""), "\(json.stdout)")
        chmod(hooks.folder.path, 0o777)
        let open = try daemon.retrocam(["hooks", "list"])
        #expect(open.stdout.contains("skipped: the folder is world-writable (chmod o-w)") && !open.stdout.contains("\truns"), "\(open.stdout)")
    }

    /// The words of a line `retrocam automate add` wrote (double-quoted, `\` escapes, `%%` and `$$` doubled).
    static func words(of line: String) -> [String]? {
        var words: [String] = []
        var current: String?
        var escaped = false
        var previous: Character?
        for character in line {
            if escaped { current?.append(character); escaped = false; continue }
            switch (character, current) {
            case ("\"", nil): current = ""
            case ("\"", let word?): words.append(word); current = nil
            case ("\\", _?): escaped = true
            case ("%", _?), ("$", _?):
                if previous == character { previous = nil; continue }
                current?.append(character)
            case (" ", nil): break
            case (_, nil): return nil
            default: current?.append(character)
            }
            previous = character
        }
        return current == nil ? words : nil
    }
}
