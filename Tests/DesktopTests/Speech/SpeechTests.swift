import Body
import Foundation
import Intents
import Testing
@testable import Desktop

/// Spoken replies: real speech rendered by espeak-ng and checked with sox; queueing through a stand-in engine.
@Suite struct SpeechTests {
    @Test func espeakRendersAResultThatIsNotSilent() async throws {
        let folder = try SpeechFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("reply.wav")
        try await Speaker.render("Recording. 12 minutes of tape left.", to: wav)
        let stats = try SpeechFixtures.soxStats(wav)
        #expect(stats.seconds > 1.0, "the sentence lasts \(stats.seconds) s")
        #expect(stats.rms > 0.01, "RMS amplitude \(stats.rms): not silent")
    }

    @Test func theFactOfTheDayRendersAsSpeech() async throws {
        let controller = CameraController(device: SilentDevice())
        await controller.start()
        let fact = await controller.factOfTheDay()
        let folder = try SpeechFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("fact.wav")
        try await Speaker.render(fact.dialog, to: wav)
        let stats = try SpeechFixtures.soxStats(wav)
        #expect(stats.seconds > 2.0 && stats.rms > 0.01)
    }

    @Test func sayReturnsAtOnceAndSpeaksInOrder() async throws {
        let folder = try SpeechFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (executable, transcript) = try SpeechFixtures.slowEngine(in: folder)
        let speaker = Speaker(engine: .espeakNG, executable: executable)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            speaker.say("Decade set to the 1970s.")
            speaker.say("   ")
            speaker.say("-v the text is never an option")
            speaker.say("Photo taken.")
        }
        #expect(elapsed < .milliseconds(100), "say took \(elapsed)")
        await speaker.finish()
        let spoken = try String(contentsOf: transcript, encoding: .utf8)
        #expect(spoken == "Decade set to the 1970s.\n-v the text is never an option\nPhoto taken.\n")
    }

    @Test func aMissingOrFailingEngineNeverReachesTheCaller() async throws {
        let logged = SpeechLog()
        let speaker = Speaker(engine: .espeakNG, executable: "/nonexistent/espeak-ng") { logged.append($0) }
        speaker.say("Hello.")
        await speaker.finish()
        #expect(logged.lines.count == 1)
        #expect(logged.lines.first?.contains("could not start") == true)
        #expect(SpeechEngine.available(path: "/nonexistent") == nil)
    }

    @Test(arguments: [
        ([], [:], false), (["--speak"], [:], true), (["--speak", "--no-speak"], [:], false),
        ([], ["RETROCAM_SPEAK": "1"], true), (["--no-speak"], ["RETROCAM_SPEAK": "yes"], false),
    ] as [([String], [String: String], Bool)])
    func speechIsOnlyOnWhenAskedFor(_ arguments: [String], _ environment: [String: String], _ enabled: Bool) {
        #expect(SpeechSettings(arguments: arguments, environment: environment).enabled == enabled)
    }

    @Test func theEngineAndRateCanBeChosen() {
        let settings = SpeechSettings(arguments: [], environment: ["RETROCAM_SPEECH_ENGINE": "espeak-ng", "RETROCAM_SPEECH_RATE": "200"])
        #expect(settings.engines == [.espeakNG, .speechDispatcher])
        #expect(settings.rate == 200)
        #expect(SpeechEngine.speechDispatcher.speakArguments("Hi", rate: 500).arguments == ["-r", "100", "-w", "--", "Hi"])
        #expect(SpeechEngine.espeakNG.speakArguments("Hi", rate: nil) == (arguments: ["--stdin"], stdin: "Hi"))
    }

    @Test func theCounterSpeaksTheMinutesOfTapeLeftWhenTheyChange() async throws {
        let folder = try SpeechFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (executable, transcript) = try SpeechFixtures.slowEngine(in: folder, delay: "0")
        let replies = SpokenReplies(speaker: Speaker(engine: .espeakNG, executable: executable))
        let controller = CameraController(device: SilentDevice())
        await controller.start()
        await replies.followCounter(of: controller)
        #expect(SpokenReplies.counterReadout(await controller.body).hasSuffix(" of tape left."))
        _ = try await controller.perform("SetStyle", ["value": .string("portapak")])
        let readout = SpokenReplies.counterReadout(await controller.body)
        _ = try await controller.perform("SetDegree", ["value": .string("5")])
        let saved = try await controller.interpret("start recording", perform: true)
        replies.say(saved)
        _ = try await controller.perform("PauseClip", [:])
        await replies.speaker.finish()
        let spoken = try String(contentsOf: transcript, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(spoken.first == readout, "switching technology reads the counter: \(spoken)")
        #expect(spoken.count == 3, "one readout per change, the dialog, and the new readout: \(spoken)")
        #expect(spoken.last?.hasSuffix("of tape left.") == true)
    }
}

/// Temporary folders, a stand-in engine and sox's statistics.
enum SpeechFixtures {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-speech-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A script that acts as espeak-ng: reads the sentence on stdin, waits, and appends it to a transcript.
    static func slowEngine(in folder: URL, delay: String = "0.2") throws -> (String, URL) {
        let transcript = folder.appendingPathComponent("transcript.txt")
        let script = folder.appendingPathComponent("fake-espeak-ng")
        try "#!/bin/sh\ntext=$(cat)\nsleep \(delay)\nprintf '%s\\n' \"$text\" >> '\(transcript.path)'\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (script.path, transcript)
    }

    /// Length in seconds and RMS amplitude from `sox FILE -n stat`.
    static func soxStats(_ wav: URL) throws -> (seconds: Double, rms: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sox", wav.path, "-n", "stat"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "sox is needed (apt-get install sox): \(text)")
        func number(_ label: String) -> Double {
            let line = text.split(separator: "\n").first { $0.hasPrefix(label) } ?? ""
            return Double(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
        }
        return (number("Length (seconds)"), number("RMS     amplitude"))
    }
}

/// Log lines collected from a speaker.
final class SpeechLog: @unchecked Sendable {
    private var stored: [String] = []
    private let lock = NSLock()
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
}

/// A camera that takes nothing: photos and clips appear at once, clips last two minutes.
struct SilentDevice: CaptureDevice {
    nonisolated(nonsending) func apply(_ body: CameraBody) async {}
    func takePhoto(_ body: CameraBody) async throws -> CapturedTake { CapturedTake(path: "/tmp/photo.jpg", kind: .photo) }
    func startClip(_ body: CameraBody) async throws {}
    func stopClip() async throws -> CapturedTake { CapturedTake(path: "/tmp/clip.mkv", kind: .clip, duration: 120) }
    func availableFacings() async -> [Facing] { [.back, .front] }
    func moveToTrash(_ take: CapturedTake) async throws {}
    func lastTake() async -> CapturedTake? { nil }
    func recoveredTakeCount() async -> Int { 0 }
    func markLibraryOpened() async {}
}
