import Foundation
import XDG

/// KDE Plasma's global shortcuts for our hotkeys: one desktop file in `$XDG_DATA_HOME/kglobalaccel/`,
/// which kglobalaccel reads on Plasma 5 (KF5's `KServiceActionComponent::loadFromService`) and Plasma 6
/// (kglobalacceld's `GlobalShortcutsRegistry::loadSettings`): each `[Desktop Action …]` with
/// `X-KDE-Shortcuts` becomes a shortcut of the component `org.retrocam.Hotkeys.desktop`, shown and
/// changeable in System Settings › Shortcuts. kglobalaccel writes `kglobalshortcutsrc` itself once it has
/// read the file; we never write that file behind a running kglobalaccel.
enum KDEShortcuts {
    /// The desktop file's name (the component's name in kglobalaccel).
    static let fileName = "org.retrocam.Hotkeys.desktop"

    /// The launchers an earlier Retrocam wrote into `applications/` (with their own shortcut each).
    static let legacyLaunchers = HotkeyTable.bindings.map { "retrocam-\($0.id).desktop" }

    /// Writes the desktop file, takes out the earlier launchers, and says how Plasma picks it up.
    static func install(_ folders: UserFolders) throws(HotkeyError) -> String {
        let file = folders.dataHome.appendingPathComponent("kglobalaccel/\(fileName)")
        try OwnedFile(url: file).write(HotkeySnippets.text(for: .kde))
        var removed = 0
        for name in legacyLaunchers {
            let launcher = folders.dataHome.appendingPathComponent("applications/\(name)")
            guard let text = try? String(contentsOf: launcher, encoding: .utf8),
                  text.contains("\nExec=retrocam "), text.contains("\nX-KDE-Shortcuts=Meta+Shift+") else { continue }
            if (try? FileManager.default.removeItem(at: launcher)) != nil { removed += 1 }
        }
        let cleanup = removed == 0 ? "" : " Removed \(removed) launcher\(removed == 1 ? "" : "s") an earlier Retrocam left in \(folders.tildePath(folders.dataHome.appendingPathComponent("applications")))."
        return "Wrote \(folders.tildePath(file)) (\(HotkeyTable.summary)).\(cleanup) Plasma reads it when kglobalaccel starts: log out and in, "
            + "or run 'systemctl --user restart plasma-kglobalaccel' (Plasma 6) or 'kquitapp5 kglobalaccel; kglobalaccel5 &' (Plasma 5); "
            + "then see System Settings › Shortcuts › Retrocam."
    }
}
