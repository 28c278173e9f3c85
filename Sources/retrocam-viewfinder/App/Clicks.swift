import CGtk
import CViewfinder
import Foundation

/// The dial's click: a short sound from the desktop's sound theme with every step, the counterpart
/// of the seed's haptic clicks. Silent when the desktop's event sounds are off
/// (`org.gnome.desktop.sound event-sounds`), read at each click so a change applies at once.
@MainActor
final class Clicks {
    /// The freedesktop sound-theme event used for a step.
    static let event = "audio-volume-change"
    private let settings: UnsafeMutablePointer<GSettings>?
    private let sink: String
    private var sound: OpaquePointer?
    private var loaded = false
    /// The file played (nil until found).
    private(set) var file: String?

    /// Plays into `sink` (a GStreamer launch fragment, `autoaudiosink` by default).
    init(sink: String) {
        self.sink = sink
        settings = vf_settings_if_installed("org.gnome.desktop.sound")
        if let settings {
            Signals.onSetting(settings, "event-sounds") { [weak self] in
                Log.debug("event sounds: \(self?.enabled == true ? "on" : "off")")
            }
        }
    }

    /// The desktop's event sounds switch (on when the schema is missing).
    var enabled: Bool {
        settings.map { g_settings_get_boolean($0, "event-sounds") != 0 } ?? true
    }

    /// One click, if event sounds are on.
    func step() {
        guard enabled else {
            Log.debug("click: off (event sounds are off)")
            return
        }
        if !loaded { load() }
        guard let sound else { return }
        if vf_sound_play(sound) != 0 {
            Log.debug("click: \(file ?? "")")
        } else {
            Log.debug("click: the sound would not play")
        }
    }

    private func load() {
        loaded = true
        let theme = settings.flatMap { settings -> String? in
            guard let text = g_settings_get_string(settings, "theme-name") else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        } ?? vf_gtk_setting_string("gtk-sound-theme-name").map { text in
            defer { g_free(text) }
            return String(cString: text)
        } ?? "freedesktop"
        guard let path = SoundTheme.file(for: Self.event, theme: theme) else {
            Log.info("no sound for \(Self.event) in the \(theme == "freedesktop" ? "" : "\(theme) or ")freedesktop sound theme; dial clicks are silent")
            return
        }
        file = path
        var problem: UnsafeMutablePointer<gchar>?
        sound = vf_sound_new(path, sink, &problem)
        if sound == nil {
            let reason = problem.map { String(cString: $0) } ?? "unknown reason"
            g_free(problem)
            Log.info("the click \(path) could not be loaded: \(reason); dial clicks are silent")
        }
    }
}

/// Finds an event's file in a freedesktop sound theme (the XDG data folders, `stereo/`, `.oga`/`.ogg`/`.wav`),
/// falling back to the `freedesktop` theme.
enum SoundTheme {
    static func file(for event: String, theme: String,
                     environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let home = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        let system = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init)
        for name in theme == "freedesktop" ? [theme] : [theme, "freedesktop"] {
            for folder in [home] + system {
                for ext in ["oga", "ogg", "wav"] {
                    let path = "\(folder)/sounds/\(name)/stereo/\(event).\(ext)"
                    if FileManager.default.isReadableFile(atPath: path) { return path }
                }
            }
        }
        return nil
    }
}
