/// The 1940s to the 1960s: Kodachrome, instant pictures, and home movies in a cartridge.
extension Technology {
    /// Kodak's Super 8, silent, 18 frames a second.
    static func super8(damage: Double) -> Technology {
        Technology(
            id: "super-8", name: "Super 8",
            synonyms: ["super eight", "super 8mm", "super8"],
            introduced: 1965, medium: .super8Cartridge,
            look: LookTraits(saturation: 1.25, contrast: 1.15, warmth: 0.35, grain: 0.7, damage: damage,
                             softness: 0.45, vignette: 0.4),
            note: "Kodak's Super 8 of 1965 comes in a cartridge that drops into the camera, "
                + "with a larger frame than Regular 8.")
    }

    /// Fujifilm's Single 8.
    static func single8(damage: Double) -> Technology {
        Technology(
            id: "single-8", name: "Single 8",
            synonyms: ["single eight", "fuji single 8", "fujica"],
            introduced: 1965, medium: .single8Cassette,
            look: LookTraits(saturation: 1.15, contrast: 1.1, warmth: 0.1, grain: 0.65, damage: damage,
                             softness: 0.45, vignette: 0.4),
            note: "Fujifilm's Single 8 of 1965 has the same frame as Super 8, "
                + "on a thinner polyester film in a cassette of its own.")
    }

    /// Sony's portable black-and-white video recorder.
    static func videoPortapak(damage: Double) -> Technology {
        Technology(
            id: "portapak", name: "Video Portapak",
            synonyms: ["portapak", "porta pak", "sony portapak", "portable video"],
            introduced: 1967, medium: .portapakReel,
            look: LookTraits(monochrome: true, saturation: 0, contrast: 1.35, grain: 0.5, damage: damage,
                             colourBleed: 0.2, softness: 0.6, vignette: 0.2),
            note: "Sony's Portapak of 1967 recorded black-and-white video on half-inch tape, "
                + "with the recorder carried on a shoulder strap.")
    }
}

extension Decade {
    /// The 1940s.
    static let d1940s = Decade(
        year: 1940, caption: "Film noir",
        technologies: [.kodachrome16mm(damage: 0.45), .regular8(monochrome: false, damage: 0.5),
                       .cineKodak16mm(damage: 0.5)],
        styles: [
            Style(id: "film-noir", name: "Film noir",
                  synonyms: ["noir", "crime film", "hard shadows"],
                  look: LookTraits(monochrome: true, saturation: 0, contrast: 1.7, grain: 0.45, damage: 0.15,
                                   softness: 0.1, vignette: 0.7),
                  note: "A style, not a camera: the hard light and deep shadows of Hollywood's 1940s crime films."),
            Style(id: "press-flash", name: "Press flash",
                  synonyms: ["press camera", "flash bulb", "speed graphic", "newspaper"],
                  look: LookTraits(monochrome: true, saturation: 0, contrast: 1.55, grain: 0.4, damage: 0.2,
                                   softness: 0.1, vignette: 0.55),
                  note: "Press photographers worked with large-format cameras and flash bulbs."),
            Style(id: "kodachrome-slide", name: "Kodachrome slide",
                  synonyms: ["kodachrome", "slide", "colour slide", "color slide"],
                  look: LookTraits(saturation: 1.35, contrast: 1.25, warmth: 0.2, grain: 0.3, damage: 0.15,
                                   softness: 0.15, vignette: 0.3),
                  note: "Kodachrome slides gave rich colour that lasts for decades in the dark."),
            Style(id: "polaroid-land-print", name: "Polaroid Land print",
                  synonyms: ["polaroid", "land camera", "instant", "model 95"],
                  look: LookTraits(monochrome: true, sepia: 0.75, saturation: 0, contrast: 1.05, grain: 0.3,
                                   damage: 0.2, softness: 0.35, vignette: 0.45),
                  note: "The Polaroid Land Camera Model 95 of 1948 made a finished print in about a minute; "
                      + "its first film gave brown-toned pictures."),
        ],
        facts: [
            "Citizen Kane, released in 1941, is famous for Gregg Toland's deep-focus photography.",
            "John Ford's The Battle of Midway of 1942 was filmed on 16mm colour film.",
            "The French critic Nino Frank called Hollywood's dark crime films film noir in 1946.",
            "Edwin Land showed instant photography in 1947; the Polaroid Land Camera went on sale in 1948.",
        ])

    /// The 1950s.
    static let d1950s = Decade(
        year: 1950, caption: "Kodachrome and chrome",
        technologies: [.regular8(monochrome: false, damage: 0.45), .kodachrome16mm(damage: 0.4)],
        styles: [
            Style(id: "kodachrome-slide", name: "Kodachrome slide",
                  synonyms: ["kodachrome", "slide", "colour slide", "color slide"],
                  look: LookTraits(saturation: 1.4, contrast: 1.25, warmth: 0.25, grain: 0.3, damage: 0.15,
                                   softness: 0.15, vignette: 0.3),
                  note: "Family slide shows of Kodachrome transparencies were a fixture of the decade."),
            Style(id: "brownie-hawkeye", name: "Brownie Hawkeye",
                  synonyms: ["hawkeye", "brownie", "box camera"],
                  look: LookTraits(monochrome: true, saturation: 0, contrast: 1.2, grain: 0.45, damage: 0.3,
                                   softness: 0.4, vignette: 0.65),
                  note: "Kodak's moulded plastic Brownie Hawkeye, from 1949, took square pictures "
                      + "on 620 roll film."),
            Style(id: "polaroid-land-print", name: "Polaroid Land print",
                  synonyms: ["polaroid", "land camera", "instant"],
                  look: LookTraits(monochrome: true, saturation: 0, contrast: 1.15, grain: 0.3, damage: 0.2,
                                   softness: 0.3, vignette: 0.4),
                  note: "Polaroid's black-and-white instant film arrived in 1950."),
            Style(id: "stereo-realist", name: "Stereo Realist",
                  synonyms: ["stereo", "3d", "three d", "realist"],
                  look: LookTraits(saturation: 1.3, contrast: 1.2, warmth: 0.2, grain: 0.3, damage: 0.15,
                                   softness: 0.2, vignette: 0.45),
                  note: "The Stereo Realist, from 1947, took pairs of 35mm slides to view in 3-D."),
        ],
        facts: [
            "Polaroid brought out black-and-white instant film in 1950.",
            "CinemaScope widescreen made its debut with The Robe in 1953.",
            "Ampex showed the first practical video tape recorder in 1956.",
            "Stereo cameras such as the Stereo Realist made 3-D slides a craze in the early 1950s.",
        ])

    /// The 1960s.
    static let d1960s = Decade(
        year: 1960, caption: "Super 8 summers",
        technologies: [.super8(damage: 0.4), .single8(damage: 0.4), .regular8(monochrome: false, damage: 0.45),
                       .videoPortapak(damage: 0.3)],
        styles: [
            Style(id: "kodak-instamatic", name: "Kodak Instamatic",
                  synonyms: ["instamatic", "126", "cartridge camera"],
                  look: LookTraits(saturation: 1.2, contrast: 1.1, warmth: 0.3, grain: 0.5, damage: 0.2,
                                   softness: 0.35, vignette: 0.45),
                  note: "Kodak's Instamatic of 1963 took a drop-in 126 cartridge and made square pictures."),
            Style(id: "polaroid-polacolor", name: "Polaroid Polacolor",
                  synonyms: ["polacolor", "polaroid colour", "polaroid color", "peel apart"],
                  look: LookTraits(saturation: 0.9, contrast: 0.95, warmth: 0.3, grain: 0.3, damage: 0.15,
                                   softness: 0.35, vignette: 0.35),
                  note: "Polaroid's Polacolor of 1963 was the first instant colour film; "
                      + "the print was peeled from its negative."),
            Style(id: "polaroid-swinger", name: "Polaroid Swinger",
                  synonyms: ["swinger", "polaroid black and white"],
                  look: LookTraits(monochrome: true, saturation: 0, contrast: 1.1, grain: 0.35, damage: 0.2,
                                   softness: 0.4, vignette: 0.5),
                  note: "The low-priced Polaroid Swinger of 1965 made small black-and-white instant prints."),
            Style(id: "kodachrome-ii-slide", name: "Kodachrome II slide",
                  synonyms: ["kodachrome", "kodachrome two", "slide"],
                  look: LookTraits(saturation: 1.35, contrast: 1.2, warmth: 0.2, grain: 0.25, damage: 0.1,
                                   softness: 0.1, vignette: 0.25),
                  note: "Kodachrome II, from 1961, was faster and sharper than the original Kodachrome."),
        ],
        facts: [
            "Kodak's Instamatic, with a drop-in 126 film cartridge, came out in 1963.",
            "Polaroid introduced Polacolor instant colour film in 1963.",
            "Kodak introduced Super 8 film in 1965, in a cartridge that loads without threading.",
            "Sony's Portapak, a video recorder one person could carry, appeared in 1967.",
            "The Apollo 11 moon landing was shown live on television in 1969.",
        ])
}
