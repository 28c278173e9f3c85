import Foundation
import XDG

/// Where hooks and automations live, found from the user's XDG folders in one place for the daemon and
/// the command line.
public struct AutomationFolders: Sendable {
    /// `$XDG_CONFIG_HOME/retrocam/hooks`: the user's hook programs.
    public let hooks: URL
    /// `$XDG_CONFIG_HOME/retrocam/automations`: event automations, one file each.
    public let events: URL
    /// `$XDG_CONFIG_HOME/systemd/user`: where timer automations' units go.
    public let systemdUnits: URL

    /// The folders for the user of `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let config = UserFolders(environment: environment).configHome
        hooks = config.appendingPathComponent("retrocam/hooks", isDirectory: true)
        events = config.appendingPathComponent("retrocam/automations", isDirectory: true)
        systemdUnits = config.appendingPathComponent("systemd/user", isDirectory: true)
    }
}
