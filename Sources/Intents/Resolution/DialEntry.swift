import Body
import Foundation

/// An entry of the TECHNOLOGY/STYLE dial: a moving-picture technology (CINE) or a still style (STILL).
struct DialEntry: Equatable, Sendable {
    /// Which half of the dial the entry belongs to.
    enum Kind: Equatable, Sendable {
        case technology, style
    }

    let kind: Kind
    let id: String
    let name: String
    /// The names it answers to: id, name and synonyms, normalised.
    let keys: [String]
    /// True when its picture turns grey at a high enough DEGREE.
    let monochrome: Bool

    /// The entries of a decade: its technologies, then its styles. The shipped catalog's are made once.
    static func entries(of decade: Decade) -> [DialEntry] {
        if let known = standardEntries[decade.year], known.ids == ids(of: decade) { return known.entries }
        return make(decade)
    }

    /// The shipped catalog's entries by decade, with the ids they were made from.
    private static let standardEntries: [Int: (ids: [String], entries: [DialEntry])] = Dictionary(
        uniqueKeysWithValues: Catalog.standard.decades.map { ($0.year, (ids(of: $0), make($0))) })

    /// What tells a decade's dial from another's: its entries' ids, in order.
    private static func ids(of decade: Decade) -> [String] {
        decade.technologies.map(\.id) + decade.styles.map(\.id)
    }

    private static func make(_ decade: Decade) -> [DialEntry] {
        decade.technologies.map {
            DialEntry(kind: .technology, id: $0.id, name: $0.name, synonyms: $0.synonyms, monochrome: $0.look.monochrome)
        } + decade.styles.map {
            DialEntry(kind: .style, id: $0.id, name: $0.name, synonyms: $0.synonyms, monochrome: $0.look.monochrome)
        }
    }

    init(kind: Kind, id: String, name: String, synonyms: [String], monochrome: Bool = false) {
        self.kind = kind
        self.id = id
        self.name = name
        self.keys = ([name, id] + synonyms).map { Phrase.normalize($0.replacingOccurrences(of: "-", with: " ")) }
        self.monochrome = monochrome
    }
}

/// The dial entry a SetStyle turns to, and what else must move for it.
struct DialChoice: Equatable, Sendable {
    /// The entry.
    let entry: DialEntry
    /// The decade whose dial has it, when the wheel must turn there first (nil: the current decade).
    var decade: Int?
    /// A DEGREE the dial is raised to when it is lower ("black and white" wants a truly grey picture).
    var minimumDegree: Int?

    /// The choice of an entry of the current decade.
    init(_ entry: DialEntry, decade: Int? = nil, minimumDegree: Int? = nil) {
        self.entry = entry
        self.decade = decade
        self.minimumDegree = minimumDegree
    }

    /// "Technology" or "Style".
    var dialName: String { entry.kind == .technology ? "Technology" : "Style" }

    /// Turns the wheel, the lever and the dial (and raises the degree) on `body`; answers what moved besides
    /// the dial, in the order it moved ("Turned the wheel to the 1940s.", "Switched to STILL.").
    func apply(to body: inout CameraBody) throws(IntentError) -> [String] {
        var notes: [String] = []
        if let decade, body.decade.year != decade {
            try body.setDecade(year: decade)
            notes.append("Turned the wheel to the \(Wording.decadeName(decade)).")
        }
        switch entry.kind {
        case .technology:
            if body.mode != .cine { body.setMode(.cine); notes.append("Switched to CINE.") }
            try body.setTechnology(id: entry.id)
        case .style:
            if body.mode != .still { body.setMode(.still); notes.append("Switched to STILL.") }
            try body.setStyle(id: entry.id)
        }
        if let minimumDegree, body.degree < minimumDegree {
            try body.setDegree(minimumDegree)
            notes.append("Degree raised to \(minimumDegree), where the picture turns black and white.")
        }
        return notes
    }

    /// "Set the style to Film noir?", "Turn the wheel to the 1940s and set the style to Film noir?"
    var confirmation: String {
        let set = "set the \(dialName.lowercased()) to \(entry.name)"
        var parts = [set]
        if let decade { parts.insert("turn the wheel to the \(Wording.decadeName(decade))", at: 0) }
        if let minimumDegree { parts.append("raise the degree to at least \(minimumDegree)") }
        let question = Spoken.list(parts, conjunction: "and")
        return question.prefix(1).uppercased() + question.dropFirst() + "?"
    }
}
