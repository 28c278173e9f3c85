import Foundation
import Intents
import XDG

/// What the daemon asks of the desktop side (flags win over the config file).
public struct DesktopOptions: Sendable {
    /// The config file (`$XDG_CONFIG_HOME/retrocam/config`).
    public var configFile: URL
    /// The shortcut folders, lowest priority first; the user's folder is last.
    public var shortcutDirectories: [URL]
    /// `--keys` (true) or the config's `keys` setting (nil).
    public var keys: Bool?
    /// `--keys-device PATH` (repeatable): read these instead of the config's or the discovered devices.
    public var keysDevices: [String] = []
    /// `--keys-volume` (true): the volume keys are the shutter too, grabbed; nil leaves it to the config.
    public var volumeKeys: Bool?
    /// False with `--no-portal`: never ask xdg-desktop-portal for hotkeys.
    public var portal = true
    /// False to never send notifications (the config can also turn them off).
    public var notifications = true
    /// How confined callers are recognised (`/proc` by default; tests point it elsewhere).
    public var sandboxInspector = SandboxInspector()
    /// How long the desktop's permission store may take to say whether a sandboxed app may film.
    public var consentTimeout: Duration = .seconds(5)
    /// How long a portal request (the user's dialog included) may take.
    public var portalTimeout: Duration = .seconds(120)
    /// The environment folders are found from.
    public var environment: [String: String]
    /// Where the desktop side says what it did and what it could not do (stderr by default).
    public var log: @Sendable (String) -> Void

    /// The standard options for the user in `environment`: config and shortcut folders from XDG,
    /// keys as the config says, portal and notifications on.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                log: @escaping @Sendable (String) -> Void = DesktopOptions.standardError) {
        self.environment = environment
        self.configFile = DesktopConfig.standardFile(environment: environment)
        self.shortcutDirectories = Self.shippedShortcutDirectories(environment: environment)
            + [ShortcutLibrary.userDirectory(environment: environment)]
        self.log = log
        // RETROCAM_CONSENT_TIMEOUT (seconds): how long the permission store may take (tests shorten it).
        if let text = environment["RETROCAM_CONSENT_TIMEOUT"], let seconds = Double(text), seconds > 0, seconds <= 600 {
            consentTimeout = .milliseconds(Int64(seconds * 1000))
        }
    }

    /// The shipped shortcut folders, lowest priority first: `$RETROCAM_SHORTCUTS_DIRS` (colon-separated)
    /// when set; otherwise `retrocam/shortcuts` under each of `$XDG_DATA_DIRS`, then the one beside
    /// the installed program (`PREFIX/share/retrocam/shortcuts` for `PREFIX/bin/retrocamd`).
    public static func shippedShortcutDirectories(environment: [String: String], executable: URL? = InstalledFiles.runningExecutable) -> [URL] {
        if let explicit = environment["RETROCAM_SHORTCUTS_DIRS"], !explicit.isEmpty {
            return explicit.split(separator: ":").map { URL(fileURLWithPath: String($0), isDirectory: true) }
        }
        let dataDirs = UserFolders(environment: environment).dataDirectories.map { $0.appendingPathComponent("retrocam/shortcuts", isDirectory: true) }
        let beside = InstalledFiles.shared("shortcuts", executable: executable).map { [$0] } ?? []
        return (dataDirs.reversed() + beside).reduce(into: [URL]()) { unique, folder in
            if !unique.contains(where: { $0.standardizedFileURL == folder.standardizedFileURL }) { unique.append(folder) }
        }
    }

    /// Writes `retrocamd: LINE` to standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data("retrocamd: \(line)\n".utf8))
    }
}
