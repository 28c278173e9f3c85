import Foundation
import Testing
@testable import Intents

/// The repository's `shortcuts/` folder (the shipped shortcut files).
let shippedShortcutsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shortcuts")

/// Parses `text` as the file `test.retrocam`.
func parseShortcut(_ text: String, limits: ShortcutLimits = ShortcutLimits()) throws(ShortcutError) -> Shortcut {
    try ShortcutParser.parse(text: text, name: "test", file: "test.retrocam", limits: limits)
}

/// The error parsing `text` throws, or nil (recording an issue) when it parses.
func shortcutError(_ text: String, limits: ShortcutLimits = ShortcutLimits(),
                   sourceLocation: SourceLocation = #_sourceLocation) -> ShortcutError? {
    do {
        _ = try parseShortcut(text, limits: limits)
        Issue.record("expected a ShortcutError, but the text parsed", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-shortcuts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs `body` while moving `clock` on whenever a task sleeps on it, so waits and countdowns pass
/// at once and in order. Cancelling the caller (a test's time limit) cancels `body` too.
func whileAdvancing<T: Sendable>(_ clock: TestClock, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let task = Task { try await body() }
    let ticker = Task {
        while !Task.isCancelled {
            await clock.sleeperArrives()
            clock.advanceToNextDeadline()
        }
    }
    defer { ticker.cancel() }
    return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
}
