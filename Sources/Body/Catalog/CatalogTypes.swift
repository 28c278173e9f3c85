/// What a technology records on, and how long one load of it runs.
public struct Medium: Sendable, Equatable {
    /// A human name, e.g. "50 ft Super 8 cartridge".
    public let name: String
    /// How many minutes one load runs at the technology's usual speed.
    public let runningMinutes: Double
    /// True for digital media, whose figure is nominal: the engine replaces it with the free disk space.
    public let isNominal: Bool

    /// Makes a medium.
    public init(name: String, runningMinutes: Double, isNominal: Bool = false) {
        self.name = name
        self.runningMinutes = runningMinutes
        self.isNominal = isNominal
    }
}

/// A way of making moving pictures that a person could shoot with in a decade (the dial in CINE).
public struct Technology: Sendable, Equatable {
    /// Lowercase-hyphen id, unique within its decade ("super-8", "vhs-c").
    public let id: String
    /// The spoken name ("Super 8", "VHS camcorder"), unique within its decade.
    public let name: String
    /// Spoken alternatives ("super eight").
    public let synonyms: [String]
    /// The year the format came out (for some, the camera that used it followed a little later); for a
    /// broad kind such as phone video, a year by which it was on sale.
    public let introduced: Int
    /// What it records on.
    public let medium: Medium
    /// Its picture at full strength.
    public let look: LookTraits
    /// A true sentence or two about it.
    public let note: String

    /// Makes a technology.
    public init(id: String, name: String, synonyms: [String] = [], introduced: Int, medium: Medium,
                look: LookTraits, note: String) {
        self.id = id
        self.name = name
        self.synonyms = synonyms
        self.introduced = introduced
        self.medium = medium
        self.look = look
        self.note = note
    }
}

/// A still-photography style of a decade (the dial in STILL).
public struct Style: Sendable, Equatable {
    /// Lowercase-hyphen id, unique within its decade ("polaroid-sx-70").
    public let id: String
    /// The spoken name ("Polaroid SX-70"), unique within its decade.
    public let name: String
    /// Spoken alternatives ("sx seventy").
    public let synonyms: [String]
    /// Its picture at full strength.
    public let look: LookTraits
    /// A true sentence or two about it.
    public let note: String

    /// Makes a style.
    public init(id: String, name: String, synonyms: [String] = [], look: LookTraits, note: String) {
        self.id = id
        self.name = name
        self.synonyms = synonyms
        self.look = look
        self.note = note
    }
}

/// One position of the DECADE wheel.
public struct Decade: Sendable, Equatable {
    /// The first year, e.g. 1970.
    public let year: Int
    /// The spoken name, e.g. "1970s".
    public var name: String
    /// A short caption spoken after the name ("1970s, Faded Polaroids").
    public let caption: String
    /// Moving-picture technologies (CINE), in dial order.
    public let technologies: [Technology]
    /// Still-photography styles (STILL), in dial order.
    public let styles: [Style]
    /// True facts about the decade, for the fact of the day.
    public let facts: [String]

    /// Makes a decade; the name is the year with an "s" ("1970s").
    public init(year: Int, caption: String, technologies: [Technology], styles: [Style], facts: [String]) {
        precondition(!technologies.isEmpty && !styles.isEmpty, "a decade needs a technology and a style")
        self.year = year
        self.name = "\(year)s"
        self.caption = caption
        self.technologies = technologies
        self.styles = styles
        self.facts = facts
    }

    /// Whether `year` falls in this decade (1970…1979 for the 1970s).
    public func contains(year: Int) -> Bool { year >= self.year && year < self.year + 10 }

    /// The technology with this id (case-insensitive), if the decade has it.
    public func technology(id: String) -> Technology? {
        technologies.first { $0.id.lowercased() == id.lowercased() }
    }

    /// The style with this id (case-insensitive), if the decade has it.
    public func style(id: String) -> Style? {
        styles.first { $0.id.lowercased() == id.lowercased() }
    }
}
