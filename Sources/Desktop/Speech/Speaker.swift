import Foundation

/// Speaks sentences one after another in the background. `say` returns at once, so a bus handler that
/// speaks its reply never waits for the voice; at most `backlog` sentences wait, older ones are dropped
/// (a reply nobody hears in time is worth less than the next one).
public final class Speaker: Sendable {
    /// The engine and its executable.
    public let engine: SpeechEngine
    let executable: String
    let rate: Int?
    /// Most sentences waiting to be spoken.
    public static let backlog = 4

    private let queue: AsyncStream<String>.Continuation
    private let worker: Task<Void, Never>

    /// A speaker on the first engine found, or nil when there is none.
    public convenience init?(preferring preference: [SpeechEngine] = [.speechDispatcher, .espeakNG], rate: Int? = nil,
                             log: @escaping @Sendable (String) -> Void = { _ in }) {
        guard let (engine, executable) = SpeechEngine.available(preferring: preference) else { return nil }
        self.init(engine: engine, executable: executable, rate: rate, log: log)
    }

    /// A speaker on a given engine executable; failures go to `log` (stderr in the daemon), never to the caller.
    public init(engine: SpeechEngine, executable: String, rate: Int? = nil,
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.engine = engine
        self.executable = executable
        self.rate = rate
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(Self.backlog))
        queue = continuation
        worker = Task.detached(priority: .utility) {
            for await text in stream {
                let (arguments, stdin) = engine.speakArguments(text, rate: rate)
                do {
                    try await SpeechProcess.run(executable, arguments, stdin: stdin)
                } catch {
                    log("\(error)")
                }
            }
        }
    }

    deinit {
        queue.finish()
    }

    /// Queues `text` to be spoken and returns at once. Blank text is ignored.
    public func say(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        queue.yield(String(trimmed.prefix(2000)))
    }

    /// Waits until everything queued so far has been spoken, then stops the speaker (for tests and shutdown).
    public func finish() async {
        queue.finish()
        await worker.value
    }

    /// Renders `text` to a WAV file with espeak-ng (what the tests listen to); throws when espeak-ng is missing.
    public static func render(_ text: String, to wav: URL, path: String? = ProcessInfo.processInfo.environment["PATH"])
        async throws(SpeechError) {
        guard let executable = SpeechEngine.locate(SpeechEngine.espeakNG.rawValue, path: path) else { throw .noEngine }
        try await SpeechProcess.run(executable, ["-w", wav.path, "--stdin"], stdin: text)
    }
}
