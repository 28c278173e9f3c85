/// A camera the engine can show: a real device or one of the synthetic test cards.
public struct CameraInfo: Sendable, Equatable {
    /// Stable id: the device path, or `synthetic:back` / `synthetic:front`.
    public let id: String
    /// A name for people, e.g. the card name the driver reports.
    public let name: String
    /// `"back"` or `"front"`: what FLIP switches between.
    public let facing: String

    /// A camera description.
    public init(id: String, name: String, facing: String) {
        self.id = id
        self.name = name
        self.facing = facing
    }
}
