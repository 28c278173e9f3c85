/// Whether the daemon speaks, from its flags and environment: `--speak` / `--no-speak`, or
/// `RETROCAM_SPEAK=1|0`; `RETROCAM_SPEECH_ENGINE=spd-say|espeak-ng` picks the engine, `RETROCAM_SPEECH_RATE`
/// its speed (spd-say −100…100, espeak-ng words a minute). Flags win over the environment; speech is off by default.
public struct SpeechSettings: Sendable, Equatable {
    /// Speak replies, the fact of the day and the counter.
    public var enabled = false
    /// Engines to try, in order.
    public var engines: [SpeechEngine] = [.speechDispatcher, .espeakNG]
    /// The engine's rate, when set.
    public var rate: Int?

    /// Speech off, the default engines.
    public init() {}

    /// Reads the settings; `arguments` are the daemon's (only `--speak`/`--no-speak` are looked at).
    public init(arguments: [String], environment: [String: String]) {
        var flag: Bool?
        for argument in arguments {
            if argument == "--speak" { flag = true }
            if argument == "--no-speak" { flag = false }
        }
        self.init(speak: flag, environment: environment)
    }

    /// Reads the settings from an already parsed `--speak` (true) / `--no-speak` (false) flag, nil when neither
    /// was given, and the environment.
    public init(speak flag: Bool?, environment: [String: String]) {
        switch environment["RETROCAM_SPEAK"]?.lowercased() {
        case "1", "yes", "on", "true": enabled = true
        default: break
        }
        if let name = environment["RETROCAM_SPEECH_ENGINE"], let engine = SpeechEngine(rawValue: name) {
            engines = [engine] + engines.filter { $0 != engine }
        }
        rate = environment["RETROCAM_SPEECH_RATE"].flatMap { Int($0) }
        if let flag { enabled = flag }
    }
}
