import Body
import Foundation

/// The TECHNOLOGY/STYLE dial: the current decade's technologies (CINE) and styles (STILL).
///
/// A phrase is matched against every entry's name, id and synonyms in three tiers, stopping at the
/// first tier that finds anything: the whole name, then a prefix of the name ("koda" → "Kodachrome"),
/// then a word inside it ("slide" → "Kodachrome slide"). One entry found resolves; several are Ambiguous
/// with both names; none is Unsupported listing the dial (and saying which decade has it, if one does).
extension Resolver {
    /// A unique prefix or synonym of an entry of the current decade.
    func dialEntry(_ value: ParameterValue) throws(IntentError) -> Setting {
        guard case .string(let text) = value else {
            throw wrongType(.style, value, expected: "the name of a technology or style")
        }
        let phrase = Phrase.normalize(text.replacingOccurrences(of: "-", with: " "))
        let said = Phrase.droppingArticles(phrase.split(separator: " ").map(String.init)).joined(separator: " ")
        let found = Self.matches(said, in: DialEntry.entries(of: body.decade))
        if found.count == 1 { return .dialEntry(found[0]) }
        if found.count > 1 {
            let names = found.map(\.name)
            throw .ambiguous("Did you mean \(Spoken.list(names))?", choices: names)
        }
        throw .unsupported(elsewhere(said).map { "\($0) \(dialContents)" } ?? dialContents)
    }

    /// The entries a phrase names, by the first tier that finds any.
    static func matches(_ said: String, in entries: [DialEntry]) -> [DialEntry] {
        guard !said.isEmpty else { return [] }
        let tiers: [(String) -> Bool] = [
            { $0 == said },
            { $0.hasPrefix(said) },
            { (" " + $0).contains(" " + said) },
        ]
        for tier in tiers {
            let found = entries.filter { $0.keys.contains(where: tier) }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// "Daguerreotype is on the 1900s dial." when another decade has an entry by that exact name.
    func elsewhere(_ said: String) -> String? {
        for decade in body.catalog.decades where decade.year != body.decade.year {
            if let entry = DialEntry.entries(of: decade).first(where: { $0.keys.contains(said) }) {
                return "\(entry.name) is on the \(decade.name) dial."
            }
        }
        return nil
    }
}
