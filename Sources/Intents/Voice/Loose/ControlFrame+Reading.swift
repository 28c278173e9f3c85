import Body

extension ControlFrame {
    /// The words of a clause as they are taken by what they say.
    struct Reading {
        let words: [String]
        let clause: Range<Int>
        var used: Set<Int>
        /// True when two different values of a kind were said.
        var failed = false
        /// The words of the named control's names, which may be said again around it.
        var namedWords: Set<String> = []

        /// The first phrase of `phrases` said at a free place, taken.
        mutating func take(_ phrases: [[String]]) -> Range<Int>? {
            for start in clause where !used.contains(start) {
                for phrase in phrases.sorted(by: { $0.count > $1.count }) where start + phrase.count <= clause.upperBound
                    && words[start..<(start + phrase.count)].elementsEqual(phrase)
                    && (start..<(start + phrase.count)).allSatisfy({ !used.contains($0) }) {
                    used.formUnion(start..<(start + phrase.count))
                    return start..<(start + phrase.count)
                }
            }
            return nil
        }

        /// The first free word of `set`, taken.
        mutating func takeWord(_ set: Set<String>) -> Int? {
            guard let at = clause.first(where: { !used.contains($0) && set.contains(words[$0]) }) else { return nil }
            used.insert(at)
            return at
        }

        /// Every free word of `set`, taken.
        mutating func takeAll(_ set: Set<String>) -> [Int] {
            var taken: [Int] = []
            while let at = takeWord(set) { taken.append(at) }
            return taken
        }

        /// A count of steps said with its unit: "two clicks", "twice", "a notch", "two decades", "a stop", "a lot";
        /// not "two times" of ZOOM, which is a value.
        mutating func unitCount(_ units: [StepUnit], kind: SettingKind?) -> Int? {
            let perUnit = Dictionary(units.flatMap { unit in unit.forms.map { ($0, unit.steps) } }, uniquingKeysWith: { a, _ in a })
            let steps = kind.map { stepWords.subtracting(SlotRecognizer.unitWords[$0] ?? []) } ?? stepWords
            for at in clause where !used.contains(at) {
                let word = words[at]
                // "half a stop" (but "minus half a stop" is a value).
                if word == "half", at + 2 < clause.upperBound, words[at + 1] == "a",
                   at == clause.lowerBound || !["minus", "plus", "negative", "positive"].contains(words[at - 1]),
                   let unit = perUnit[words[at + 2]], (at..<(at + 3)).allSatisfy({ !used.contains($0) }) {
                    used.formUnion(at..<(at + 3))
                    return max(1, unit / 2)
                }
                // The unit may be the control's own name: "two *decades* back".
                let next = at + 1 < clause.upperBound && (!used.contains(at + 1) || perUnit[words[at + 1]] != nil) ? words[at + 1] : nil
                if let next, let number = Self.stepCount(word, before: next), steps.contains(next) || perUnit[next] != nil {
                    used.formUnion([at, at + 1])
                    return number * (perUnit[next] ?? 1)
                }
                // "a couple of steps": two.
                if word == "couple", at + 2 < clause.upperBound, words[at + 1] == "of", !used.contains(at + 2),
                   steps.contains(words[at + 2]) || perUnit[words[at + 2]] != nil {
                    used.formUnion(at..<(at + 3))
                    if at > clause.lowerBound, words[at - 1] == "a" { used.insert(at - 1) }
                    return 2 * (perUnit[words[at + 2]] ?? 1)
                }
                if word == "once" || word == "twice" {
                    used.insert(at)
                    return word == "once" ? 1 : 2
                }
                if let unit = perUnit[word], at > clause.lowerBound, ["a", "an", "one"].contains(words[at - 1]), !used.contains(at - 1) {
                    used.formUnion([at - 1, at])
                    return unit
                }
            }
            if take(VoiceGestures.lot.map(ControlFrame.words)) != nil { return 2 }
            if take(VoiceGestures.bit.map(ControlFrame.words)) != nil { return 1 }
            return nil
        }

        /// "A full stop": the unit's steps, taken before "full" can be read as the top.
        mutating func fullUnit(_ units: [StepUnit]) -> Int? {
            let perUnit = Dictionary(units.flatMap { unit in unit.forms.map { ($0, unit.steps) } }, uniquingKeysWith: { a, _ in a })
            for at in clause.dropLast() where words[at] == "full" && !used.contains(at) {
                guard let unit = perUnit[words[at + 1]], !used.contains(at + 1) else { continue }
                used.formUnion([at, at + 1])
                if at > clause.lowerBound, ["a", "one"].contains(words[at - 1]) { used.insert(at - 1) }
                return unit
            }
            return nil
        }

        /// A number of steps said alone right after a direction: "down *one*", "back *by one*".
        mutating func bareCount(after directions: [Int]) -> Int? {
            for var at in directions.map({ $0 + 1 }) where clause.contains(at) && !used.contains(at) {
                if words[at] == "by", at + 1 < clause.upperBound, !used.contains(at + 1) {
                    used.insert(at)
                    at += 1
                }
                guard let number = Self.stepCount(words[at]), words[at] != "a", words[at] != "an" else { continue }
                used.insert(at)
                return number
            }
            return nil
        }

        /// The longest span its recognizer reads whole as a value of `kind`, taken; nil, and `failed`, when two
        /// different values are said.
        mutating func value(of kind: SettingKind, notAfter directions: [Int] = []) -> Range<Int>? {
            var value: Range<Int>?
            for start in clause where !used.contains(start) {
                if directions.contains(start - 1), Self.stepCount(words[start]) != nil,
                   start + 1 == clause.upperBound || used.contains(start + 1) { continue }
                if Self.isPronounOne(words, start, clause) || start + 1 < clause.upperBound && Self.isPronounOne(words, start + 1, clause) {
                    continue
                }
                for end in stride(from: min(clause.upperBound, start + VoiceGrammar.maximumSlotWords), to: start, by: -1)
                where (start..<end).allSatisfy({ !used.contains($0) }) && SlotRecognizer.match(kind, words[start..<end]) == .exact {
                    // The same value said twice, in the same words or others ("4:3 like an old tv"), is one.
                    if let value, !words[value].elementsEqual(words[start..<end]), !Self.same(kind, words[value], words[start..<end]) {
                        failed = true
                        return nil
                    }
                    value = value ?? start..<end
                    used.formUnion(start..<end)
                    break
                }
            }
            return value
        }

        /// True when two spans hold the same value of `kind` for a body fresh from the factory.
        static func same(_ kind: SettingKind, _ a: ArraySlice<String>, _ b: ArraySlice<String>) -> Bool {
            let resolver = SlotRecognizer.neutralResolver
            guard let first = try? resolver.resolve(kind, .string(a.joined(separator: " "))) else { return false }
            return (try? resolver.resolve(kind, .string(b.joined(separator: " ")))) == first
        }

        /// True when no word left says anything of what to do: each carries nothing, links a gesture, or is unknown to
        /// the camera and either opens the clause as its verb or, in a look, describes it.
        func restSaysNothing(allowingLeadingVerb: Bool, describing: Bool = false) -> Bool {
            var unknown = 0
            let purpose = purposeStart
            for at in clause where !used.contains(at) {
                let word = words[at]
                if gestureWords.contains(word) || stepWords.contains(word) || bodyAdjectives.contains(word) { continue }
                if Self.isPronounOne(words, at, clause) { continue }
                // A word of the named control's own names: "the wheel thing with the *years* on it".
                if namedWords.contains(word) { continue }
                if describing, lookNouns.contains(word) { continue }
                // The verb that opens the clause, whatever it is: "*roll* the decade wheel forward one click".
                let opens = clause[clause.lowerBound..<at].allSatisfy { CameraWords.freeWords.contains(words[$0]) }
                if allowingLeadingVerb && opens && !CameraWords.takeOpeners.subtracting(handVerbs).contains(word) && !saysVerb { continue }
                if let purpose, at > purpose { continue }
                switch CameraWords.leftover(word) {
                case .free: continue
                case .camera: return false
                case .unknown:
                    unknown += 1
                    if !describing || unknown > CameraWords.maximumDescribing { return false }
                }
            }
            return true
        }

        /// True when a verb of the gestures is said: no other word is then read as the verb ("*Sarah* switch the lamp on").
        var saysVerb: Bool {
            clause.contains { !used.contains($0) && (setVerbs.contains(words[$0]) || VoiceGestures.nudge.contains(words[$0])) }
        }

        /// Where a purpose or a place begins: a preposition and what follows, when it holds nothing the camera knows
        /// ("for these vacation shots", "on the birthday girl"); nil when there is none.
        var purposeStart: Int? {
            clause.first { at in
                let tail = (at + 1)..<clause.upperBound
                return tailOpeners.contains(words[at]) && !used.contains(at) && !tail.isEmpty
                    && tail.allSatisfy { !used.contains($0) && CameraWords.leftover(words[$0]) != .camera }
            }
        }

        /// True when "one" at `at` stands for a thing, not a number: "the next *one*", "the *one* on the right".
        static func isPronounOne(_ words: [String], _ at: Int, _ clause: Range<Int>) -> Bool {
            words[at] == "one" && at > clause.lowerBound && ["next", "previous", "last", "other", "that", "this", "the"].contains(words[at - 1])
        }

        /// A count of steps said as a word or digits, one to three.
        static func stepCount(_ word: String) -> Int? {
            ["a": 1, "an": 1, "one": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3, "couple": 2][word]
        }

        /// A count said before a unit: a number, or what a recognizer writes for "two" before a plural ("back *to* decades").
        static func stepCount(_ word: String, before unit: String) -> Int? {
            stepCount(word) ?? (["to", "too"].contains(word) && unit.hasSuffix("s") ? 2 : nil)
        }
    }
}
