import Testing
@testable import Body

@Suite struct CatalogTests {
    static let catalog = Catalog.standard

    @Test func thirteenDecadesFrom1900To2020() {
        #expect(Self.catalog.decades.count == 13)
        #expect(Self.catalog.decades.map(\.year) == Array(stride(from: 1900, through: 2020, by: 10)))
        #expect(Self.catalog.range == 1900...2020)
        #expect(Self.catalog.decades.map(\.name).first == "1900s")
        #expect(Self.catalog.decades.map(\.name).last == "2020s")
    }

    @Test(arguments: [(1900, 1900), (1975, 1970), (2029, 2020), (1909, 1900)])
    func decadeByAnyYearInIt(_ row: (year: Int, decade: Int)) {
        #expect(Self.catalog.decade(year: row.year)?.year == row.decade)
    }

    @Test(arguments: [1899, 2030, 0, -1900, Int.max, Int.min])
    func noDecadeOutsideTheWheel(_ year: Int) {
        #expect(Self.catalog.decade(year: year) == nil)
    }

    @Test(arguments: Catalog.standard.decades.map(\.year))
    func decadeIsComplete(_ year: Int) throws {
        let decade = try #require(Self.catalog.decade(year: year))
        #expect(decade.name == "\(year)s")
        #expect(!decade.caption.isEmpty)
        #expect(!decade.technologies.isEmpty)
        #expect(!decade.styles.isEmpty)
        #expect(decade.facts.count >= 3)
        for fact in decade.facts {
            #expect(fact.hasSuffix("."), "a fact is a sentence: \(fact)")
        }
    }

    @Test(arguments: Catalog.standard.decades.map(\.year))
    func technologiesAreRealForTheirDecade(_ year: Int) throws {
        let decade = try #require(Self.catalog.decade(year: year))
        #expect(Set(decade.technologies.map(\.id)).count == decade.technologies.count, "ids unique in \(year)s")
        #expect(Set(decade.technologies.map { $0.name.lowercased() }).count == decade.technologies.count)
        for technology in decade.technologies {
            #expect(technology.introduced <= year + 9, "\(technology.name) came out by the end of the \(year)s")
            #expect(technology.introduced >= 1890)
            #expect(technology.medium.runningMinutes > 0)
            #expect(!technology.medium.name.isEmpty)
            #expect(!technology.note.isEmpty && !technology.synonyms.isEmpty)
            #expect(Self.isIdentifier(technology.id), "\(technology.id) is lowercase-hyphen")
            #expect(Self.isSound(technology.look), "\(technology.name)'s look is within its ranges")
        }
    }

    @Test(arguments: Catalog.standard.decades.map(\.year))
    func stylesAreWellFormed(_ year: Int) throws {
        let decade = try #require(Self.catalog.decade(year: year))
        #expect(Set(decade.styles.map(\.id)).count == decade.styles.count, "ids unique in \(year)s")
        #expect(Set(decade.styles.map { $0.name.lowercased() }).count == decade.styles.count)
        for style in decade.styles {
            #expect(!style.note.isEmpty && !style.synonyms.isEmpty)
            #expect(Self.isIdentifier(style.id), "\(style.id) is lowercase-hyphen")
            #expect(Self.isSound(style.look), "\(style.name)'s look is within its ranges")
        }
    }

    @Test func twoStylesShareAWordSoAResolverCanSayAmbiguous() throws {
        let seventies = try #require(Self.catalog.decade(year: 1970))
        let polaroids = seventies.styles.filter { $0.name.lowercased().split(separator: " ").contains("polaroid") }
        #expect(polaroids.map(\.id) == ["polaroid-sx-70", "polaroid-pack-film"])
        let supers = seventies.technologies.filter { $0.name.hasPrefix("Super 8") }
        #expect(supers.count == 2)
    }

    static let runningTimes: [(id: String, year: Int, minutes: Double)] = [
        ("super-8", 1970, 3 + 1.0 / 3),        // 50 ft at 18 fps: 3 min 20 s
        ("super-8-sound", 1970, 2.5),          // 50 ft at 24 fps
        ("single-8", 1960, 3 + 1.0 / 3),
        ("16mm", 1920, 4 + 1.0 / 6),           // 100 ft at 16 fps: 4 min 10 s
        ("regular-8", 1950, 4 + 1.0 / 6),      // 25 ft double-8, both sides, 16 fps
        ("pathe-baby", 1920, 1.25),
        ("hand-cranked-35mm", 1900, 6 + 2.0 / 3),
        ("vhs", 1980, 120),
        ("vhs-c", 1980, 20),
        ("video8", 1980, 90),
        ("hi8", 1990, 120),
        ("minidv", 1990, 60),
        ("digital8", 1990, 60),
    ]

    @Test(arguments: runningTimes)
    func mediaRunForRealLengths(_ row: (id: String, year: Int, minutes: Double)) throws {
        let technology = try #require(Self.catalog.decade(year: row.year)?.technology(id: row.id))
        #expect(abs(technology.medium.runningMinutes - row.minutes) < 0.001)
        #expect(!technology.medium.isNominal)
    }

    @Test func sixteenMillimetreAtSoundSpeedRunsTwoMinutesFortySeven() {
        #expect(abs(Medium.spool16mmSound.runningMinutes * 60 - 166.67) < 0.01)
    }

    @Test func digitalMediaAreNominal() throws {
        let twentyTwenties = try #require(Self.catalog.decade(year: 2020))
        #expect(twentyTwenties.technologies.allSatisfy { $0.medium.isNominal })
        let twentyTens = try #require(Self.catalog.decade(year: 2010))
        #expect(twentyTens.technologies.allSatisfy { $0.medium.isNominal })
    }

    @Test func eraLooksGoFromDamagedMonochromeToClean() throws {
        let twenties = try #require(Self.catalog.decade(year: 1920)?.technology(id: "hand-cranked-35mm"))
        #expect(twenties.look.monochrome && twenties.look.damage >= 0.7)
        let vhs = try #require(Self.catalog.decade(year: 1980)?.technology(id: "vhs"))
        #expect(vhs.look.colourBleed >= 0.5 && vhs.look.softness >= 0.5 && !vhs.look.monochrome)
        let clean = try #require(Self.catalog.decade(year: 2020)?.style(id: "clean"))
        #expect(clean.look == .clean)
    }

    static func isIdentifier(_ id: String) -> Bool {
        !id.isEmpty && !id.hasPrefix("-") && !id.hasSuffix("-")
            && id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    static func isSound(_ look: LookTraits) -> Bool {
        let unit: ClosedRange<Double> = 0...1
        return unit.contains(look.sepia) && (0...2).contains(look.saturation) && (0...2).contains(look.contrast)
            && (-1...1).contains(look.warmth) && unit.contains(look.grain) && unit.contains(look.damage)
            && unit.contains(look.colourBleed) && unit.contains(look.softness) && unit.contains(look.vignette)
            && (!look.monochrome || look.saturation == 0)
    }
}
