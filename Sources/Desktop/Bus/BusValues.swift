import BusNames
import DBus
import Intents
import Service

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
