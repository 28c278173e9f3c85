import Automation
import CommandLineOptions
import DBus
import Foundation
import Intents

/// `retrocam automate`: automations on a systemd timer (`--at`) or after one of the camera's events
/// (`--when`). Names are shared between the two kinds, and at most `EventAutomations.maximumCount` exist.
struct Automate {
    let invocation: Invocation
    let folders = AutomationFolders()
    var timers: TimerAutomations { TimerAutomations(folders) }
    var events: EventAutomations { EventAutomations(folders) }

    init(_ invocation: Invocation) { self.invocation = invocation }

    // MARK: add

    /// Checks everything first (name, step, the shortcut it names, the time or the event), then writes.
    func add(name: String, step: String) async throws -> Output {
        let arguments = invocation.arguments
        guard (arguments.at == nil) != (arguments.when == nil) else {
            throw UsageError("automate add takes one of --at CALENDAR (a timer) or --when EVENT (after an event).")
        }
        do { try AutomationName.validate(name) } catch { throw UsageError(error.message) }
        guard !timers.exists(name), events.named(name) == nil, !events.names().contains(name) else {
            throw CommandFailure("There is already an automation called \(name). Remove it first: retrocam automate remove \(name)")
        }
        let count = timers.names().count + events.names().count
        guard count < EventAutomations.maximumCount else {
            throw CommandFailure("There are already \(count) automations, the most Retrocam keeps (\(EventAutomations.maximumCount)). Remove some first.")
        }
        try await check(step: step)
        if let at = arguments.at { return try addTimer(name: name, at: at, step: step) }
        let event: HookEvent
        do { event = try HookEvent(name: arguments.when ?? "") } catch { throw UsageError(error.message) }
        do { try events.add(EventAutomation(name: name, event: event, step: step)) } catch { throw CommandFailure(error.message) }
        return .text("Added \(name): \(step), after each \(event.rawValue) (the daemon reads it when the event happens).")
    }

    /// A step the daemon will run: the action button's grammar without the bare shutter, and a shortcut that exists.
    private func check(step: String) async throws {
        guard step.utf8.count <= TimerAutomation.maximumStepLength else {
            throw UsageError("A step is at most \(TimerAutomation.maximumStepLength) bytes; this one has \(step.utf8.count).")
        }
        let assignment: ActionAssignment
        do { assignment = try ActionAssignment(parsing: step, source: "step") } catch { throw UsageError(error.intentError.message) }
        switch assignment {
        case .shutter:
            throw UsageError("The shutter alone is a press and a release; a step is 'shutter click' or 'photo'.")
        case .shortcut(let shortcut):
            let rows = try await ShortcutsClient(try invocation.client).call("ListShortcuts").first?.arrayValues ?? []
            let names = rows.compactMap { $0.structureFields?.first?.stringValue }
            guard names.contains(shortcut) else {
                throw CommandFailure("There is no shortcut called \(shortcut). Shortcuts: \(names.isEmpty ? "none" : names.joined(separator: ", ")).")
            }
        case .step:
            break
        }
    }

    /// Writes the two units to a private folder, has systemd verify them there, then puts them in place and enables the timer.
    private func addTimer(name: String, at: String, step: String) throws -> Output {
        let calendar = try Systemd.calendar(at)
        let automation = TimerAutomation(name: name, calendar: calendar.normalized, step: step)
        let client = Self.clientPath
        let service: String, timer: String
        do {
            service = try automation.serviceText(client: client)
            timer = try automation.timerText()
        } catch { throw UsageError(error.message) }
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-units-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: staging) }
        try service.write(to: staging.appendingPathComponent(automation.serviceUnit), atomically: true, encoding: .utf8)
        try timer.write(to: staging.appendingPathComponent(automation.timerUnit), atomically: true, encoding: .utf8)
        try Systemd.verify(timer: staging.appendingPathComponent(automation.timerUnit))

        try FileManager.default.createDirectory(at: timers.directory, withIntermediateDirectories: true)
        try service.write(to: timers.serviceURL(name), atomically: true, encoding: .utf8)
        try timer.write(to: timers.timerURL(name), atomically: true, encoding: .utf8)
        try Systemd.systemctl(["enable", automation.timerUnit])
        let next = "next: \(calendar.next)"
        guard Systemd.managerRuns else {
            return .text("Added \(name): \(step), at \(calendar.normalized) (\(next)). No systemd --user runs here: the timer is "
                         + "enabled and starts with your next login; 'retrocam automate run \(name)' runs it now.")
        }
        try Systemd.systemctl(["daemon-reload"])
        try Systemd.systemctl(["start", automation.timerUnit])
        return .text("Added \(name): \(step), at \(calendar.normalized) (\(next)); systemd --user runs it.")
    }

    /// This program's absolute path, for the service's `ExecStart=`.
    static var clientPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    // MARK: list, remove, run

    /// Every automation: name, trigger, step, next run and last result (from systemd when a user manager runs).
    func list() -> Output {
        let timerAutomations = timers.all()
        var next: [String?] = []
        var last: [String] = []
        if Systemd.managerRuns {
            next = Systemd.show(timerAutomations.map(\.timerUnit), properties: ["NextElapseUSecRealtime"]).map { $0["NextElapseUSecRealtime"] }
            last = Systemd.show(timerAutomations.map(\.serviceUnit), properties: ["Result", "ExecMainStatus", "ExecMainExitTimestamp"]).map { values in
                guard let stamp = values["ExecMainExitTimestamp"], !stamp.isEmpty else { return "not run yet" }
                return "\(values["Result"] ?? "?") (status \(values["ExecMainStatus"] ?? "?"), \(stamp))"
            }
        } else {
            next = Systemd.nextElapses(timerAutomations.map(\.calendar))
            last = timerAutomations.map { _ in "unknown: no systemd --user runs here" }
        }
        var rows = timerAutomations.enumerated().map { index, automation in
            [automation.name, "at \(automation.calendar)", automation.step, next[index] ?? "never", last[index]]
        }
        rows += events.all().map { [$0.name, "after \($0.event.rawValue)", $0.step, "on the event", "in the daemon's log"] }
        rows.sort { $0[0] < $1[0] }
        guard !rows.isEmpty || invocation.arguments.json else { return .text("No automations.") }
        return .rows(header: ["name", "when", "step", "next", "last"], rows)
    }

    /// Removes an automation: a timer is disabled (and stopped) first.
    func remove(_ name: String) throws -> Output {
        do { try AutomationName.validate(name) } catch { throw UsageError(error.message) }
        if timers.exists(name) {
            let manager = Systemd.managerRuns
            let unit = TimerAutomation.unitPrefix + name + ".timer"
            try Systemd.systemctl(manager ? ["disable", "--now", unit] : ["disable", unit])
            try? FileManager.default.removeItem(at: timers.timerURL(name))
            try? FileManager.default.removeItem(at: timers.serviceURL(name))
            if manager { try Systemd.systemctl(["daemon-reload"]) }
            return .text("Removed \(name).")
        }
        do {
            if try events.remove(name) { return .text("Removed \(name).") }
        } catch { throw CommandFailure(error.message) }
        throw CommandFailure(unknown(name))
    }

    /// Runs an automation now: a timer's service through systemd, or its `ExecStart=` line itself where no
    /// user manager runs; an event automation's step through the bus.
    func run(_ name: String) async throws -> Output {
        do { try AutomationName.validate(name) } catch { throw UsageError(error.message) }
        if timers.exists(name) {
            let unit = TimerAutomation.unitPrefix + name + ".service"
            if Systemd.managerRuns {
                try Systemd.systemctl(["start", unit])
                return .text("Ran \(name) through systemd --user; what it said is in the journal: journalctl --user -u \(unit)")
            }
            guard let command = timers.command(of: name), let program = command.first, program.hasPrefix("/") else {
                throw CommandFailure("The service \(unit) is not as 'retrocam automate add' wrote it; run it with systemctl --user start \(unit).")
            }
            FileHandle.standardError.write(Data("retrocam: no systemd --user runs here; running \(unit)'s ExecStart= line itself.\n".utf8))
            let status = try Tool.execute(command)
            guard status == 0 else { throw CommandFailure("\(unit) failed (exit status \(status)).") }
            return .nothing
        }
        guard let automation = events.named(name) else { throw CommandFailure(unknown(name)) }
        let reply = try await ShortcutsClient(try invocation.client).call("RunStep", [.string(automation.step)], long: true)
        return takesOutput(reply.first?.variantDictionary ?? [:], json: invocation.arguments.json)
    }

    /// "There is no automation called x. Automations: a, b, c (and 7 more)."
    private func unknown(_ name: String) -> String {
        let names = (timers.names() + events.names()).sorted()
        let shown = names.prefix(10).joined(separator: ", ") + (names.count > 10 ? " (and \(names.count - 10) more)" : "")
        return "There is no automation called \(name). \(names.isEmpty ? "There are no automations." : "Automations: \(shown).")"
    }
}
