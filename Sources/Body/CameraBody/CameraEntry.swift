/// A camera the body can look through, as the engine found it: an engine fact the Intents layer
/// feeds in, like the tape left. Status bars read the list as `Camera1.Cameras`.
public struct CameraEntry: Sendable, Equatable {
    /// Stable while the camera is there: `pipewire:36`, `/dev/video0`, `synthetic:back`.
    public let id: String
    /// The name the desktop shows ("Integrated Camera").
    public let name: String
    /// `front`, `back` (the sides FLIP switches between) or `external` (a third camera).
    public let facing: String

    /// A camera entry.
    public init(id: String, name: String, facing: String) {
        self.id = id
        self.name = name
        self.facing = facing
    }
}
