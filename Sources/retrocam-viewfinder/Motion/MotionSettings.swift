import CGtk
import CViewfinder

/// The desktop's Reduce Motion: animations are on only when GNOME's
/// `org.gnome.desktop.interface enable-animations` and GTK's `gtk-enable-animations` both say so.
/// Followed live; `onChange` hears every flip.
@MainActor
final class MotionSettings {
    /// True when the desktop asks for less motion.
    private(set) var reduced = false
    private let settings: UnsafeMutablePointer<GSettings>?
    private var observers: [@MainActor () -> Void] = []

    init() {
        settings = vf_settings_if_installed("org.gnome.desktop.interface")
        reduced = Self.read(settings)
        if let settings {
            Signals.onSetting(settings, "enable-animations") { [weak self] in self?.reread() }
        }
        if let gtk = gtk_settings_get_default() {
            Signals.onNotify(UnsafeMutableRawPointer(gtk), "gtk-enable-animations") { [weak self] in self?.reread() }
        }
    }

    /// Calls `handler` after the setting changes.
    func onChange(_ handler: @escaping @MainActor () -> Void) { observers.append(handler) }

    private func reread() {
        let now = Self.read(settings)
        guard now != reduced else { return }
        reduced = now
        Log.debug("motion: \(reduced ? "reduced" : "full") (enable-animations changed)")
        for observer in observers { observer() }
    }

    private static func read(_ settings: UnsafeMutablePointer<GSettings>?) -> Bool {
        let desktop = settings.map { g_settings_get_boolean($0, "enable-animations") != 0 } ?? true
        return !(desktop && vf_gtk_setting_bool("gtk-enable-animations") != 0)
    }
}
