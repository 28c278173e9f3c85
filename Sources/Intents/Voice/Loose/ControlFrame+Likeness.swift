import Body

/// A frame format asked for by what it looks like, when no value of it is said whole: "make it wide like at the
/// cinema", "the boxy old TV shape", "those black bars like a real movie", "the format of cinema, two point three nine".
extension ControlFrame {
    /// Words that say a format is the cinema's or the old television's, with the format each says. Not "square", which
    /// asks for 1:1, a format the camera does not have.
    static let formatLikenesses: [String: FrameFormat] = Dictionary(uniqueKeysWithValues:
        ["cinema", "cinemas", "movie", "movies", "theater", "theatre", "theaters", "theatres", "odeon", "multiplex",
         "letterboxed", "letterbox", "anamorphic", "scope", "imax", "blockbuster", "hollywood"].map { ($0, FrameFormat.scope) }
        + ["tv", "television", "televisions", "telly", "tube", "boxy", "boxier", "squarish", "squarer"]
            .map { ($0, FrameFormat.academy) })

    /// Words that say the picture's shape is meant: at least one is said with a likeness.
    static let shapeWords: Set<String> = ["shape", "format", "frame", "ratio", "aspect", "wide", "wider", "widescreen", "bars",
                                          "letterboxed", "letterbox", "boxy", "boxier", "squarish", "squarer"]

    /// Where bars of the frame are: "black bars at the *top* and *bottom*".
    static let framePlaces: Set<String> = ["top", "bottom", "sides", "side", "edges", "edge", "above", "below"]

    /// Words that compare, before a likeness: "like at the cinema", "the format *of* cinema".
    static let comparing: Set<String> = ["like", "as", "of"]

    /// The format one clause asks for by likeness, or nil: one format only, said with a shape word, each likeness said
    /// as a comparison or beside the shape ("cinema bars", "TV shape"), and nothing else the camera knows. The plain
    /// "wide" of 16:9 gives way to a cinema likeness ("really wide like at the cinema" is 2.39:1).
    static func formatByLikeness(_ words: [String], _ clause: Range<Int>,
                                 covering names: [(range: Range<Int>, name: Name)]) -> VoiceMatcher.Command? {
        guard names.allSatisfy({ $0.name.kind == .format }),
              !words[clause].contains(where: { CameraWords.statements.contains($0) || CameraWords.reporting.contains($0)
                  || CameraWords.negations.contains($0) || CameraWords.otherThings.subtracting(formatLikenesses.keys).contains($0) })
        else { return nil }
        var reading = Reading(words: words, clause: clause, used: Set(names.flatMap { Array($0.range) }))
        var said: Set<FrameFormat> = []
        var plainWide = false
        // Values said whole, longest first: "2.39 to 1", "four by three", "widescreen".
        for start in clause where !reading.used.contains(start) {
            for end in stride(from: min(clause.upperBound, start + VoiceGrammar.maximumSlotWords), to: start, by: -1)
            where (start..<end).allSatisfy({ !reading.used.contains($0) }) && SlotRecognizer.match(.format, words[start..<end]) == .exact {
                guard case .format(let format)? = try? SlotRecognizer.neutralResolver.resolve(.format, .string(words[start..<end].joined(separator: " ")))
                else { break }
                if format == .widescreen, words[start..<end].allSatisfy(shapeWords.contains) { plainWide = true } else { said.insert(format) }
                reading.used.formUnion(start..<end)
                break
            }
        }
        var shaped = names.contains { $0.name.kind == .format } || clause.contains { reading.used.contains($0) && shapeWords.contains(words[$0]) }
        for at in clause where !reading.used.contains(at) {
            guard let format = formatLikenesses[words[at]] else {
                if shapeWords.contains(words[at]) { reading.used.insert(at); shaped = true }
                continue
            }
            let beside = [at - 1, at + 1].contains { clause.contains($0) && shapeWords.contains(words[$0]) }
            let compared = clause[max(clause.lowerBound, at - 3)..<at].contains { comparing.contains(words[$0]) }
            guard beside || compared || shapeWords.contains(words[at]) else { return nil }
            said.insert(format)
            reading.used.insert(at)
            shaped = shaped || shapeWords.contains(words[at])
        }
        if said.isEmpty, plainWide { said.insert(.widescreen) }
        guard shaped, said.count == 1, let format = said.first else { return nil }
        // Words the camera does not know may describe the likeness only when it is said as one: "like *a real* movie",
        // not "my old boxy TV *finally died*".
        let likened = words[clause].contains { ["like", "as"].contains($0) }
        _ = reading.takeAll(comparing.union(lookWords).union(VoiceMatcher.joiners).union(framePlaces).union(["one", "ones", "at", "in"]))
        guard reading.restSaysNothing(allowingLeadingVerb: true, describing: likened) else { return nil }
        return VoiceMatcher.Command(words: clause, candidates: [VoiceGrammar.Candidate(
            intent: .setFormat, slot: nil, values: [IntentParameter.value: format.rawValue], literalCount: reading.used.count,
            exact: true, sentence: 0)])
    }
}
