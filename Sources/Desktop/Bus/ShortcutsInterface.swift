import BusNames
import DBus
import Hotkeys
import Intents
import Service

/// `org.retrocam.Shortcuts1`: the user's shortcuts and the action button, as a table.
///
/// | member | does |
/// |---|---|
/// | `ListShortcuts() → a(sssb)` | name, description (or load error), path, loads |
/// | `RunShortcut(s name) → a{sv}` | runs it; answers when done: `dialog`, `name`, `steps a(uss)`, `paths as` |
/// | `CancelShortcut(s name)` | stops a run (its RunShortcut answers NotAllowed "cancelled") |
/// | `PressAction() / ReleaseAction() → a{sv}` | the action button: `dialog`, `paths`, `path` |
/// | `SetAction(s) → s` | assigns `shutter`, `shortcut NAME` or one step; saved in the config |
/// | `HotkeyBinding(s desktop) → s` | the snippet for gnome, kde, sway, i3 or hyprland |
/// | `InstallHotkeys(s desktop) → s` | refused (NotAllowed): installing hotkeys is the user's own `retrocam bind DESKTOP install` |
/// | `Action` (s, emits change) | the current assignment |
/// | `ShortcutProgress(s name, u step, u steps, s dialog)` | after each step of a run |
enum ShortcutsInterface {
    static func table(_ desktop: DesktopIntegration) -> Interface {
        let result = Argument("result", "a{sv}")
        return Interface(BusContract.shortcutsInterface, methods: [
            Method("ListShortcuts", out: [Argument("shortcuts", "a(sssb)")]) { _ in
                [.array("(sssb)", desktop.library.entries().map {
                    .structure([.string($0.name), .string($0.description), .string($0.path), .bool($0.isValid)])
                })]
            },
            Method("RunShortcut", in: [Argument("name", "s")], out: [result]) { call in
                let name = try call.string(0)
                return [try await mappingErrors { () async throws(IntentError) in
                    try await desktop.runShortcut(name)
                }.bus]
            },
            Method("CancelShortcut", in: [Argument("name", "s")]) { call in
                let name = try call.string(0)
                try await mappingErrors { () async throws(IntentError) in try await desktop.runs.cancel(name) }
                return []
            },
            Method("PressAction", out: [result]) { _ in
                [try await mappingErrors { () async throws(IntentError) in
                    try await desktop.action(.press)
                }.bus]
            },
            Method("ReleaseAction", out: [result]) { _ in
                [try await mappingErrors { () async throws(IntentError) in
                    try await desktop.action(.release)
                }.bus]
            },
            Method("SetAction", in: [Argument("action", "s")], out: [Argument("assigned", "s")]) { call in
                let text = try call.string(0)
                return [.string(try await mappingErrors { () async throws(IntentError) in
                    try await desktop.setAction(text)
                })]
            },
            Method("HotkeyBinding", in: [Argument("desktop", "s")], out: [Argument("snippet", "s")]) { call in
                let name = try call.string(0)
                do throws(HotkeyError) { return [.string(HotkeySnippets.text(for: try HotkeyDesktop(name: name)))] } catch {
                    throw DBusError(.notFound, message: error.message)
                }
            },
            // Kept in the contract (interfaces are add-only), but a bus caller may not rewrite the user's
            // desktop settings: the user installs hotkeys with the command line.
            Method("InstallHotkeys", in: [Argument("desktop", "s")], out: [Argument("done", "s")]) { call in
                let name = try call.string(0)
                let shown = HotkeyDesktop(rawValue: name.lowercased())?.rawValue ?? "DESKTOP"
                throw DBusError(.notAllowed,
                                message: "Hotkeys are installed by you, not over the bus: run 'retrocam bind \(shown) install'.")
            },
        ], properties: [
            Property("Action", "s") { .string(desktop.currentActionText) },
        ], signals: [
            Signal("ShortcutProgress", [Argument("name", "s"), Argument("step", "u"), Argument("steps", "u"), Argument("dialog", "s")]),
        ])
    }
}
