/// Every decade on the wheel with its technologies, styles and facts.
public struct Catalog: Sendable, Equatable {
    /// The decades in wheel order, oldest first.
    public let decades: [Decade]

    /// Makes a catalog from decades in wheel order; it needs at least one.
    public init(decades: [Decade]) {
        precondition(!decades.isEmpty, "a catalog needs at least one decade")
        self.decades = decades
    }

    /// The shipped catalog: 1900s to 2020s.
    public static let standard = Catalog(decades: [
        .d1900s, .d1910s, .d1920s, .d1930s, .d1940s, .d1950s, .d1960s,
        .d1970s, .d1980s, .d1990s, .d2000s, .d2010s, .d2020s,
    ])

    /// The decade that holds `year`: 1970 and 1975 both give the 1970s.
    public func decade(year: Int) -> Decade? {
        decades.first { $0.contains(year: year) }
    }

    /// The first years of the first and last decades (1900...2020).
    public var range: ClosedRange<Int> { decades[0].year...decades[decades.count - 1].year }

    /// Where a decade sits on the wheel.
    public func index(of decade: Decade) -> Int? {
        decades.firstIndex { $0.year == decade.year }
    }

    /// The wheel's range as a spoken sentence: "Decade goes from the 1900s to the 2020s."
    public var rangeSentence: String {
        "Decade goes from the \(decades[0].name) to the \(decades[decades.count - 1].name)."
    }
}
