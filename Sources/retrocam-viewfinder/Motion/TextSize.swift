import CGtk
import CViewfinder

/// The desktop's text size (`org.gnome.desktop.interface text-scaling-factor`) and the seed's rule
/// for the body: engraved labels and button captions grow with it up to the Large step and no
/// further, so the dials never overlap; the magnifier is there for more.
@MainActor
final class TextSize {
    /// GNOME's Large Text step: its accessibility switch sets the factor to 1.25.
    static let largeStep = 1.25
    /// The engraved labels' size at factor 1, in pixels.
    static let engravedPixels = 11.0

    /// The desktop's factor (1 when unknown).
    private(set) var factor = 1.0
    private let settings: UnsafeMutablePointer<GSettings>?
    private var observers: [@MainActor () -> Void] = []

    init() {
        settings = vf_settings_if_installed("org.gnome.desktop.interface")
        factor = Self.read(settings)
        if let settings {
            Signals.onSetting(settings, "text-scaling-factor") { [weak self] in self?.reread() }
        }
    }

    /// The scale the body's labels use: the desktop's, stopped at the Large step.
    var bodyScale: Double { min(max(factor, 0.5), Self.largeStep) }

    /// An engraved label's size in pixels now.
    var engravedPixels: Double { Self.engravedPixels * bodyScale }

    /// Calls `handler` after the factor changes.
    func onChange(_ handler: @escaping @MainActor () -> Void) { observers.append(handler) }

    private func reread() {
        factor = Self.read(settings)
        Log.debug("text size: factor \(factor), body labels at \(engravedPixels) px")
        for observer in observers { observer() }
    }

    private static func read(_ settings: UnsafeMutablePointer<GSettings>?) -> Double {
        guard let settings else { return 1 }
        let value = g_settings_get_double(settings, "text-scaling-factor")
        return value.isFinite && value > 0 ? value : 1
    }
}
