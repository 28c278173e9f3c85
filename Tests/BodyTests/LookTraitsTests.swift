import Testing
@testable import Body

@Suite struct LookTraitsTests {
    static let looks: [LookTraits] = Catalog.standard.decades.flatMap { decade in
        decade.technologies.map(\.look) + decade.styles.map(\.look)
    }

    @Test(arguments: looks)
    func degreeTwelveIsTheFullEra(_ look: LookTraits) {
        #expect(look.scaled(degree: 12) == look)
    }

    @Test(arguments: looks)
    func degreeOneIsAHint(_ look: LookTraits) {
        let hint = look.scaled(degree: 1)
        let clean = LookTraits.clean
        #expect(!hint.monochrome)
        for (full, scaled, base) in Self.traits(look, hint, clean) {
            #expect(abs(scaled - base) <= abs(full - base) / 12 + 1e-9)
        }
    }

    @Test(arguments: looks)
    func strengthGrowsWithTheDegree(_ look: LookTraits) {
        let clean = LookTraits.clean
        var previous = look.scaled(degree: 1)
        for degree in 2...12 {
            let next = look.scaled(degree: degree)
            for (now, before, base) in Self.traits(next, previous, clean) {
                #expect(abs(now - base) >= abs(before - base) - 1e-9)
            }
            previous = next
        }
    }

    @Test func monochromeErasTurnGreyFromDegreeNine() throws {
        let silent = try #require(Catalog.standard.decade(year: 1920)?.technology(id: "hand-cranked-35mm")).look
        #expect(!silent.scaled(degree: 8).monochrome)
        #expect(silent.scaled(degree: 9).monochrome)
        #expect(silent.scaled(degree: 6).saturation == 0.5)
    }

    @Test(arguments: [(0, 1), (-40, 1), (13, 12), (Int.max, 12), (Int.min, 1)])
    func degreesOutsideTheDialAreClamped(_ row: (given: Int, used: Int)) throws {
        let look = try #require(Self.looks.first)
        #expect(look.scaled(degree: row.given) == look.scaled(degree: row.used))
    }

    @Test func cleanStaysClean() {
        for degree in 1...12 {
            #expect(LookTraits.clean.scaled(degree: degree) == .clean)
        }
    }

    @Test func bodyLookFollowsModeAndDegree() throws {
        var body = CameraBody()
        try body.setDegree(12)
        #expect(body.look == body.technology.look)
        body.setMode(.still)
        #expect(body.look == body.style.look)
        try body.setDegree(3)
        #expect(body.look == body.style.look.scaled(degree: 3))
    }

    /// The numeric traits of three looks, side by side.
    static func traits(_ a: LookTraits, _ b: LookTraits, _ c: LookTraits) -> [(Double, Double, Double)] {
        let paths: [KeyPath<LookTraits, Double>] = [\.sepia, \.saturation, \.contrast, \.warmth, \.grain, \.damage,
                                                    \.colourBleed, \.softness, \.vignette]
        return paths.map { (a[keyPath: $0], b[keyPath: $0], c[keyPath: $0]) }
    }
}
