import Foundation

/// GNOME's custom keybindings (gsettings, `org.gnome.settings-daemon.plugins.media-keys`): ours are
/// added to the list once and the user's others kept, so installing twice changes nothing.
public enum GnomeKeybindings {
    /// The schema of the list of custom keybindings.
    public static let schema = "org.gnome.settings-daemon.plugins.media-keys"
    /// The path prefix of one custom keybinding.
    public static let pathPrefix = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"

    /// Runs a program with arguments (no shell) and answers its standard output, or throws.
    public typealias Runner = @Sendable ([String]) throws(HotkeyError) -> String

    /// The keybinding's name in the list: `retrocam-shutter`.
    static func name(of binding: HotkeyBinding) -> String { "retrocam-\(binding.id)" }

    /// Its full path.
    static func path(of binding: HotkeyBinding) -> String { pathPrefix + name(of: binding) + "/" }

    /// Its three keys: name, command, binding.
    static func settings(of binding: HotkeyBinding) -> [(String, String)] {
        [("name", binding.title), ("command", binding.click), ("binding", binding.combination(for: .gnome))]
    }

    /// Adds ours to the list (keeping the user's, adding nothing already there) and sets each one.
    static func install(run: Runner) throws(HotkeyError) -> String {
        let key = "custom-keybindings"
        let current = gvariantStrings(try run(["gsettings", "get", schema, key]))
        let missing = HotkeyTable.bindings.map(path(of:)).filter { !current.contains($0) }
        if !missing.isEmpty {
            _ = try run(["gsettings", "set", schema, key, "[" + (current + missing).map { "'\($0)'" }.joined(separator: ", ") + "]"])
        }
        for binding in HotkeyTable.bindings {
            for (name, value) in settings(of: binding) {
                _ = try run(["gsettings", "set", "\(schema).custom-keybinding:\(path(of: binding))", name, value])
            }
        }
        let added = missing.isEmpty ? "were already in your custom shortcuts; their settings are set again" : "were added to your custom shortcuts"
        return "Retrocam's GNOME shortcuts (\(HotkeyTable.summary)) \(added). See Settings › Keyboard › Custom Shortcuts."
    }

    /// The strings of a printed GVariant string array (`['/a/', '/b/']` or `@as []`).
    static func gvariantStrings(_ text: String) -> [String] {
        text.split(separator: "'", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }
}
