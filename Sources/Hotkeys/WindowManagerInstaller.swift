import Foundation
import XDG

/// Installs a window manager's hotkeys without harm: our own file, and one include line appended to the
/// user's config when it exists and lacks it. No main config is ever created (that would hide the
/// system's default config and its bindings), a linked config stays a link, and the block an earlier
/// Retrocam wrote into the config itself is taken out (its lines now live in our file).
struct WindowManagerInstaller {
    /// The markers around the block earlier versions wrote into the main config.
    static let legacyBegin = "# >>> retrocam hotkeys >>>"
    static let legacyEnd = "# <<< retrocam hotkeys <<<"

    let config: WindowManagerConfig
    let folders: UserFolders

    /// Installs; answers what was done in a sentence.
    func install() throws(HotkeyError) -> String {
        let desktop = config.desktop.rawValue
        guard let main = config.mainConfigCandidates(folders).map(UserConfigFile.init).first(where: \.exists) else {
            let expected = folders.tildePath(config.mainConfigCandidates(folders)[0])
            throw HotkeyError("You have no \(expected), so \(desktop) reads \(config.systemConfig) and would never read a file of ours; "
                + "nothing was written (making that file would hide \(desktop)'s default bindings). Copy \(config.systemConfig) to \(expected) "
                + "first, then run 'retrocam bind \(desktop) install' again, or paste the output of 'retrocam bind \(desktop)' into your config.")
        }
        let ours = config.ourFile(folders)
        let includeLine = config.includeLine(for: folders.tildePath(ours))
        var text = try main.text()
        let legacy = Self.withoutLegacyBlock(text)
        let needsLine = !config.includes(ours, in: legacy, configFolder: main.target.deletingLastPathComponent(), folders: folders)
        if needsLine || legacy != text { try main.checkWritable(saying: includeLine) }
        let written = try OwnedFile(url: ours).write(HotkeySnippets.text(for: config.desktop))
        var done = [written ? "Wrote \(folders.tildePath(ours))" : "\(folders.tildePath(ours)) is up to date"]
        if legacy != text {
            try main.replace(with: legacy)
            text = legacy
            done.append("took the old Retrocam block out of \(folders.tildePath(main.url))")
        }
        if needsLine {
            try main.append(line: includeLine)
            done.append("added '\(includeLine)' to \(folders.tildePath(main.url))" + (main.isLink ? " (through its link, to \(main.target.path))" : ""))
        } else {
            done.append("\(folders.tildePath(main.url)) already includes it")
        }
        return done.joined(separator: "; ") + ". Run '\(config.reloadCommand)' to use the keys (\(HotkeyTable.summary))."
    }

    /// `text` without the block between the legacy markers (and the blank line before it).
    static func withoutLegacyBlock(_ text: String) -> String {
        guard let begin = text.range(of: legacyBegin),
              let end = text.range(of: legacyEnd, range: begin.upperBound..<text.endIndex) else { return text }
        var before = text[..<begin.lowerBound]
        while before.hasSuffix("\n\n") { before.removeLast() }
        let after = text[end.upperBound...].drop { $0 == "\n" }
        return String(before) + after
    }
}
