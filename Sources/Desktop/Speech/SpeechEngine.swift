import Foundation

/// A text-to-speech program on the machine: speech-dispatcher's `spd-say` (the desktop's speech
/// service, shared with the screen reader) or `espeak-ng` directly.
public enum SpeechEngine: String, Sendable, CaseIterable {
    /// `spd-say`: speaks through speech-dispatcher, queued with the screen reader's speech.
    case speechDispatcher = "spd-say"
    /// `espeak-ng`: speaks on its own; also renders WAV files.
    case espeakNG = "espeak-ng"

    /// The first engine found on `PATH`, in `preference` order; nil when none is installed.
    public static func available(preferring preference: [SpeechEngine] = [.speechDispatcher, .espeakNG],
                                 path: String? = ProcessInfo.processInfo.environment["PATH"]) -> (SpeechEngine, String)? {
        for engine in preference {
            if let executable = locate(engine.rawValue, path: path) { return (engine, executable) }
        }
        return nil
    }

    /// Arguments that speak `text` aloud. Text never goes where an option could be read: spd-say gets
    /// it after `--`, espeak-ng on stdin.
    func speakArguments(_ text: String, rate: Int?) -> (arguments: [String], stdin: String?) {
        switch self {
        case .speechDispatcher:
            return ((rate.map { ["-r", String(max(-100, min(100, $0)))] } ?? []) + ["-w", "--", text], nil)
        case .espeakNG:
            return ((rate.map { ["-s", String(max(80, min(450, $0)))] } ?? []) + ["--stdin"], text)
        }
    }

    /// The full path of `program` in `path`, or nil.
    static func locate(_ program: String, path: String?) -> String? {
        let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for folder in folders {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Why speech could not be made.
public enum SpeechError: Error, Equatable, CustomStringConvertible {
    /// Neither spd-say nor espeak-ng is installed.
    case noEngine
    /// The engine ran but failed.
    case engineFailed(String)

    /// The sentence to log.
    public var description: String {
        switch self {
        case .noEngine:
            return "No speech engine found: install speech-dispatcher (spd-say) or espeak-ng to hear replies."
        case .engineFailed(let reason): return "The speech engine failed: \(reason)"
        }
    }
}
