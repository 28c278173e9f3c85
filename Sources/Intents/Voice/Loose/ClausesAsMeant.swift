import Foundation

/// Clauses said in an order the sentences and the loose reading do not read, put as meant: what a screen reader reads
/// between a control's name and its user's gesture left out, and a thing named first and then pointed at by a pronoun
/// put where the pronoun is.
extension Utterance {
    /// What a screen reader says of a control, besides its name and value: its role.
    static let screenReaderRoles: Set<String> = ["adjustable", "button", "slider", "toggle", "switch", "checkbox", "selected",
                                                 "dimmed", "popup", "radio"]
    /// Words of a screen reader user's gestures: "swipe up", "double tap".
    static let screenReaderGestures: Set<String> = ["swipe", "swiped", "swiping", "tap", "tapped", "double", "triple", "flick",
                                                    "scroll", "increment", "decrement", "activate"]
    /// Words that point back at a thing named just before: "the sixties, switch to *them*".
    static let pointingBack: [[String]] = [["that", "one"], ["this", "one"], ["those", "ones"], ["it"], ["them"], ["that"],
                                           ["those"], ["these"], ["this"]]
    /// Words that open a clause of what to do, so it is no value read aloud: "switch", "press".
    static let readoutBreakers: Set<String> = ControlFrame.setVerbs.union(ControlFrame.press)
    /// Words a clause that points back may end with: "the flash, turn it *on*".
    static let pointedParticles: Set<String> = ["on", "off", "up", "down", "in", "out", "over", "back"]

    /// The utterance with its clauses as meant (`withoutReadouts`, `withPronounsResolved`); nil when they already are.
    func clausesAsMeant() -> Utterance? {
        let readouts = withoutReadouts()
        let resolved = (readouts ?? self).withPronounsResolved()
        return resolved ?? readouts
    }

    /// The word ranges between commas.
    var clauseRanges: [Range<Int>] {
        let cuts = [0] + words.indices.dropFirst().filter { words[$0].afterComma } + [words.count]
        return zip(cuts, cuts.dropFirst()).filter { $0 < $1 }.map { $0..<$1 }
    }

    /// Without what a screen reader reads between a control's name and the gesture or value its user gives: the role
    /// ("Zoom, *adjustable,* 3.0x"), and the value it reads now when a role or a gesture follows ("Zoom, *1.0x,
    /// adjustable,* swipe up", "Decade, *1970s, Faded Polaroids, adjustable,* swipe down", "Audio, *mono,* double tap").
    /// Nil when there is nothing so.
    func withoutReadouts() -> Utterance? {
        let texts = words.map(\.text)
        let clauses = clauseRanges
        let isRole = { (clause: Range<Int>) in texts[clause].allSatisfy(Self.screenReaderRoles.contains) }
        let isGesture = { (clause: Range<Int>) in texts[clause].contains(where: Self.screenReaderGestures.contains) }
        // A value read aloud: a few words, neither a gesture nor a verb nor a negation.
        let isReadValue = { (clause: Range<Int>) in
            clause.count <= 5 && !isGesture(clause) && !texts[clause].contains(where: CameraWords.negations.contains)
                && !Self.readoutBreakers.contains(texts[clause.lowerBound])
        }
        var dropped = IndexSet()
        for (index, clause) in clauses.enumerated() where VoiceMatcher.namesOnly(texts[clause]) {
            var next = index + 1
            // Only what comes before the last clause: that one is what the user does.
            while next < clauses.count - 1 {
                let readout = isRole(clauses[next]) || (isReadValue(clauses[next]) && {
                    // A value is the reading of the control when a role or a gesture comes after it (past other readings).
                    var later = next + 1
                    while later < clauses.count, !isRole(clauses[later]), !isGesture(clauses[later]), isReadValue(clauses[later]) { later += 1 }
                    return later < clauses.count && (isRole(clauses[later]) || isGesture(clauses[later]))
                }())
                guard readout else { break }
                dropped.insert(integersIn: clauses[next])
                next += 1
            }
        }
        guard !dropped.isEmpty else { return nil }
        return Utterance(original: original, words: words.indices.filter { !dropped.contains($0) }.map { words[$0] })
    }

    /// With a thing named in a clause of its own and then pointed at by the next put where it is pointed at: "the
    /// sixties, switch to them" as "switch to the sixties", "the flash, turn it on" as "turn the flash on". The
    /// pointing clause is a verb, maybe "to", the pointer and maybe a particle. Nil when
    /// there is nothing so.
    func withPronounsResolved() -> Utterance? {
        let texts = words.map(\.text)
        let clauses = clauseRanges
        for (index, clause) in clauses.enumerated().dropFirst() {
            let named = clauses[index - 1]
            var at = clause.lowerBound + 1 // past the verb
            guard named.count <= 6, !CameraWords.negations.contains(texts[clause.lowerBound]),
                  !texts[named].contains(where: CameraWords.negations.contains) else { continue }
            if at < clause.upperBound, ["to", "onto", "on"].contains(texts[at]), at + 1 < clause.upperBound { at += 1 }
            guard let pointer = Self.pointingBack.first(where: { pointer in
                at + pointer.count <= clause.upperBound && texts[at..<(at + pointer.count)].elementsEqual(pointer)
            }) else { continue }
            let after = at + pointer.count
            guard after == clause.upperBound || (after + 1 == clause.upperBound && Self.pointedParticles.contains(texts[after]))
            else { continue }
            var verb = Array(words[clause.lowerBound..<at])
            verb[0].afterComma = words[named.lowerBound].afterComma
            var thing = Array(words[named])
            thing[0].afterComma = false
            let rewritten = Array(words[..<named.lowerBound]) + verb + thing + Array(words[after..<clause.upperBound])
                + Array(words[clause.upperBound...])
            return Utterance(original: original, words: rewritten)
        }
        return nil
    }
}
