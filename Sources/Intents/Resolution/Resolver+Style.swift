import Body
import Foundation

/// The TECHNOLOGY/STYLE dial: the current decade's technologies (CINE) and styles (STILL), and the other
/// decades' entries by their whole names.
///
/// A phrase is matched against the current decade's entries (names, ids and synonyms) in three tiers,
/// stopping at the first tier that finds anything: the whole name, then a prefix of the name ("koda" →
/// "Kodachrome"), then a word inside it ("slide" → "Kodachrome slide"). One entry found resolves; several
/// are Ambiguous with both names. When the current decade has none, the whole name on another decade's dial
/// resolves to that entry with the wheel turned there (the nearest decade first: "VHS" in the 1970s is the
/// 1980s' VHS camcorder). "Black and white" is the nearest monochrome entry of the current mode, with the
/// DEGREE raised to where it turns grey. Nothing found is Unsupported, listing the dial.
extension Resolver {
    /// What people call a monochrome picture.
    static let monochromeWords: Set<String> = Set(StyleWords.monochrome)

    /// A unique prefix or synonym of an entry of the current decade, a whole name on another decade's dial,
    /// or black and white.
    func dialEntry(_ value: ParameterValue) throws(IntentError) -> Setting {
        guard case .string(let text) = value else {
            throw wrongType(.style, value, expected: "the name of a technology or style")
        }
        let variants = Self.stylePhrases(text)
        if variants.contains(where: Self.monochromeWords.contains) { return .dialEntry(try monochromeChoice()) }
        for said in variants {
            let found = preferred(Self.matches(said, in: DialEntry.entries(of: body.decade)), said)
            if found.count == 1 { return .dialEntry(DialChoice(found[0])) }
            if found.count > 1 {
                let names = found.map(\.name)
                throw .ambiguous("Did you mean \(Spoken.list(names))?", choices: names)
            }
        }
        for said in variants {
            if let choice = try elsewhere(said) { return .dialEntry(choice) }
        }
        if let qualified = Self.decadeQualified(variants[0]), let decade = body.catalog.decade(year: qualified.year) {
            let found = preferred(Self.matches(qualified.rest, in: DialEntry.entries(of: decade)), qualified.rest)
            if found.count == 1 {
                return .dialEntry(DialChoice(found[0], decade: decade.year == body.decade.year ? nil : decade.year))
            }
            if found.count > 1 {
                let names = found.map(\.name)
                throw .ambiguous("On the \(decade.name) dial, did you mean \(Spoken.list(names))?", choices: names)
            }
        }
        throw .unsupported(dialContents)
    }

    /// A style said after the decade it belongs to ("2000s digicam", "eighties camcorder"): the decade and
    /// the words of the style, or nil.
    static func decadeQualified(_ said: String) -> (year: Int, rest: String)? {
        let words = said.split(separator: " ").map(String.init)
        for count in [2, 1] where words.count > count {
            if case .decade(let year)? = DecadeParser.parse(words.prefix(count).joined(separator: " ")) {
                return (year, words.dropFirst(count).joined(separator: " "))
            }
        }
        return nil
    }

    /// A style phrase as the dial's keys are written ("the Super-8" → "super 8"), and its variants: "movie"
    /// is said for "film" ("silent movie" → "silent film"), a name of two words may be said in the plural
    /// ("Kodachrome slides" → "kodachrome slide").
    static func stylePhrases(_ text: String) -> [String] {
        let phrase = Phrase.normalize(text.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "&", with: " and "))
        let words = Phrase.droppingArticles(phrase.split(separator: " ").map(String.init))
        let said = words.joined(separator: " ")
        let film = words.map { $0 == "movie" || $0 == "movies" ? "film" : $0 }.joined(separator: " ")
        var phrases = film == said ? [said] : [said, film]
        // A name of two words or more said in the plural, as people say what they remember: "Kodachrome *slides*" (a
        // word alone stays as said: "phones" is no prefix of "phone video").
        if words.count > 1, let last = words.last, last.count > 4, last.hasSuffix("s"), !["ss", "us", "is"].contains(String(last.suffix(2))) {
            phrases.append((words.dropLast() + [String(last.dropLast())]).joined(separator: " "))
        }
        return phrases
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

    /// Of several entries a phrase names, the one whose name it is ("Camera phone", not the "Camera phone
    /// video" that has it as a synonym), else those of the current mode's half of the dial.
    func preferred(_ found: [DialEntry], _ said: String) -> [DialEntry] {
        guard found.count > 1 else { return found }
        let named = found.filter { Phrase.normalize($0.name.replacingOccurrences(of: "-", with: " ")) == said }
        if named.count == 1 { return named }
        let kind: DialEntry.Kind = body.mode == .cine ? .technology : .style
        let inMode = found.filter { $0.kind == kind }
        return inMode.isEmpty ? found : inMode
    }

    /// The other decades, nearest to the current one first (the earlier of two as near).
    var otherDecadesByDistance: [Decade] {
        let year = body.decade.year
        return body.catalog.decades.filter { $0.year != year }
            .sorted { (abs($0.year - year), $0.year) < (abs($1.year - year), $1.year) }
    }

    /// The entry of the nearest other decade whose name or synonym is exactly `said`, with the wheel turned
    /// there; Ambiguous when the nearest such decade has two.
    func elsewhere(_ said: String) throws(IntentError) -> DialChoice? {
        for decade in otherDecadesByDistance {
            let found = preferred(DialEntry.entries(of: decade).filter { $0.keys.contains(said) }, said)
            if found.count == 1 { return DialChoice(found[0], decade: decade.year) }
            if found.count > 1 {
                let names = found.map(\.name)
                throw .ambiguous("On the \(decade.name) dial, did you mean \(Spoken.list(names))?", choices: names)
            }
        }
        return nil
    }

    /// The nearest monochrome entry of the current mode (this decade first), with the degree raised to where
    /// the picture is truly grey.
    func monochromeChoice() throws(IntentError) -> DialChoice {
        let kind: DialEntry.Kind = body.mode == .cine ? .technology : .style
        let grey = LookTraits.monochromeFromDegree
        for decade in [body.decade] + otherDecadesByDistance {
            if let entry = DialEntry.entries(of: decade).first(where: { $0.kind == kind && $0.monochrome }) {
                return DialChoice(entry, decade: decade.year == body.decade.year ? nil : decade.year, minimumDegree: grey)
            }
        }
        throw .unsupported("No \(kind == .technology ? "technology" : "style") on the wheel is black and white.")
    }
}
