import BusNames
import CommandLineOptions
import DBus
import Foundation
import Hotkeys

/// The commands of `Shortcuts1`: shortcuts, the action button, hotkey bindings.
let shortcutCommands: [Command] = [
    Command(name: "shortcut", operands: "list|run NAME|cancel NAME",
            summary: "List, run (printing each step) or cancel shortcuts", arity: 1...2,
            choices: [["list", "run", "cancel"]]) { invocation in
        let verb = invocation.operands[0].lowercased()
        let shortcuts = ShortcutsClient(try invocation.client)
        switch (verb, invocation.operands.count) {
        case ("list", 1):
            let rows = try await shortcuts.call("ListShortcuts").first?.arrayValues ?? []
            return .rows(header: ["name", "description", "path", "valid"], rows.map { row in
                (row.structureFields ?? []).map { field in field.boolValue.map { $0 ? "yes" : "no" } ?? field.stringValue ?? "" }
            })
        case ("run", 2):
            let name = invocation.operands[1]
            if !invocation.arguments.json {
                try await shortcuts.proxy.onSignal("ShortcutProgress") { args in
                    guard args.count == 4, args[0].stringValue == name else { return }
                    invocation.emit(.text("[\(args[1].uint32Value ?? 0)/\(args[2].uint32Value ?? 0)] \(args[3].stringValue ?? "")"))
                }
            }
            let reply = try await shortcuts.call("RunShortcut", [.string(name)], long: true).first?.variantDictionary ?? [:]
            return takesOutput(reply, json: invocation.arguments.json)
        case ("cancel", 2):
            _ = try await shortcuts.call("CancelShortcut", [.string(invocation.operands[1])])
            return .text("Cancelled \(invocation.operands[1]).")
        default:
            throw UsageError("Usage: retrocam shortcut list | shortcut run NAME | shortcut cancel NAME")
        }
    },
    Command(name: "action", operands: "[click|press|release|show|set ACTION...]",
            summary: "The action button: click (default), press, release; show or set its assignment", arity: 0...64,
            choices: [["click", "press", "release", "show", "set"]]) { invocation in
        let shortcuts = ShortcutsClient(try invocation.client)
        let verb = invocation.operands.first?.lowercased() ?? "click"
        switch verb {
        case "press", "release", "click":
            guard invocation.operands.count <= 1 else { throw UsageError("action \(verb) takes nothing after it.") }
            var reply: [String: Value] = [:]
            if verb != "release" { reply = try await shortcuts.call("PressAction", long: true).first?.variantDictionary ?? [:] }
            if verb != "press" {
                let released = try await shortcuts.call("ReleaseAction", long: true).first?.variantDictionary ?? [:]
                if verb == "release" || !(released["dialog"]?.stringValue ?? "").isEmpty { reply = released }
            }
            return takesOutput(reply, json: invocation.arguments.json)
        case "show":
            return .text(try await shortcuts.proxy.get("Action", timeout: invocation.client.timeout).stringValue ?? "")
        case "set":
            guard invocation.operands.count >= 2 else {
                throw UsageError("action set takes shutter, shortcut NAME, or one step such as 'set decade 1970s'.")
            }
            let text = invocation.operands.dropFirst().joined(separator: " ")
            let assigned = try await shortcuts.call("SetAction", [.string(text)]).first?.stringValue ?? text
            return .text("The action button now does: \(assigned)")
        default:
            throw UsageError("action takes click, press, release, show or set, not '\(verb)'.")
        }
    },
    Command(name: "bind", operands: "\(HotkeyDesktop.allCases.map(\.rawValue).joined(separator: "|")) [install]",
            summary: "Print a desktop's hotkeys, or add them to its own settings with 'install' (no daemon needed)", arity: 1...2,
            choices: [HotkeyDesktop.allCases.map(\.rawValue), ["install"]]) { invocation in
        let desktop: HotkeyDesktop
        do throws(HotkeyError) { desktop = try HotkeyDesktop(name: invocation.operands[0]) } catch { throw UsageError(error.message) }
        guard invocation.operands.count == 2 else {
            return .text(String(HotkeySnippets.text(for: desktop).dropLast()))
        }
        guard invocation.operands[1].lowercased() == "install" else {
            throw UsageError("bind takes 'install' after the desktop, not '\(invocation.operands[1])'.")
        }
        do throws(HotkeyError) { return .text(try HotkeyInstaller().install(desktop)) } catch { throw CommandFailure(error.message) }
    },
]

/// `Shortcuts1` on the daemon's object.
struct ShortcutsClient {
    /// A run waits up to an hour (the most a shortcut may wait) plus its steps.
    static let longTimeout: Duration = .seconds(3700)

    let proxy: Proxy
    let timeout: Duration

    init(_ client: CameraClient) {
        proxy = Proxy(connection: client.intents.connection, destination: BusContract.busName,
                      path: BusContract.objectPath, interface: BusContract.shortcutsInterface)
        timeout = client.timeout
    }

    /// Calls a method; `long` for those that answer when a shortcut is done.
    func call(_ method: String, _ args: [Value] = [], long: Bool = false) async throws -> [Value] {
        try await proxy.call(method, args, timeout: long ? max(timeout, Self.longTimeout) : timeout)
    }
}

/// A result with `dialog` and `paths`: the dialog, then one path a line (JSON as it came with `--json`).
func takesOutput(_ reply: [String: Value], json: Bool) -> Output {
    if json { return .result(reply) }
    let lines = [reply["dialog"]?.stringValue ?? ""] + (reply["paths"]?.stringArray ?? [])
    return .text(lines.filter { !$0.isEmpty }.joined(separator: "\n"))
}
