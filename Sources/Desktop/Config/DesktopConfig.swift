import Body
import Foundation
import Intents

/// The small config file of the desktop side, `$XDG_CONFIG_HOME/retrocam/config`: one
/// `key = value` a line, `#` starts a comment line. Documented in `shortcuts/README.md`.
///
///     action = shutter                  # or: shortcut noir-portrait, or one step: set decade 1970s
///     keys = off                        # on: listen to the camera keys (evdev)
///     keys-device = /dev/input/event3   # instead of every device that has those keys
///     keys-shutter = camera
///     keys-action = camera-focus
///     keys-volume = off                 # on: the volume keys are the shutter too (their device is grabbed)
///     portal = on                       # register global hotkeys through xdg-desktop-portal
///     notifications = on                # show every take on the desktop (only this file turns it off)
///     hook-timeout = 30                 # seconds a hook may run before it is stopped (1 to 3600)
public struct DesktopConfig: Sendable, Equatable {
    /// What the action button does.
    public var action: ActionAssignment = .standard
    /// Whether to listen to hardware keys.
    public var keys = false
    /// One input device to read instead of searching.
    public var keysDevice: String?
    /// The keys that act as the shutter: the camera key. The volume keys only when asked for.
    public var shutterKeys: [KeyCode] = [.camera]
    /// The keys that act as the action button.
    public var actionKeys: [KeyCode] = [.cameraFocus]
    /// `keys-volume = on`: the volume keys are the shutter too (their device is then grabbed).
    public var volumeKeys = false
    /// Whether to register hotkeys with the GlobalShortcuts portal.
    public var portal = true
    /// Whether to show every take with a desktop notification.
    public var notifications = true
    /// How long one hook program may run before it is stopped (SIGTERM, then SIGKILL).
    public var hookTimeout: Duration = .seconds(30)

    /// The defaults: action = shutter, keys off, portal and notifications on.
    public init() {}

    /// The keys this config listens to and what each one does (the volume keys join the shutter with `keys-volume`).
    public var keyMap: KeyMap {
        let volume = volumeKeys ? KeyCode.volumeKeys.filter { !shutterKeys.contains($0) && !actionKeys.contains($0) } : []
        return KeyMap(shutter: shutterKeys + volume, action: actionKeys)
    }

    /// The standard location: `$XDG_CONFIG_HOME/retrocam/config`, or `~/.config/retrocam/config`.
    public static func standardFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ShortcutLibrary.userDirectory(environment: environment).deletingLastPathComponent().appendingPathComponent("config")
    }

    /// Reads the file at `url`; a missing file is the defaults. Errors name the file and line.
    public static func load(from url: URL) throws(ShortcutError) -> DesktopConfig {
        guard FileManager.default.fileExists(atPath: url.path) else { return DesktopConfig() }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ShortcutError(.unreadable, file: url.path, "It could not be read (\(error.localizedDescription)).")
        }
        guard data.count <= 64 * 1024, let text = String(data: data, encoding: .utf8) else {
            throw ShortcutError(.unreadable, file: url.path, "The config is not UTF-8 text of at most 64 KiB.")
        }
        return try parse(text, file: url.path)
    }

    /// Reads config text; `file` is the name errors use.
    public static func parse(_ text: String, file: String) throws(ShortcutError) -> DesktopConfig {
        var config = DesktopConfig()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let number = index + 1
            guard let equals = line.firstIndex(of: "=") else {
                throw ShortcutError(.invalid, file: file, line: number, "A setting is written key = value.")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            func flag() throws(ShortcutError) -> Bool {
                switch value.lowercased() {
                case "on", "yes", "true", "1": return true
                case "off", "no", "false", "0": return false
                default: throw ShortcutError(.invalid, file: file, line: number, "\(key) is on or off, not '\(value)'.")
                }
            }
            func keyList() throws(ShortcutError) -> [KeyCode] {
                do throws(KeyMapError) {
                    return try value.split(separator: " ").map { word throws(KeyMapError) in try KeyCode(name: String(word)) }
                } catch {
                    throw ShortcutError(.invalid, file: file, line: number, error.message)
                }
            }
            switch key {
            case "action":
                do { config.action = try ActionAssignment(parsing: value, source: file) } catch {
                    throw ShortcutError(error.kind, file: file, line: number, error.reason)
                }
            case "keys": config.keys = try flag()
            case "keys-device": config.keysDevice = value.isEmpty ? nil : value
            case "keys-shutter": config.shutterKeys = try keyList()
            case "keys-action": config.actionKeys = try keyList()
            case "keys-volume": config.volumeKeys = try flag()
            case "portal": config.portal = try flag()
            case "notifications": config.notifications = try flag()
            case "hook-timeout":
                guard value.count <= 16, let seconds = Double(value), seconds.isFinite, (1...3600).contains(seconds) else {
                    throw ShortcutError(.invalid, file: file, line: number, "hook-timeout is a number of seconds from 1 to 3600, not '\(Spoken.shortened(value))'.")
                }
                config.hookTimeout = .milliseconds(Int64(seconds * 1000))
            default:
                throw ShortcutError(.invalid, file: file, line: number,
                                    "Unknown setting '\(key)'. Settings: action, keys, keys-device, keys-shutter, keys-action, keys-volume, portal, notifications, hook-timeout.")
            }
        }
        return config
    }

    /// Writes `action = …` into the file at `url`, keeping every other line (and creating the file).
    public static func saveAction(_ action: ActionAssignment, to url: URL) throws {
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? "# Retrocam settings: key = value, one a line (see shortcuts/README.md).\n"
        var lines = existing.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let newLine = "action = \(action)"
        if let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("action") &&
                                                 $0.contains("=") && $0.split(separator: "=")[0].trimmingCharacters(in: .whitespaces).lowercased() == "action" }) {
            lines[index] = newLine
        } else {
            lines.append(newLine)
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
