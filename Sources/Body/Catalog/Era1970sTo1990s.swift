/// The 1970s to the 1990s: Super 8 with sound, instant film, and home video from VHS to MiniDV.
extension Technology {
    /// Super 8 with a magnetic sound stripe.
    static let super8Sound = Technology(
        id: "super-8-sound", name: "Super 8 sound",
        synonyms: ["super eight sound", "sound super 8", "super 8 with sound", "super 8 with the sound stripe",
                   "super 8 with a sound stripe", "super 8 with sound stripe", "super 8 but with sound", "sound stripe"],
        introduced: 1973, medium: .super8SoundCartridge,
        look: LookTraits(saturation: 1.2, contrast: 1.15, warmth: 0.3, grain: 0.65, damage: 0.3,
                         softness: 0.4, vignette: 0.35),
        note: "Kodak brought sound to Super 8 in 1973: a magnetic stripe on the film records sound "
            + "as you shoot.")

    /// The compact VHS-C cassette.
    static func vhsC(damage: Double) -> Technology {
        Technology(
            id: "vhs-c", name: "VHS-C camcorder",
            synonyms: ["vhs c", "compact vhs", "vhs-c"],
            introduced: 1982, medium: .vhsCTC20,
            look: LookTraits(saturation: 1.1, contrast: 0.9, warmth: 0.05, grain: 0.45, damage: damage,
                             colourBleed: 0.8, softness: 0.7, vignette: 0.1),
            note: "JVC introduced the compact VHS-C cassette in 1982; its first VHS-C camcorder, the GR-C1, "
                + "followed in 1984. An adapter plays the tape in a home VHS recorder.")
    }

    /// Full-size VHS.
    static func vhs(damage: Double) -> Technology {
        Technology(
            id: "vhs", name: "VHS camcorder",
            synonyms: ["vhs", "video home system", "full size vhs", "videotape"],
            introduced: 1976, medium: .vhsT120,
            look: LookTraits(saturation: 1.1, contrast: 0.9, warmth: 0.05, grain: 0.45, damage: damage,
                             colourBleed: 0.8, softness: 0.7, vignette: 0.1),
            note: "JVC launched VHS in 1976. Home video cameras were first cabled to a portable recorder; "
                + "by the mid 1980s shoulder camcorders took the same full-size cassettes as the home deck.")
    }

    /// Sony's Betamovie, the first consumer camcorder.
    static let betamovie = Technology(
        id: "betamovie", name: "Betamovie",
        synonyms: ["beta movie", "betamax", "beta"],
        introduced: 1983, medium: .betaL500,
        look: LookTraits(saturation: 1.1, contrast: 0.95, warmth: 0.05, grain: 0.4, damage: 0.25,
                         colourBleed: 0.7, softness: 0.6, vignette: 0.1),
        note: "Sony's Betamovie of 1983 was the first consumer camcorder: a Betamax recorder and a camera "
            + "in one body, resting on the shoulder. It recorded but could not play back.")

    /// Sony's Video8.
    static func video8(damage: Double) -> Technology {
        Technology(
            id: "video8", name: "Video8",
            synonyms: ["video 8", "video eight", "8mm video", "handycam"],
            introduced: 1985, medium: .video8P690,
            look: LookTraits(saturation: 1.05, contrast: 0.95, warmth: 0.05, grain: 0.4, damage: damage,
                             colourBleed: 0.6, softness: 0.55, vignette: 0.1),
            note: "Video8 records on tape 8mm wide, in a cassette about the size of an audio cassette; "
                + "Sony's first Video8 Handycam came out in 1985.")
    }

    /// Sony's Hi8.
    static func hi8(damage: Double) -> Technology {
        Technology(
            id: "hi8", name: "Hi8",
            synonyms: ["hi 8", "high eight", "hi eight"],
            introduced: 1989, medium: .hi8P6120,
            look: LookTraits(saturation: 1.05, contrast: 1.0, warmth: 0.03, grain: 0.3, damage: damage,
                             colourBleed: 0.4, softness: 0.35, vignette: 0.05),
            note: "Hi8, from 1989, is a sharper Video8 on better tape.")
    }

    /// Digital video on MiniDV tape.
    static func miniDV(damage: Double) -> Technology {
        Technology(
            id: "minidv", name: "MiniDV",
            synonyms: ["mini dv", "dv", "digital video", "mini d v"],
            introduced: 1995, medium: .miniDV60,
            look: LookTraits(saturation: 1.05, contrast: 1.05, grain: 0.15, damage: damage, colourBleed: 0.15,
                             softness: 0.2, vignette: 0.05),
            note: "MiniDV, from 1995, records digital video on a tiny tape: copies lose nothing, "
                + "and the tape plugs into a computer over FireWire.")
    }
}

extension Decade {
    /// The 1970s.
    static let d1970s = Decade(
        year: 1970, caption: "Faded Polaroids",
        technologies: [.super8(damage: 0.35), .super8Sound, .single8(damage: 0.35), .videoPortapak(damage: 0.25)],
        styles: [
            Style(id: "polaroid-sx-70", name: "Polaroid SX-70",
                  synonyms: ["sx-70", "sx 70", "sx seventy", "polaroid", "instant", "sx 70 polaroid"],
                  look: LookTraits(saturation: 0.85, contrast: 0.9, warmth: 0.35, grain: 0.3, damage: 0.1,
                                   softness: 0.4, vignette: 0.35),
                  note: "Polaroid's folding SX-70 of 1972 ejects a print that develops in the light "
                      + "as you watch."),
            Style(id: "pocket-instamatic-110", name: "Pocket Instamatic 110",
                  synonyms: ["110", "one ten", "pocket instamatic", "instamatic"],
                  look: LookTraits(saturation: 1.15, contrast: 1.1, warmth: 0.35, grain: 0.75, damage: 0.15,
                                   softness: 0.5, vignette: 0.45),
                  note: "Kodak's Pocket Instamatic of 1972 used the small 110 cartridge: "
                      + "tiny negatives, grainy prints."),
            Style(id: "polaroid-pack-film", name: "Polaroid pack film",
                  synonyms: ["pack film", "peel apart", "polaroid", "colorpack"],
                  look: LookTraits(saturation: 0.9, contrast: 0.95, warmth: 0.25, grain: 0.3, damage: 0.15,
                                   softness: 0.35, vignette: 0.3),
                  note: "Polaroid's peel-apart pack film, on sale since 1963, separates the print "
                      + "from its negative after developing."),
            Style(id: "kodachrome-64-slide", name: "Kodachrome 64 slide",
                  synonyms: ["kodachrome 64", "kodachrome", "slide"],
                  look: LookTraits(saturation: 1.3, contrast: 1.2, warmth: 0.2, grain: 0.2, damage: 0.05,
                                   softness: 0.1, vignette: 0.2),
                  note: "Kodachrome 64 arrived in 1974."),
        ],
        facts: [
            "Polaroid's SX-70 camera, with self-developing integral film, was introduced in 1972.",
            "Kodak introduced the 110 Pocket Instamatic in 1972.",
            "Kodak brought sound to Super 8 film in 1973.",
            "JVC launched the VHS video cassette in Japan in 1976.",
            "Star Wars was released in 1977.",
        ])

    /// The 1980s.
    static let d1980s = Decade(
        year: 1980, caption: "The camcorder era",
        technologies: [.vhs(damage: 0.35), .vhsC(damage: 0.35), .betamovie, .video8(damage: 0.3), .hi8(damage: 0.2),
                       .super8(damage: 0.3)],
        styles: [
            Style(id: "disposable-camera", name: "Disposable camera",
                  synonyms: ["disposable", "single use", "quicksnap", "throwaway"],
                  look: LookTraits(saturation: 1.2, contrast: 1.2, warmth: 0.15, grain: 0.6, damage: 0.05,
                                   softness: 0.45, vignette: 0.55),
                  note: "Fujifilm's QuickSnap of 1986 was a film camera sold loaded, to be handed in whole "
                      + "for developing."),
            Style(id: "autofocus-compact", name: "Autofocus compact",
                  synonyms: ["point and shoot", "compact", "35mm compact", "flash snapshot"],
                  look: LookTraits(saturation: 1.2, contrast: 1.15, warmth: 0.1, grain: 0.45, damage: 0.05,
                                   softness: 0.25, vignette: 0.35),
                  note: "Konica's C35 AF of 1977 was the first autofocus compact; in the 1980s, compacts "
                      + "that focused themselves and had a built-in flash became the family camera."),
            Style(id: "kodak-disc", name: "Kodak Disc",
                  synonyms: ["disc", "disc camera", "disc film"],
                  look: LookTraits(saturation: 1.1, contrast: 1.1, warmth: 0.15, grain: 0.85, damage: 0.05,
                                   softness: 0.6, vignette: 0.4),
                  note: "Kodak's Disc of 1982 put 15 tiny negatives on a flat disc; prints came out grainy."),
            Style(id: "polaroid-600", name: "Polaroid 600",
                  synonyms: ["600", "polaroid", "instant"],
                  look: LookTraits(saturation: 0.95, contrast: 1.0, warmth: 0.2, grain: 0.3, damage: 0.05,
                                   softness: 0.35, vignette: 0.3),
                  note: "Polaroid's faster 600 instant film came out in 1981, with cameras that had "
                      + "the flash built in."),
        ],
        facts: [
            "JVC introduced the compact VHS-C cassette in 1982.",
            "Sony's Betamovie of 1983 was the first consumer camcorder.",
            "Sony's first Video8 Handycam came out in 1985.",
            "Fujifilm introduced the QuickSnap single-use camera in 1986.",
            "Sony introduced Hi8 in 1989.",
        ])

    /// The 1990s.
    static let d1990s = Decade(
        year: 1990, caption: "MiniDV and disposables",
        technologies: [.hi8(damage: 0.15), .vhsC(damage: 0.3), .video8(damage: 0.25), .miniDV(damage: 0.05),
                       Technology(
                           id: "digital8", name: "Digital8",
                           synonyms: ["digital 8", "digital eight"],
                           introduced: 1999, medium: .digital8OnHi8,
                           look: LookTraits(saturation: 1.05, contrast: 1.05, grain: 0.15, damage: 0.05,
                                            colourBleed: 0.15, softness: 0.2, vignette: 0.05),
                           note: "Sony's Digital8 of 1999 records digital video on Hi8 tapes, and most "
                               + "Digital8 camcorders play old Video8 and Hi8 tapes too.")],
        styles: [
            Style(id: "disposable-camera", name: "Disposable camera",
                  synonyms: ["disposable", "single use", "throwaway"],
                  look: LookTraits(saturation: 1.2, contrast: 1.2, warmth: 0.1, grain: 0.55, damage: 0.05,
                                   softness: 0.4, vignette: 0.5),
                  note: "Single-use cameras were handed round at weddings and taken on holidays."),
            Style(id: "aps", name: "APS",
                  synonyms: ["advanced photo system", "advantix", "a p s"],
                  look: LookTraits(saturation: 1.15, contrast: 1.1, warmth: 0.05, grain: 0.45, damage: 0.02,
                                   softness: 0.25, vignette: 0.25),
                  note: "The Advanced Photo System of 1996 used a drop-in film cartridge and offered three "
                      + "print shapes: classic, wide and panoramic."),
            Style(id: "early-digital", name: "Early digital",
                  synonyms: ["digital camera", "early digital camera", "low resolution", "qv-10"],
                  look: LookTraits(saturation: 0.9, contrast: 1.25, warmth: -0.1, grain: 0.35, damage: 0,
                                   colourBleed: 0.2, softness: 0.6, vignette: 0.1),
                  note: "Early consumer digital cameras, such as Casio's QV-10 of 1995 with its "
                      + "320 by 240 pixel pictures, gave soft, blocky images."),
            Style(id: "autofocus-compact", name: "Autofocus compact",
                  synonyms: ["point and shoot", "compact", "35mm compact"],
                  look: LookTraits(saturation: 1.2, contrast: 1.15, warmth: 0.05, grain: 0.4, damage: 0.02,
                                   softness: 0.2, vignette: 0.3),
                  note: "Zoom compacts with autofocus and flash were the everyday camera of the 1990s."),
        ],
        facts: [
            "Casio's QV-10 of 1995 was one of the first consumer digital cameras with a screen on the back.",
            "MiniDV tapes arrived in 1995, bringing digital video to camcorders that fit in a hand.",
            "Toy Story, released in 1995, was the first feature film made entirely with computer animation.",
            "The Advanced Photo System film format was launched in 1996.",
            "Sony introduced Digital8 in 1999, recording digital video on Hi8 tapes.",
        ])
}
