import Automation
import CommandLineOptions
import DBus
import Foundation

/// The commands that run the camera by itself: one step now (`step`, what a timer's service runs),
/// automations on a timer or after an event (`automate`), and the user's hooks (`hooks list`).
let automationCommands: [Command] = [
    Command(name: "step", operands: "STEP...",
            summary: "Run one step now, as a shortcut line: photo, clip 10s, set decade 1970s, shortcut NAME", arity: 1...64) { invocation in
        let text = invocation.operands.joined(separator: " ")
        let reply = try await ShortcutsClient(try invocation.client).call("RunStep", [.string(text)], long: true)
        return takesOutput(reply.first?.variantDictionary ?? [:], json: invocation.arguments.json)
    },
    Command(name: "automate", operands: "add NAME --at CALENDAR|--when EVENT STEP...|list|remove NAME|run NAME",
            summary: "Automations: a step on a systemd timer (--at) or after an event (--when); list, remove, run now", arity: 1...66,
            choices: [["add", "list", "remove", "run"]]) { invocation in
        let verb = invocation.operands[0].lowercased()
        let rest = Array(invocation.operands.dropFirst())
        let automate = Automate(invocation)
        switch (verb, rest.count) {
        case ("add", 2...): return try await automate.add(name: rest[0], step: rest.dropFirst().joined(separator: " "))
        case ("list", 0): return automate.list()
        case ("remove", 1): return try automate.remove(rest[0])
        case ("run", 1): return try await automate.run(rest[0])
        default:
            throw UsageError("Usage: retrocam automate add NAME --at CALENDAR STEP... | add NAME --when EVENT STEP... | list | remove NAME | run NAME")
        }
    },
    Command(name: "hooks", operands: "[list]", summary: "The programs that run after each event, and why a file there is skipped",
            arity: 0...1, choices: [["list"]]) { invocation in
        if let verb = invocation.operands.first, verb.lowercased() != "list" {
            throw UsageError("hooks takes list, not '\(AutomationName.shown(verb))'.")
        }
        let folder = HookFolder(AutomationFolders())
        let plans = folder.plans()
        var rows = plans.flatMap { plan in
            plan.programs.map { [plan.event.rawValue, $0.name, "runs"] } + plan.skipped.map { [plan.event.rawValue, $0.name, "skipped: \($0.reason)"] }
        }
        rows += folder.strays().map { ["-", $0.name, "skipped: \($0.reason)"] }
        guard !rows.isEmpty || invocation.arguments.json else {
            return .text("No hooks in \(folder.directory.path) (a program named after an event, or in EVENT.d/: \(HookEvent.names)).")
        }
        return .rows(header: ["event", "program", "status"], rows)
    },
]
