/// The words that name values rather than count them — named eras, black and white, the frame formats'
/// names and ratios, the two cameras — listed once for the rows of `ControlTable`.

/// Named eras and what people call the present, by the decade they mean.
public enum DecadeWords {
    /// "the roaring twenties", "Y2K", "present day": each with its decade's name.
    public static let eras: [ValueWord] = [
        ("edwardian era", 1900), ("brownie years", 1900),
        ("silent era", 1910), ("silent film era", 1910), ("silent movie era", 1910), ("silent screen", 1910),
        ("roaring twenties", 1920), ("roaring 20s", 1920), ("jazz age", 1920), ("flapper era", 1920),
        ("great depression", 1930), ("depression era", 1930), ("golden age of hollywood", 1930), ("hollywood golden age", 1930),
        ("swinging sixties", 1960), ("swinging 60s", 1960), ("disco era", 1970), ("camcorder era", 1980),
        ("y2k", 2000), ("y2k era", 2000), ("millennium", 2000), ("new millennium", 2000), ("turn of the millennium", 2000),
        ("present", 2020), ("present day", 2020), ("modern day", 2020), ("modern", 2020), ("modern times", 2020),
        ("today", 2020), ("nowadays", 2020), ("current day", 2020), ("contemporary", 2020),
    ].map { ValueWord($0.0, "\($0.1)s") }
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
        ValueWord.forms(["4:3", "4 3", "4 by 3", "4x3", "4/3", "four by three", "four three", "1.33", "1.33:1",
                         "standard", "academy", "normal", "classic", "tv", "full screen", "fullscreen", "4 to 3",
                         "four to three", "4 for 3", "four for three", "boxy", "squarish", "square ish", "old tv", "old telly",
                         "telly", "tube tv"],
                        FrameFormat.academy.rawValue)
        + ValueWord.forms(["16:9", "16 9", "16 by 9", "16x9", "16/9", "sixteen by nine", "sixteen nine", "1.78", "1.78:1",
                           "wide", "widescreen", "wide screen", "hd", "16 to 9", "sixteen to nine", "16 for 9", "sixteen for nine"], FrameFormat.widescreen.rawValue)
        + ValueWord.forms(["2.39:1", "2.39", "2.35:1", "2.35", "2.4:1", "2.40:1", "scope", "cinemascope", "cinema scope",
                           "anamorphic", "panavision", "ultra wide", "ultrawide", "letterbox", "letterboxed", "letter box",
                           "2.39 to 1", "2.35 to 1", "two point three nine", "two point three five", "cinematic", "movie theater",
                           "movie theatre", "super wide", "extra wide", "very wide", "really wide", "super widescreen"],
                          FrameFormat.scope.rawValue)
}

/// The two cameras FLIP switches between, by what people call them.
public enum FacingWords {
    /// Every word for each side, with the side.
    public static let all: [ValueWord] =
        ValueWord.forms(["front", "selfie", "user", "user facing", "front facing", "forward facing", "inner", "inside"],
                        Facing.front.rawValue)
        + ValueWord.forms(["back", "rear", "main", "world", "world facing", "back facing", "rear facing", "outer", "outside", "behind"],
                          Facing.back.rawValue)
}
