import Foundation
import RetrocamTesting

/// Speech for the `listen` tests, made the way FACTS.md found works: espeak-ng writes each sentence, sox
/// makes it 16 kHz mono 16-bit, pads it with 0.4 s at each end and mixes in low noise (pure digital
/// silence makes pocketsphinx return nothing), the same noise every run.
enum SpokenAudio {
    /// An espeak-ng voice at a speed, and the noise of the room it speaks in.
    struct Voice: Sendable, CustomStringConvertible {
        /// espeak-ng's voice (`-v`).
        let name: String
        /// Words a minute (`-s`); nil for espeak-ng's own 175.
        var wordsPerMinute: Int?
        /// sox's noise (`whitenoise`, `pinknoise`) and its volume.
        var noise = "whitenoise", noiseVolume = 0.01

        /// A name for its folder of audio.
        var tag: String { name + (wordsPerMinute.map { "-\($0)" } ?? "") }
        var description: String { name + (wordsPerMinute.map { " at \($0) wpm" } ?? "") + " (\(noise) \(noiseVolume))" }
    }

    /// The two voices the tests are tuned on (with `scripts/tune-listen`): espeak-ng's US English male voice and
    /// a female variant of it, in low white noise.
    static let voices = [Voice(name: "en-us"), Voice(name: "en-us+f2")]

    /// Thirty commands as people say them to the camera: every intent, values in words.
    static let commands = [
        "take a picture", "start recording", "stop recording", "go to the seventies",
        "set the decade to the nineteen eighties", "take me back to the fifties", "zoom to two x", "zoom out",
        "set the zoom to three times", "set the degree to seven", "set the exposure to minus one",
        "exposure plus one point five", "set a ten second timer", "turn the self timer off", "switch to still mode",
        "switch to cine", "use super eight", "use portapak", "turn the light on", "flash off", "toggle the flash",
        "flip the camera", "undo that", "show me the last take", "mute the sound", "set the sound to stereo",
        "shoot in widescreen", "say cheese", "thats a wrap", "press the record button",
    ]

    /// Things people say to a voice assistant that are not for the camera, several close to a command.
    static let unrelated = [
        "what's the weather like tomorrow", "set a timer for the pasta", "play some music", "turn on the kitchen lights",
        "call my mother", "what time is it", "remind me to buy milk", "how tall is mount everest", "tell me a joke",
        "open the front door", "what's the capital of france", "add eggs to my shopping list", "play the next song",
        "turn up the volume", "send a message to john", "set an alarm for seven", "read my email", "order a pizza",
    ]

    /// Writes `sentences` spoken by `voice` into `folder` as 01.wav, 02.wav, …; answers the files in order.
    /// `trailingSeconds` of noise follow the speech (0.4 s by default).
    static func make(_ sentences: [String], voice: Voice, in folder: URL, trailingSeconds: Double = 0.4) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [URL] = []
        for (index, sentence) in sentences.enumerated() {
            let raw = folder.appendingPathComponent("raw.wav").path, padded = folder.appendingPathComponent("padded.wav").path
            let noise = folder.appendingPathComponent("noise.wav").path
            let file = folder.appendingPathComponent(String(format: "%02d.wav", index + 1))
            let speed = voice.wordsPerMinute.map { ["-s", String($0)] } ?? []
            try check(ProcessRunner.run("/usr/bin/espeak-ng", ["-v", voice.name] + speed + ["-w", raw, sentence]))
            try check(ProcessRunner.run("/usr/bin/sox", ["-R", raw, "-r", "16000", "-c", "1", "-b", "16", padded, "pad", "0.4", String(trailingSeconds)]))
            let seconds = try ProcessRunner.run("/usr/bin/soxi", ["-D", padded]).text
            // -R on every sox step: the same noise, and the same dither where sox resamples or mixes (without
            // it each run dithers at random and a sentence on the edge is heard one run and not the next).
            try check(ProcessRunner.run("/usr/bin/sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", noise, "synth", seconds,
                                                         voice.noise, "vol", String(voice.noiseVolume)]))
            try check(ProcessRunner.run("/usr/bin/sox", ["-R", "-m", padded, noise, file.path]))
            files.append(file)
        }
        for name in ["raw.wav", "padded.wav", "noise.wav"] { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        return files
    }

    private static func check(_ output: ProcessOutput) throws {
        guard output.status == 0 else { throw HarnessError("audio tool failed (\(output.status)): \(output.stderr.prefix(500))") }
    }
}
