import DBus
import Intents

/// The names of the Shortcuts1 face and the errors it answers (the same `org.retrocam.Error.*`
/// names the Service module uses for Intents1 and Camera1).
public enum ShortcutsContract {
    /// The interface on `/org/retrocam/Camera`.
    public static let interface = "org.retrocam.Shortcuts1"
    /// The daemon's one object.
    public static let objectPath = "/org/retrocam/Camera"
    /// The prefix of Retrocam's own error names.
    public static let errorPrefix = "org.retrocam.Error."
}

extension DBusError {
    /// The D-Bus error a caller sees for an intent error (mirrors the Service module's mapping).
    init(intent error: IntentError) {
        let name: String
        switch error {
        case .unsupported: name = "Unsupported"
        case .ambiguous: name = "Ambiguous"
        case .needsValue: name = "NeedsValue"
        case .notAllowed: name = "NotAllowed"
        case .noCamera: name = "NoCamera"
        case .storageFull: name = "StorageFull"
        case .notFound: name = "NotFound"
        case .invalidArguments:
            self = .invalidArgs(error.message)
            return
        }
        self.init(name: ShortcutsContract.errorPrefix + name, message: error.message)
    }
}

/// Runs `body`, turning an `IntentError` into the matching D-Bus error.
func mappingIntentErrors<T: Sendable>(_ body: () async throws(IntentError) -> T) async throws -> T {
    do { return try await body() } catch { throw DBusError(intent: error) }
}

extension ShortcutRunResult {
    /// RunShortcut's answer: `dialog`, `name`, `steps` as `a(uss)` (line, step, dialog), `paths`.
    var bus: Value {
        .orderedStringDict([
            ("dialog", .string(dialog)),
            ("name", .string(name)),
            ("steps", .array("(uss)", outcomes.map { .structure([.uint32(UInt32($0.line)), .string($0.text), .string($0.dialog)]) })),
            ("paths", .strings(paths)),
        ])
    }
}

extension ActionResult {
    /// PressAction/ReleaseAction's answer: `dialog`, `paths`, and `path` when one take was saved.
    var bus: Value {
        var entries: [(String, Value)] = [("dialog", .string(dialog)), ("paths", .strings(paths))]
        if let last = paths.last { entries.append(("path", .string(last))) }
        return .orderedStringDict(entries)
    }
}
