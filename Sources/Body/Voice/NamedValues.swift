/// The words that name values rather than count them — named eras, black and white, the frame formats'
/// names and ratios, the two cameras — listed once for the rows of `ControlTable`.

/// Named eras and what people call the present, by the decade they mean.
public enum DecadeWords {
    /// "the roaring twenties", "Y2K", "present day", the wheel's captions ("Super 8 summers"): each with its decade's name.
    public static let eras: [ValueWord] = named + captions(of: .standard).filter { caption in !named.contains { $0.spoken == caption.spoken } }

    /// The eras people name, besides the wheel's captions.
    private static let named: [ValueWord] = [
        ("edwardian era", 1900), ("brownie years", 1900),
        ("silent era", 1910), ("silent film era", 1910), ("silent movie era", 1910), ("silent screen", 1910),
        ("roaring twenties", 1920), ("roaring 20s", 1920), ("jazz age", 1920), ("flapper era", 1920),
        ("great depression", 1930), ("depression era", 1930), ("golden age of hollywood", 1930), ("hollywood golden age", 1930),
        ("swinging sixties", 1960), ("swinging 60s", 1960), ("disco era", 1970), ("camcorder era", 1980),
        ("y2k", 2000), ("y2k era", 2000), ("millennium", 2000), ("new millennium", 2000), ("turn of the millennium", 2000),
        ("present", 2020), ("present day", 2020), ("modern day", 2020), ("modern", 2020), ("modern times", 2020),
        ("today", 2020), ("nowadays", 2020), ("current day", 2020), ("contemporary", 2020),
    ].map { ValueWord($0.0, "\($0.1)s") }

    /// Each decade by the caption the wheel speaks after its name ("1930s, Hollywood's golden age", "2020s, Clean and
    /// sharp"), but for a caption that is also the name of a dial entry ("Film noir"), which names the entry.
    static func captions(of catalog: Catalog) -> [ValueWord] {
        let entries = Set(catalog.decades.flatMap { $0.technologies.map(\.name) + $0.styles.map(\.name) }.map { $0.lowercased() })
        return catalog.decades.compactMap { decade in
            // Apostrophes go as the matcher drops them: "hollywoods golden age".
            var caption = String(decade.caption.lowercased().filter { $0 != "'" && $0 != "\u{2019}" })
            if caption.hasPrefix("the ") { caption.removeFirst(4) }
            return entries.contains(caption) ? nil : ValueWord(caption, decade.name)
        }
    }
}

/// What people call a monochrome picture, which the TECHNOLOGY/STYLE dial reads as its nearest
/// black-and-white entry.
public enum StyleWords {
    /// The value they all stand for.
    public static let blackAndWhite = "black and white"
    /// "black and white", "b and w", "monochrome", …
    public static let monochrome = ["black and white", "b and w", "bw", "monochrome", "greyscale", "grayscale",
                                    "black white", "black and white film"]
}

/// The frame formats by their ratios and names.
public enum FormatWords {
    /// Every word of every format, with the format it names.
    public static let all: [ValueWord] =
        ValueWord.forms(ratio(["4", "four"], ["3", "three"])
                        + ["4x3", "four three", "1.33", "1.33:1", "standard", "academy", "normal", "classic", "tv", "full screen",
                           "fullscreen", "boxy", "boxier", "squarish", "square ish", "squarer", "more square", "old tv", "old telly",
                           "telly", "tube tv"],
                        FrameFormat.academy.rawValue)
        + ValueWord.forms(ratio(["16", "sixteen"], ["9", "nine"])
                          + ["16x9", "sixteen nine", "1.78", "1.78:1", "wide", "widescreen", "wide screen", "hd"],
                          FrameFormat.widescreen.rawValue)
        + ValueWord.forms(scopeRatios + scopeRatios.filter { $0.split(separator: " ").count <= 3 }.map { "widescreen " + $0 }
                          + ["2.39", "2.35", "two point three nine", "two point three five", "scope", "cinemascope",
                             "cinema scope", "anamorphic", "panavision", "ultra wide", "ultrawide", "letterbox", "letterboxed",
                             "letter box", "cinematic", "movie theater", "movie theatre", "super wide", "extra wide", "very wide",
                             "really wide", "super widescreen", "two three nine", "239", "black bars", "cinema bars", "movie bars",
                             "movie black bars", "letterbox bars", "bars", "2.39 widescreen", "2.39 wide", "widescreen 2.39",
                             "2.35 widescreen"],
                          FrameFormat.scope.rawValue)

    /// 2.39:1 and its neighbours as ratios: "2.39 to one", "two point three five by one".
    private static let scopeRatios = ratio(["2.39", "two point three nine", "two point thirty nine", "2 point 39", "two thirty nine",
                                            "2.35", "two point three five", "two point thirty five", "2 point 35", "2.4", "2.40",
                                            "two point four", "two point four oh"], ["1", "one"])

    /// A ratio as people say it: each side in digits or in words, joined by a colon, "by", "to", "x",
    /// "on", "over", "for" (a recognizer's "four"), a slash or a pause: "2.39 to one", "four on three".
    static func ratio(_ left: [String], _ right: [String]) -> [String] {
        let joins = [":", " ", " by ", " to ", " x ", " on ", " over ", " for ", "/"]
        return left.flatMap { left in right.flatMap { right in joins.map { left + $0 + right } } }
    }
}

/// The two cameras FLIP switches between, by what people call them.
public enum FacingWords {
    /// Every word for each side, with the side.
    public static let all: [ValueWord] =
        ValueWord.forms(["front", "selfie", "user", "user facing", "front facing", "forward facing", "inner", "inside", "front side", "front lens"],
                        Facing.front.rawValue)
        + ValueWord.forms(["back", "rear", "main", "world", "world facing", "back facing", "rear facing", "outer", "outside", "behind", "back side", "back lens", "rear lens"],
                          Facing.back.rawValue)
}
