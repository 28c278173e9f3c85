import Foundation
import XDG

/// Installs the hotkeys into a desktop's own settings, as a command the user runs (`retrocam bind
/// DESKTOP install`), never as something any bus caller can do: gsettings for GNOME, a kglobalaccel
/// desktop file for KDE, an included file for sway, i3 and Hyprland. Programs get their arguments as a
/// list; no shell is involved.
public struct HotkeyInstaller: Sendable {
    /// The user's folders (config and data homes).
    public let folders: UserFolders
    /// Runs `gsettings`.
    public let run: GnomeKeybindings.Runner

    /// An installer for the user in `environment`, running programs with `run`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                run: @escaping GnomeKeybindings.Runner = HotkeyInstaller.runProgram) {
        folders = UserFolders(environment: environment)
        self.run = run
    }

    /// Installs for `desktop`; answers what was done, in a sentence or two.
    public func install(_ desktop: HotkeyDesktop) throws(HotkeyError) -> String {
        switch desktop {
        case .gnome: return try GnomeKeybindings.install(run: run)
        case .kde: return try KDEShortcuts.install(folders)
        case .sway, .i3, .hyprland: return try WindowManagerInstaller(config: WindowManagerConfig(desktop), folders: folders).install()
        }
    }

    /// Runs `arguments[0]` found on `PATH` (through `/usr/bin/env`, not a shell) and answers its output.
    public static func runProgram(_ arguments: [String]) throws(HotkeyError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { throw HotkeyError("Could not run \(arguments[0]): \(error.localizedDescription)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw HotkeyError("\(arguments[0]) failed\(said.isEmpty ? "" : ": \(said)")")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
