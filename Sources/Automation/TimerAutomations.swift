import Foundation

/// The timer automations: the `retrocam-auto-*.timer` units (and their services) in the user's systemd
/// folder, `$XDG_CONFIG_HOME/systemd/user`.
public struct TimerAutomations: Sendable {
    /// The folder.
    public let directory: URL

    /// The folder of `folders`.
    public init(_ folders: AutomationFolders) { directory = folders.systemdUnits }

    /// The names with a timer unit of ours, by name.
    public func names() -> [String] {
        HookFolder.sortedEntries(of: directory.path).compactMap { file in
            guard file.hasPrefix(TimerAutomation.unitPrefix), file.hasSuffix(".timer") else { return nil }
            return String(file.dropFirst(TimerAutomation.unitPrefix.count).dropLast(".timer".count))
        }
    }

    /// Every timer automation whose units read back, by name; the names whose units do not are left out.
    public func all() -> [TimerAutomation] { names().compactMap(named) }

    /// The automation called `name`, when its units are there and read back.
    public func named(_ name: String) -> TimerAutomation? {
        guard (try? AutomationName.validate(name)) != nil,
              let timer = try? String(contentsOf: timerURL(name), encoding: .utf8),
              let service = try? String(contentsOf: serviceURL(name), encoding: .utf8) else { return nil }
        return TimerAutomation.read(name: name, timer: timer, service: service)
    }

    /// The command line the service of `name` runs, as words.
    public func command(of name: String) -> [String]? {
        (try? String(contentsOf: serviceURL(name), encoding: .utf8)).flatMap(TimerAutomation.command(ofService:))
    }

    /// `retrocam-auto-NAME.timer` here.
    public func timerURL(_ name: String) -> URL { directory.appendingPathComponent(TimerAutomation.unitPrefix + name + ".timer") }
    /// `retrocam-auto-NAME.service` here.
    public func serviceURL(_ name: String) -> URL { directory.appendingPathComponent(TimerAutomation.unitPrefix + name + ".service") }

    /// True when either unit of `name` exists (a half-removed automation still holds its name).
    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: timerURL(name).path) || FileManager.default.fileExists(atPath: serviceURL(name).path)
    }
}
