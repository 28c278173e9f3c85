import Automation
import CommandLineOptions
import Foundation

/// What the client asks of systemd for timer automations. Every check is systemd's own: a calendar is
/// what `systemd-analyze calendar` accepts, the units what `systemd-analyze verify` accepts, and a refusal
/// is printed in systemd's words. Where no `systemd --user` runs (a container, CI), the units are still
/// written, verified and enabled (`systemctl --user enable` works on the files alone); they start with the
/// user's next login.
enum Systemd {
    /// A calendar as systemd reads it.
    struct Calendar: Sendable {
        /// `Mon..Fri *-*-* 09:00:00`.
        let normalized: String
        /// `Wed 2026-12-02 09:00:00 UTC`.
        let next: String
    }

    /// Reads `text` with `systemd-analyze calendar`; systemd's refusal is the error.
    static func calendar(_ text: String) throws -> Calendar {
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }), text.utf8.count <= 256 else {
            throw CommandFailure("A calendar is one line of at most 256 bytes, such as 'Mon..Fri 09:00' or 'daily'.")
        }
        let run = try Tool.run("systemd-analyze", ["calendar", "--", text])
        guard run.status == 0, let parsed = calendars(in: run.stdout).first, let normalized = parsed.normalized else {
            throw CommandFailure("systemd does not read '\(AutomationName.shown(text))' as a time: \(run.said)")
        }
        guard let next = parsed.next, next != "never" else {
            throw CommandFailure("'\(AutomationName.shown(text))' never comes again: systemd reads it as \(normalized), Next elapse: never.")
        }
        return Calendar(normalized: normalized, next: next)
    }

    /// The next elapse of each calendar, in one `systemd-analyze calendar` for all of them (nil where none).
    static func nextElapses(_ calendars: [String]) -> [String?] {
        guard !calendars.isEmpty, let run = try? Tool.run("systemd-analyze", ["calendar", "--"] + calendars), run.status == 0 else {
            return calendars.map { _ in nil }
        }
        let parsed = Self.calendars(in: run.stdout)
        return calendars.indices.map { $0 < parsed.count ? parsed[$0].next : nil }
    }

    /// The blocks `systemd-analyze calendar` prints, one per expression.
    private static func calendars(in text: String) -> [(normalized: String?, next: String?)] {
        var found: [(normalized: String?, next: String?)] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // Each expression's block has a normalized form ("Original form:" only when it differs).
            if trimmed.hasPrefix("Normalized form:") { found.append((value(trimmed), nil)) }
            guard !found.isEmpty else { continue }
            if trimmed.hasPrefix("Next elapse:") { found[found.count - 1].next = value(trimmed) }
        }
        return found
    }

    private static func value(_ line: String) -> String {
        String(line[line.index(after: line.firstIndex(of: ":")!)...]).trimmingCharacters(in: .whitespaces)
    }

    /// `systemd-analyze verify --user` of a timer and the service beside it; systemd's words when it refuses.
    static func verify(timer: URL) throws {
        let (environment, madeFolder) = try environmentWithRuntimeFolder()
        defer { if let madeFolder { try? FileManager.default.removeItem(at: madeFolder) } }
        let run = try Tool.run("systemd-analyze", ["verify", "--user", timer.path], environment: environment)
        guard run.status == 0 else { throw CommandFailure("systemd refuses the units it would run: \(run.said)") }
    }

    /// True when a user manager answers (`systemctl --user is-system-running`).
    static var managerRuns: Bool {
        guard let run = try? Tool.run("systemctl", ["--user", "is-system-running"]) else { return false }
        let state = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return ["running", "degraded", "starting", "initializing", "maintenance"].contains(state)
    }

    /// `systemctl --user ARGS`, or systemd's words as the error.
    @discardableResult
    static func systemctl(_ arguments: [String]) throws -> ToolRun {
        let run = try Tool.run("systemctl", ["--user"] + arguments)
        guard run.status == 0 else { throw CommandFailure("systemctl --user \(arguments.joined(separator: " ")): \(run.said)") }
        return run
    }

    /// `systemctl --user show` of each unit: its properties by name, in the order asked.
    static func show(_ units: [String], properties: [String]) -> [[String: String]] {
        guard !units.isEmpty, let run = try? Tool.run("systemctl", ["--user", "show", "--property=" + (["Id"] + properties).joined(separator: ",")] + units),
              run.status == 0 else { return units.map { _ in [:] } }
        var byUnit: [String: [String: String]] = [:]
        for block in run.stdout.components(separatedBy: "\n\n") {
            var values: [String: String] = [:]
            for line in block.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
            if let id = values["Id"] { byUnit[id] = values }
        }
        return units.map { byUnit[$0] ?? [:] }
    }

    /// The environment with `XDG_RUNTIME_DIR` a 0700 folder, which `systemd-analyze verify --user` needs: the
    /// session's, or a private one made for the call (answered too, for the caller to remove).
    private static func environmentWithRuntimeFolder() throws -> ([String: String], URL?) {
        var environment = ProcessInfo.processInfo.environment
        if let runtime = environment["XDG_RUNTIME_DIR"], let mode = try? FileManager.default.attributesOfItem(atPath: runtime)[.posixPermissions] as? Int,
           mode & 0o777 == 0o700 {
            return (environment, nil)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-runtime-\(getuid())-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        environment["XDG_RUNTIME_DIR"] = folder.path
        return (environment, folder)
    }
}
