/// The names of Retrocam's bus face (DESIGN.md, "The bus contract"), in the one place every side reads
/// them from: the daemon's interfaces, the `retrocam` client, the desktop side, the benchmark and the
/// tests. Versioned interfaces: add, never rename.
public enum BusContract {
    /// The well-known bus name the daemon owns on the session bus.
    public static let busName = "org.retrocam.Camera"
    /// The one object the daemon publishes.
    public static let objectPath = "/org/retrocam/Camera"
    /// One method per intent.
    public static let intentsInterface = "org.retrocam.Intents1"
    /// The body, for screen readers and status bars.
    public static let cameraInterface = "org.retrocam.Camera1"
    /// The user's shortcuts, the action button and hotkey snippets.
    public static let shortcutsInterface = "org.retrocam.Shortcuts1"
    /// GNOME Shell's search provider, served by the daemon at `searchProviderPath`.
    public static let searchProviderInterface = "org.gnome.Shell.SearchProvider2"
    /// Where the search provider is (the provider file names it).
    public static let searchProviderPath = "/org/retrocam/Camera/SearchProvider"
    /// KRunner's D-Bus runner, served by the daemon at `krunnerPath`.
    public static let krunnerInterface = "org.kde.krunner1"
    /// Where the KRunner runner is (the runner's metadata file names it).
    public static let krunnerPath = "/org/retrocam/Camera/KRunner"
    /// The prefix of Retrocam's own error names.
    public static let errorPrefix = "org.retrocam.Error."

    /// Retrocam's own D-Bus errors; each one's message is a sentence fit to be spoken.
    public enum ErrorName: String, CaseIterable, Sendable {
        /// The value is not one the control has; the message lists what is allowed.
        case unsupported = "Unsupported"
        /// The words fit several values; the message lists them.
        case ambiguous = "Ambiguous"
        /// A value is needed and none was given.
        case needsValue = "NeedsValue"
        /// Not now, or not for this caller ("CINE ONLY", no consent).
        case notAllowed = "NotAllowed"
        /// There is no camera, or it failed.
        case noCamera = "NoCamera"
        /// The disk is too full for a take.
        case storageFull = "StorageFull"
        /// No such intent, control, shortcut or take.
        case notFound = "NotFound"

        /// The whole name on the bus: `org.retrocam.Error.NotFound`.
        public var name: String { BusContract.errorPrefix + rawValue }
    }
}
