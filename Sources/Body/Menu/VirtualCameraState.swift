/// What the virtual camera is now: off, being published, published, or off because publishing failed.
public enum VirtualCameraState: Sendable, Equatable {
    /// No node.
    case off
    /// The node is being published (a camera opening, PipeWire answering).
    case starting
    /// The node is listed.
    case on
    /// The last turning on failed, for this reason (a sentence): no node.
    case failed(String)

    /// What the VIRTUAL CAMERA row says: On only while the node is listed.
    public var spoken: String {
        switch self {
        case .on: "On"
        case .starting: "Turning on"
        case .off, .failed: "Off"
        }
    }
}
