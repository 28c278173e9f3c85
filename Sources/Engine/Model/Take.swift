import Foundation

/// Whether a take is a still photo or a moving clip.
public enum TakeKind: String, Codable, Sendable {
    /// A JPEG still.
    case photo
    /// A WebM clip (VP8, with Opus audio when sound was on).
    case clip
}

/// One photo or clip the camera made, as the library records it.
public struct Take: Codable, Sendable, Equatable, Identifiable {
    /// A stable unique id.
    public let id: String
    /// Photo or clip.
    public let kind: TakeKind
    /// Absolute path of the media file.
    public var path: String
    /// When the take was started.
    public let created: Date
    /// Length in seconds (clips only).
    public var duration: Double?
    /// Free-form labels given when the take was made, e.g. `decade`, `technology`.
    public var tags: [String: String]
    /// True when the take was rescued after the daemon was killed mid-recording.
    public var recovered: Bool

    /// A take as the engine records it.
    public init(id: String = UUID().uuidString.lowercased(), kind: TakeKind, path: String, created: Date,
                duration: Double? = nil, tags: [String: String] = [:], recovered: Bool = false) {
        self.id = id
        self.kind = kind
        self.path = path
        self.created = created
        self.duration = duration
        self.tags = tags
        self.recovered = recovered
    }

    /// The file's URL.
    public var url: URL { URL(fileURLWithPath: path) }
}
