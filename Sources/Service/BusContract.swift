/// The names of Retrocam's bus face (DESIGN.md, "The bus contract"). Versioned interfaces:
/// add, never rename.
public enum BusContract {
    /// The well-known bus name the daemon owns on the session bus.
    public static let busName = "org.retrocam.Camera"
    /// The one object the daemon publishes.
    public static let objectPath = "/org/retrocam/Camera"
    /// One method per intent.
    public static let intentsInterface = "org.retrocam.Intents1"
    /// The body, for screen readers and status bars.
    public static let cameraInterface = "org.retrocam.Camera1"
    /// The prefix of Retrocam's own error names.
    public static let errorPrefix = "org.retrocam.Error."
}
