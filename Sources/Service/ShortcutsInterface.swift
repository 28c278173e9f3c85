import Body
import BusNames
import DBus
import Intents

/// What `Shortcuts1` drives: the user's shortcuts, the action button and the hotkey snippets. The desktop
/// side provides it (`Desktop.DesktopIntegration`); the bus face is this module's, beside the others.
public protocol ShortcutsBackend: Sendable {
    /// Every shortcut file found: name, description (or why it does not load), path, whether it loads.
    func shortcutEntries() -> [ShortcutLibrary.Entry]
    /// Runs a shortcut by name; answers when it is done.
    func runShortcut(_ name: String) async throws(IntentError) -> ShortcutRunResult
    /// Runs one step by its text (`photo`, `clip 10s`, `set decade 1970s`, `shortcut NAME`); answers when done.
    func runStep(_ text: String) async throws(IntentError) -> ActionResult
    /// Stops a run; NotFound when it is not running.
    func cancelShortcut(_ name: String) async throws(IntentError)
    /// A press or release of the action button.
    func action(_ phase: ShutterPhase) async throws(IntentError) -> ActionResult
    /// Assigns the action button (`shutter`, `shortcut NAME` or one step); answers the assignment as written.
    func setAction(_ text: String) async throws(IntentError) -> String
    /// The action button's assignment as written.
    var actionText: String { get }
    /// The hotkey snippet for a desktop by name; NotFound listing the desktops.
    func hotkeySnippet(for desktop: String) throws(IntentError) -> String
    /// The desktop's own name when `name` is one (`Sway` → `sway`), else nil.
    func hotkeyDesktop(named name: String) -> String?
}

/// `Shortcuts1`: the user's shortcuts and the action button, as a table.
///
/// | member | does |
/// |---|---|
/// | `ListShortcuts() → a(sssb)` | name, description (or load error), path, loads |
/// | `RunShortcut(s name) → a{sv}` | runs it; answers when done: `dialog`, `name`, `steps a(uss)`, `paths as` |
/// | `RunStep(s step) → a{sv}` | one step as a shortcut line or `shortcut NAME`; answers when done: `dialog`, `paths`, `path` |
/// | `CancelShortcut(s name)` | stops a run (its RunShortcut answers NotAllowed "cancelled") |
/// | `PressAction() / ReleaseAction() → a{sv}` | the action button: `dialog`, `paths`, `path` |
/// | `SetAction(s) → s` | assigns `shutter`, `shortcut NAME` or one step; saved in the config |
/// | `HotkeyBinding(s desktop) → s` | the snippet for gnome, kde, sway, i3 or hyprland |
/// | `InstallHotkeys(s desktop) → s` | refused (NotAllowed): installing hotkeys is the user's own `retrocam bind DESKTOP install` |
/// | `Action` (s, emits change) | the current assignment |
/// | `ShortcutProgress(s name, u step, u steps, s dialog)` | after each step of a run |
public enum ShortcutsInterface {
    /// The whole interface as a table over `backend`.
    public static func table(_ backend: any ShortcutsBackend) -> Interface {
        let result = IntentsInterface.result
        return Interface(BusContract.shortcutsInterface, methods: [
            Method("ListShortcuts", returns: Arg<Value>("shortcuts", "a(sssb)"), order: .anyOrder) {
                .array("(sssb)", backend.shortcutEntries().map {
                    .structure([.string($0.name), .string($0.description), .string($0.path), .bool($0.isValid)])
                })
            },
            Method("RunShortcut", Arg<String>("name"), returns: result, captures: .always) { name in
                try await mappingErrors { () async throws(IntentError) in try await backend.runShortcut(name) }.bus
            },
            Method("RunStep", Arg<String>("step"), returns: result, captures: .always) { text in
                try await mappingErrors { () async throws(IntentError) in try await backend.runStep(text) }.bus
            },
            Method("CancelShortcut", Arg<String>("name")) { name in
                try await mappingErrors { () async throws(IntentError) in try await backend.cancelShortcut(name) }
            },
            Method("PressAction", returns: result, captures: .always) {
                try await mappingErrors { () async throws(IntentError) in try await backend.action(.press) }.bus
            },
            Method("ReleaseAction", returns: result, captures: .always) {
                try await mappingErrors { () async throws(IntentError) in try await backend.action(.release) }.bus
            },
            Method("SetAction", Arg<String>("action"), returns: Arg<String>("assigned"), captures: .always) { text in
                try await mappingErrors { () async throws(IntentError) in try await backend.setAction(text) }
            },
            Method("HotkeyBinding", Arg<String>("desktop"), returns: Arg<String>("snippet"), order: .anyOrder) { name in
                try await mappingErrors { () throws(IntentError) in try backend.hotkeySnippet(for: name) }
            },
            // Kept in the contract (interfaces are add-only), but a bus caller may not rewrite the user's
            // desktop settings: the user installs hotkeys with the command line.
            Method("InstallHotkeys", Arg<String>("desktop"), returns: Arg<String>("done"), captures: .always,
                   order: .anyOrder) { name in
                let shown = backend.hotkeyDesktop(named: name) ?? "DESKTOP"
                throw DBusError(.notAllowed,
                                message: "Hotkeys are installed by you, not over the bus: run 'retrocam bind \(shown) install'.")
            },
        ], properties: [
            Property("Action", "s") { .string(backend.actionText) },
        ], signals: [
            Signal("ShortcutProgress", [Argument("name", "s"), Argument("step", "u"), Argument("steps", "u"), Argument("dialog", "s")]),
        ])
    }

    /// Emits `ShortcutProgress` for a step of a run.
    public static func emitProgress(_ progress: ShortcutProgress, on server: ObjectServer) {
        try? server.emit(path: BusContract.objectPath, interface: BusContract.shortcutsInterface, signal: "ShortcutProgress",
                         [.string(progress.name), .uint32(UInt32(progress.step)), .uint32(UInt32(progress.steps)), .string(progress.dialog)])
    }

    /// Emits the `Action` property's change.
    public static func emitActionChanged(_ text: String, on server: ObjectServer) {
        try? server.emitPropertiesChanged(path: BusContract.objectPath, interface: BusContract.shortcutsInterface,
                                          changed: ["Action": .string(text)])
    }
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
