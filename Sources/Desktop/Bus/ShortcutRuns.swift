import Body
import CallOrder
import Intents

/// The shortcuts running now, by name: one run per name at a time, each cancellable.
actor ShortcutRuns {
    private let library: ShortcutLibrary
    private let runner: ShortcutRunner
    private var running: [String: Task<ShortcutRunResult, any Error>] = [:]

    init(library: ShortcutLibrary, runner: ShortcutRunner) {
        self.library = library
        self.runner = runner
    }

    /// Loads and runs `name`, reporting progress; answers when the run is done.
    func run(_ name: String, progress: @escaping @Sendable (ShortcutProgress) async -> Void) async throws(IntentError) -> ShortcutRunResult {
        let shortcut: Shortcut
        do { shortcut = try library.load(name) } catch { throw error.intentError }
        guard running[name] == nil else {
            throw .notAllowed("The shortcut \(name) is already running. Cancel it first.")
        }
        let runner = self.runner
        let task = Task { () async throws -> ShortcutRunResult in try await runner.run(shortcut, progress: progress) }
        running[name] = task
        defer { running[name] = nil }
        // The run has begun: its steps take effect in their own order, and the bus's next calls go on beside it.
        Turn.passCurrent()
        do {
            return try await task.value
        } catch let error as ShortcutRunError {
            throw error.intentError
        } catch {
            throw .noCamera("The shortcut \(name) failed: \(error).")
        }
    }

    /// Cancels the run of `name`; NotFound when it is not running.
    func cancel(_ name: String) throws(IntentError) {
        guard let task = running[name] else {
            let now = running.keys.sorted()
            let others = now.isEmpty ? "" : " Running: \(now.joined(separator: ", "))."
            throw .notFound("The shortcut \(Spoken.shortened(name)) is not running.\(others)")
        }
        task.cancel()
    }

    /// The names running now.
    var names: [String] { running.keys.sorted() }
}
