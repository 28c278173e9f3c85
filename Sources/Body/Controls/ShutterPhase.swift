/// The two halves of a shutter button's travel, as the hardware keys, the portal's hotkeys, the action
/// button and `Camera1.Shutter` deliver them. CINE starts or pauses on the press; STILL shoots on the release.
public enum ShutterPhase: String, Sendable, CaseIterable {
    /// The button went down.
    case press
    /// The button came up.
    case release
}
