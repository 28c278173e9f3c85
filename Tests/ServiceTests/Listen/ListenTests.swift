import Foundation
import Synchronization
import Testing

/// `retrocam listen` end to end: speech made by espeak-ng in two voices, read through the file source in
/// place of the microphone, recognised offline by pocketsphinx with the grammar made from the templates, then
/// `Interpret` on a real daemon.
@Suite(.serialized) struct ListenTests {
    /// The lexicon cache, shared by the tests of one run.
    static let cache = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-listen-cache-\(getpid())")

    /// The environment for `retrocam listen` against `daemon`, with a runtime folder of its own.
    static func environment(_ daemon: DaemonHarness) throws -> [String: String] {
        var environment = daemon.environment
        environment["XDG_CACHE_HOME"] = cache.path
        let runtime = daemon.home.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        environment["XDG_RUNTIME_DIR"] = runtime.path
        return environment
    }

    /// Runs `retrocam ARGS` with `environment`.
    static func retrocam(_ arguments: [String], _ environment: [String: String], timeout: TimeInterval = 300) throws -> ProcessOutput {
        try ProcessRunner.run(ProcessRunner.binDirectory.appendingPathComponent("retrocam").path, arguments,
                              environment: environment, timeout: timeout)
    }

    /// A JSON value written with sorted keys, for comparing (Foundation on Linux does not compare JSON booleans).
    static func canonical(_ value: Any?) -> String {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: ["v": value], options: [.sortedKeys]) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// `hear(voice)` for every voice of `SpokenAudio` at once, one thread each; the answers in the voices'
    /// order, or the first error.
    static func eachVoice(_ hear: @Sendable (String) throws -> ProcessOutput) throws -> [ProcessOutput] {
        let voices = SpokenAudio.voices
        let answers = Mutex<[Int: Result<ProcessOutput, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: voices.count) { index in
            let answer = Result { try hear(voices[index]) }
            answers.withLock { $0[index] = answer }
        }
        return try answers.withLock { found in try voices.indices.map { try found[$0]!.get() } }
    }

    /// One JSON object per line of `listen --json`.
    static func reports(_ output: ProcessOutput) -> [[String: Any]] {
        output.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func thirtyCommandsPerVoiceAreUnderstoodAndUnrelatedSpeechNeverBecomesATake() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let environment = try Self.environment(daemon)
        // What each command means, asked of the daemon's own matcher from the text.
        var expected: [[String: Any]] = []
        for command in SpokenAudio.commands {
            let meaning = try Self.retrocam(["--json", "interpret", command], environment)
            try #require(meaning.status == 0, "'\(command)' is a command of the templates: \(meaning.stderr)")
            expected.append(try JSONSerialization.jsonObject(with: Data(meaning.stdout.utf8)) as? [String: Any] ?? [:])
        }
        // The voices are heard side by side (decoding is the time this test takes, and one voice's decoder
        // leaves the other core idle): first every voice's commands as a dry run, then every voice's unrelated
        // speech performed for real, so nothing performed can change what a command is read as.
        let heardCommands = try Self.eachVoice { voice in
            let folder = daemon.home.appendingPathComponent("speech-\(voice)")
            let commands = try SpokenAudio.make(SpokenAudio.commands, voice: voice, in: folder.appendingPathComponent("commands"))
            return try Self.retrocam(["listen", "--json", "--dry-run"] + commands.flatMap { ["--file", $0.path] }, environment)
        }.map(Self.reports)
        let heardUnrelated = try Self.eachVoice { voice in
            let folder = daemon.home.appendingPathComponent("speech-\(voice)")
            let unrelated = try SpokenAudio.make(SpokenAudio.unrelated, voice: voice, in: folder.appendingPathComponent("unrelated"))
            return try Self.retrocam(["listen", "--json"] + unrelated.flatMap { ["--file", $0.path] }, environment)
        }.map(Self.reports)
        var lines: [String] = []
        for (voice, (heard, said)) in zip(SpokenAudio.voices, zip(heardCommands, heardUnrelated)) {
            try #require(heard.count == SpokenAudio.commands.count, "one report per file")
            var right = 0, misses: [String] = []
            for (index, report) in heard.enumerated() {
                let want = expected[index]
                let same = (report["intent"] as? String) == (want["intent"] as? String)
                    && Self.canonical(report["slots"]) == Self.canonical(want["slots"])
                if same { right += 1 } else { misses.append("'\(SpokenAudio.commands[index])' → '\(report["heard"] ?? "")'") }
            }
            let decode = heard.compactMap { $0["decode_seconds"] as? Double }.sorted()
            let processor = heard.compactMap { $0["cpu_seconds"] as? Double }.sorted()
            // Unrelated speech, performed for real: nothing may become a take.
            let accepted = said.filter { ["done", "asked"].contains($0["outcome"] as? String ?? "") }
            let takes = accepted.filter { ["TakePhoto", "StartClip", "ToggleRecord"].contains($0["intent"] as? String ?? "") }
            lines.append("\(voice): commands right \(right)/\(heard.count); unrelated turned into commands \(accepted.count)/\(said.count), "
                         + "into takes \(takes.count); decode p50 \(String(format: "%.2f", decode[decode.count / 2])) s, "
                         + "max \(String(format: "%.2f", decode.last ?? 0)) s per utterance (processor p50 "
                         + "\(String(format: "%.2f", processor[processor.count / 2])) s)"
                         + (misses.isEmpty ? "" : "; missed: \(misses.joined(separator: ", "))")
                         + (accepted.isEmpty ? "" : "; accepted: \(accepted.map { "\($0["source"].map { URL(fileURLWithPath: "\($0)").lastPathComponent } ?? "")=\($0["heard"] ?? "")" })"))
            #expect(right >= 27, "\(voice): \(right) of 30 commands right (goal 27); missed \(misses)")
            #expect(takes.isEmpty, "\(voice): unrelated speech became takes: \(takes.map { $0["heard"] ?? "" })")
        }
        #expect(try daemon.property("LastTake") == "s \"\"", "no take at all came of the unrelated speech")
        let pictures = (try? FileManager.default.contentsOfDirectory(atPath: daemon.home.appendingPathComponent("Pictures/Retrocam").path)) ?? []
        let videos = (try? FileManager.default.contentsOfDirectory(atPath: daemon.home.appendingPathComponent("Videos/Retrocam").path)) ?? []
        #expect(pictures.isEmpty && videos.isEmpty)
        print("ListenTests (speech, file source): " + lines.joined(separator: "\n  "))
    }

    @Test func spokenUndoWaitsForAYesFromTheNextUtterance() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let environment = try Self.environment(daemon)
        let folder = daemon.home.appendingPathComponent("undo")
        let files = try SpokenAudio.make(["undo that", "no", "yes"], voice: "en-us", in: folder)
        let photo = try daemon.busctlCall(DaemonHarness.intents, "TakePhoto")
        let path = try #require(photo.stdout.split(separator: "\"").first { $0.hasPrefix("/") }.map(String.init))
        // In one run: the next file answers.
        let declined = try Self.retrocam(["listen", "--file", files[0].path, "--file", files[1].path], environment)
        #expect(declined.status == 0, "\(declined.stderr)")
        #expect(declined.stdout.contains("Move the last take to the Trash? Say yes or no."), "\(declined.stdout)")
        #expect(declined.stdout.contains("Cancelled: nothing done."))
        #expect(FileManager.default.fileExists(atPath: path))
        // Across runs (a second press of a hold-to-talk key): the question waits in the runtime folder.
        let asked = try Self.retrocam(["listen", "--file", files[0].path], environment)
        #expect(asked.stdout.contains("Say yes or no."), "\(asked.stdout) \(asked.stderr)")
        #expect(FileManager.default.fileExists(atPath: path), "nothing is done before the answer")
        let confirmed = try Self.retrocam(["listen", "--json", "--file", files[2].path], environment)
        let report = Self.reports(confirmed).first ?? [:]
        #expect(report["outcome"] as? String == "done", "\(confirmed.stdout) \(confirmed.stderr)")
        #expect(report["intent"] as? String == "Undo")
        #expect(!FileManager.default.fileExists(atPath: path), "the yes moved the photo to the Trash")
        // A yes with no question waiting undoes nothing.
        let stray = Self.reports(try Self.retrocam(["listen", "--json", "--file", files[2].path], environment)).first ?? [:]
        #expect(stray["intent"] as? String != "Undo", "\(stray)")
    }

    @Test func badInputGetsOneClearLine() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let environment = try Self.environment(daemon)
        let text = daemon.home.appendingPathComponent("not-audio.wav")
        try Data("this is not a wave file".utf8).write(to: text)
        let empty = daemon.home.appendingPathComponent("empty.wav")
        _ = try ProcessRunner.run("/usr/bin/sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", empty.path, "trim", "0", "0"])
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["listen", "--file", "/nonexistent/take.wav"], 1, "Cannot read the audio file /nonexistent/take.wav"),
            (["listen", "--file", text.path], 1, "Could not determine type of stream"),
            (["listen", "--file", empty.path], 1, "nothing"),
            (["listen", "--mic", "nosuchelement"], 1, "The audio source 'nosuchelement' cannot be used"),
            // A live source that never sends a sample: push-to-talk gives up on the wall clock.
            (["listen", "--mic", "appsrc is-live=true format=time caps=audio/x-raw,format=S16LE,rate=16000,channels=1,layout=interleaved"],
             1, "Heard nothing"),
            (["listen", "--mic", "autoaudiosrc", "--file", empty.path], 64, "either --file or --mic"),
            (["listen", "sideways"], 64, "listen takes grammar, words or release"),
            (["listen", "--file"], 64, "--file needs a value"),
            (["listen", "release"], 1, "No 'retrocam listen --hold' is recording"),
        ]
        for item in cases {
            let run = try Self.retrocam(item.arguments, environment, timeout: 60)
            #expect(run.status == item.status, "\(item.arguments): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(item.message), "\(item.arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").first?.hasPrefix("retrocam: ") == true)
        }
        // A recording longer than an utterance may be: only its first 30 s are read.
        let long = daemon.home.appendingPathComponent("long.wav")
        _ = try ProcessRunner.run("/usr/bin/sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", long.path, "synth", "120",
                                                   "whitenoise", "vol", "0.01"])
        let report = Self.reports(try Self.retrocam(["listen", "--json", "--file", long.path], environment, timeout: 120)).first ?? [:]
        #expect((report["audio_seconds"] as? Double ?? 99) <= 30.5, "\(report)")
        #expect(["nothing", "not-for-the-camera"].contains(report["outcome"] as? String ?? ""), "\(report)")
        #expect(daemon.answersPing())
    }

    @Test func holdToTalkRecordsUntilReleased() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let environment = try Self.environment(daemon)
        let files = try SpokenAudio.make(["exposure plus one point five"], voice: "en-us", in: daemon.home.appendingPathComponent("hold"),
                                         trailingSeconds: 20)
        // A source that plays the recording in real time, like a microphone: the sentence, then 20 s of quiet.
        let microphone = "filesrc location=\(files[0].path) ! wavparse ! audioconvert ! identity sync=true"
        for release in ["signal", "release", "stdin"] {
            let process = Process()
            process.executableURL = ProcessRunner.binDirectory.appendingPathComponent("retrocam")
            process.arguments = ["listen", "--hold", "--json", "--mic", microphone]
            process.environment = environment
            let input = Pipe(), output = Pipe(), errors = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
            let started = Date()
            try process.run()
            let drained = ReadAll(output.fileHandleForReading)
            // The key is held from "listening…" until the sentence (2.5 s of audio, played in real time) is over.
            let listening = errors.fileHandleForReading.availableData
            #expect(String(decoding: listening, as: UTF8.self).contains("listening…"))
            let drainedErrors = ReadAll(errors.fileHandleForReading)
            Thread.sleep(forTimeInterval: 3.5)
            switch release {
            case "signal": kill(process.processIdentifier, SIGUSR1)
            case "release": _ = try Self.retrocam(["listen", "release"], environment, timeout: 20)
            default: try input.fileHandleForWriting.close()
            }
            process.waitUntilExit()
            _ = drainedErrors.wait()
            let report = (try? JSONSerialization.jsonObject(with: Data(drained.wait().utf8))) as? [String: Any] ?? [:]
            #expect(report["intent"] as? String == "SetExposure", "released by \(release): \(report)")
            #expect(Date().timeIntervalSince(started) < 25, "released by \(release), it did not wait for the 30 s limit")
        }
        #expect(try daemon.property("Exposure") == "d 1.5")
    }
}
