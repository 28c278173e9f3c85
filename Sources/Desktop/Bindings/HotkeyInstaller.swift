import Foundation

/// Installs the hotkeys into a desktop's own settings: gsettings for GNOME (keeping the user's
/// other custom shortcuts), launchers for KDE, a marked block in the sway, i3 or Hyprland config
/// (replacing an earlier block). No shell is involved: programs get their arguments as a list.
public struct HotkeyInstaller: Sendable {
    /// Runs a program with arguments and answers its standard output, or throws.
    public typealias Runner = @Sendable ([String]) throws -> String

    /// The environment the config folders are found from (`XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `HOME`).
    public let environment: [String: String]
    /// Runs `gsettings`.
    public let run: Runner

    /// An installer for the user in `environment`, running programs with `run`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, run: @escaping Runner = HotkeyInstaller.runProgram) {
        self.environment = environment
        self.run = run
    }

    /// Installs for `desktop`; answers what was done, in a sentence or two.
    public func install(_ desktop: HotkeyDesktop) throws -> String {
        switch desktop {
        case .gnome:
            let key = "custom-keybindings"
            let current = HotkeyBindings.gvariantStrings(try run(["gsettings", "get", HotkeyBindings.gnomeSchema, key]))
            let ours = HotkeyBindings.bindings.map { "\(HotkeyBindings.gnomePathPrefix)retrocam-\($0.id)/" }
            let merged = current + ours.filter { !current.contains($0) }
            _ = try run(["gsettings", "set", HotkeyBindings.gnomeSchema, key, "[" + merged.map { "'\($0)'" }.joined(separator: ", ") + "]"])
            for command in HotkeyBindings.bindings.flatMap(HotkeyBindings.gnomeCommands) { _ = try run(command) }
            return "Added \(ours.count) GNOME custom shortcuts (Super+Shift+C, A, P, R); see Settings › Keyboard › Custom Shortcuts."
        case .kde:
            let folder = dataHome.appendingPathComponent("applications")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for binding in HotkeyBindings.bindings {
                let text = HotkeyBindings.kdeLauncher(binding).split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
                try text.write(to: folder.appendingPathComponent("retrocam-\(binding.id).desktop"), atomically: true, encoding: .utf8)
            }
            return "Wrote \(HotkeyBindings.bindings.count) launchers with Meta+Shift shortcuts to \(folder.path); check them in System Settings › Shortcuts."
        case .sway, .i3, .hyprland:
            let file = configFile(for: desktop)
            try Self.writeBlock(HotkeyBindings.snippet(for: desktop), into: file)
            let reload = ["sway": "swaymsg reload", "i3": "i3-msg reload", "hyprland": "hyprctl reload"][desktop.rawValue]!
            return "Wrote the Retrocam hotkeys into \(file.path); run '\(reload)' to use them."
        }
    }

    /// The window manager's config file.
    public func configFile(for desktop: HotkeyDesktop) -> URL {
        switch desktop {
        case .sway: return configHome.appendingPathComponent("sway/config")
        case .i3: return configHome.appendingPathComponent("i3/config")
        default: return configHome.appendingPathComponent("hypr/hyprland.conf")
        }
    }

    /// Puts `block` (with its markers) into `file`, replacing an earlier block or appending.
    static func writeBlock(_ block: String, into file: URL) throws {
        let existing = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var text: String
        if let begin = existing.range(of: HotkeyBindings.beginMarker),
           let end = existing.range(of: HotkeyBindings.endMarker, range: begin.upperBound..<existing.endIndex) {
            let afterEnd = existing[end.upperBound...].drop { $0 == "\n" }
            text = String(existing[..<begin.lowerBound]) + block + afterEnd
        } else {
            text = existing
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            text += (text.isEmpty ? "" : "\n") + block
        }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    private var home: String { environment["HOME"] ?? NSHomeDirectory() }
    private var configHome: URL { URL(fileURLWithPath: nonEmpty("XDG_CONFIG_HOME") ?? home + "/.config") }
    private var dataHome: URL { URL(fileURLWithPath: nonEmpty("XDG_DATA_HOME") ?? home + "/.local/share") }
    private func nonEmpty(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }

    /// Runs `arguments[0]` found on `PATH` (through `/usr/bin/env`, not a shell) and answers its output.
    public static func runProgram(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw KeyMapError("\(arguments[0]) failed: \(String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
