/// One entry of the TECHNOLOGY / STYLE dial, whichever the mode: what a resolver matches words against.
public struct DialEntry: Sendable, Equatable {
    /// The technology's or style's id.
    public let id: String
    /// The spoken name.
    public let name: String
    /// Spoken alternatives.
    public let synonyms: [String]
    /// A true sentence or two about it.
    public let note: String

    /// Makes a dial entry.
    public init(id: String, name: String, synonyms: [String], note: String) {
        self.id = id
        self.name = name
        self.synonyms = synonyms
        self.note = note
    }
}

extension CameraBody {
    /// The dial's entries in the current mode and decade: technologies in CINE, styles in STILL.
    public var dialEntries: [DialEntry] {
        switch mode {
        case .cine:
            decade.technologies.map { DialEntry(id: $0.id, name: $0.name, synonyms: $0.synonyms, note: $0.note) }
        case .still:
            decade.styles.map { DialEntry(id: $0.id, name: $0.name, synonyms: $0.synonyms, note: $0.note) }
        }
    }

    /// Turns the dial to an entry by id: the technology in CINE, the style in STILL.
    public mutating func setDialEntry(id: String) throws(BodyError) {
        switch mode {
        case .cine: try setTechnology(id: id)
        case .still: try setStyle(id: id)
        }
    }
}
