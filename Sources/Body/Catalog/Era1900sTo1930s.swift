/// The wheel's first four decades: hand-cranked 35mm, the first home-movie gauges, Kodachrome.
extension Technology {
    /// Hand-cranked 35mm, black and white, about 16 frames a second.
    static func handCranked35mm(decadeLook damage: Double) -> Technology {
        Technology(
            id: "hand-cranked-35mm", name: "Hand-cranked 35mm",
            synonyms: ["hand cranked", "35mm", "thirty five millimetre", "silent film"],
            introduced: 1895, medium: .magazine35mm,
            look: LookTraits(monochrome: true, sepia: 0.2, saturation: 0, contrast: 1.35, grain: 0.7,
                             damage: damage, softness: 0.35, vignette: 0.5),
            note: "Black-and-white 35mm film turned through the camera by a hand crank, "
                + "at a speed that varied with the operator, often around 16 frames a second.")
    }

    /// Pathé's 9.5mm home-movie gauge.
    static func pathéBaby(damage: Double) -> Technology {
        Technology(
            id: "pathe-baby", name: "9.5mm Pathé Baby",
            synonyms: ["pathe baby", "nine point five", "9.5mm", "pathe"],
            introduced: 1922, medium: .pathéBabyCharger,
            look: LookTraits(monochrome: true, sepia: 0.15, saturation: 0, contrast: 1.25, grain: 0.6,
                             damage: damage, softness: 0.4, vignette: 0.45),
            note: "Pathé launched 9.5mm with the Pathé Baby home projector in 1922, and a small camera "
                + "soon after. The film has a single perforation in the middle, between the frames.")
    }

    /// Kodak's 16mm amateur film, black and white, silent speed.
    static func cineKodak16mm(damage: Double) -> Technology {
        Technology(
            id: "16mm", name: "16mm Cine-Kodak",
            synonyms: ["sixteen millimetre", "16mm", "cine kodak", "sixteen"],
            introduced: 1923, medium: .spool16mmSilent,
            look: LookTraits(monochrome: true, saturation: 0, contrast: 1.2, grain: 0.5, damage: damage,
                             softness: 0.25, vignette: 0.35),
            note: "Kodak introduced 16mm reversal film with the Cine-Kodak camera in 1923: "
                + "safety film, developed straight into a positive to project at home.")
    }

    /// Regular 8: 16mm-wide film exposed down each side, slit to 8mm after developing.
    static func regular8(monochrome: Bool, damage: Double) -> Technology {
        Technology(
            id: "regular-8", name: "Regular 8",
            synonyms: ["eight millimetre", "8mm", "double eight", "standard 8", "regular eight"],
            introduced: 1932, medium: .doubleEightSpool,
            look: monochrome
                ? LookTraits(monochrome: true, saturation: 0, contrast: 1.2, grain: 0.75, damage: damage,
                             softness: 0.45, vignette: 0.45)
                : LookTraits(saturation: 1.2, contrast: 1.15, warmth: 0.3, grain: 0.7, damage: damage,
                             softness: 0.45, vignette: 0.45),
            note: "Kodak introduced 8mm in 1932: a 25 ft spool of 16mm-wide film is run through the "
                + "camera twice, once down each side, then slit into 50 ft of 8mm.")
    }

    /// Kodachrome colour reversal film for 16mm movies.
    static func kodachrome16mm(damage: Double) -> Technology {
        Technology(
            id: "kodachrome-16mm", name: "Kodachrome 16mm",
            synonyms: ["kodachrome movie", "kodachrome", "colour 16mm", "color 16mm"],
            introduced: 1935, medium: .spool16mmSilent,
            look: LookTraits(saturation: 1.35, contrast: 1.25, warmth: 0.25, grain: 0.35, damage: damage,
                             softness: 0.2, vignette: 0.3),
            note: "Kodachrome went on sale in 1935, first as 16mm movie film: vivid, long-lasting colour "
                + "that was sent away to be developed.")
    }
}

extension Decade {
    /// The 1900s.
    static let d1900s = Decade(
        year: 1900, caption: "The Brownie years",
        technologies: [.handCranked35mm(decadeLook: 0.95)],
        styles: [
            Style(id: "brownie-snapshot", name: "Brownie snapshot",
                  synonyms: ["brownie", "box camera", "snapshot"],
                  look: LookTraits(monochrome: true, sepia: 0.55, saturation: 0, contrast: 1.2, grain: 0.5,
                                   damage: 0.5, softness: 0.45, vignette: 0.7),
                  note: "Kodak's Brownie, a cardboard box camera, went on sale in 1900 for one dollar."),
            Style(id: "autochrome", name: "Autochrome",
                  synonyms: ["lumiere autochrome", "colour plate", "color plate"],
                  look: LookTraits(saturation: 0.7, contrast: 0.85, warmth: 0.2, grain: 0.9, damage: 0.3,
                                   softness: 0.55, vignette: 0.4),
                  note: "The Lumière brothers' Autochrome plates, on sale from 1907, made colour pictures "
                      + "from grains of dyed potato starch: soft, dotted, dreamy colour."),
            Style(id: "glass-plate-portrait", name: "Glass plate portrait",
                  synonyms: ["glass plate", "studio portrait", "plate"],
                  look: LookTraits(monochrome: true, sepia: 0.7, saturation: 0, contrast: 1.1, grain: 0.3,
                                   damage: 0.45, softness: 0.2, vignette: 0.6),
                  note: "Studio portraits were made on glass dry plates and printed in brown tones."),
        ],
        facts: [
            "Kodak's Brownie camera went on sale in 1900 for one dollar.",
            "Georges Méliès released A Trip to the Moon in 1902.",
            "Edison's The Great Train Robbery, made in 1903, runs about twelve minutes.",
            "The Lumière brothers put Autochrome colour plates on sale in 1907.",
        ])

    /// The 1910s.
    static let d1910s = Decade(
        year: 1910, caption: "The silent screen",
        technologies: [.handCranked35mm(decadeLook: 0.85)],
        styles: [
            Style(id: "vest-pocket-kodak", name: "Vest Pocket Kodak",
                  synonyms: ["vest pocket", "vpk", "pocket kodak"],
                  look: LookTraits(monochrome: true, sepia: 0.45, saturation: 0, contrast: 1.2, grain: 0.55,
                                   damage: 0.45, softness: 0.4, vignette: 0.6),
                  note: "Kodak's folding Vest Pocket Kodak of 1912 was small enough to carry in a waistcoat "
                      + "pocket; many soldiers took one to the First World War."),
            Style(id: "autochrome", name: "Autochrome",
                  synonyms: ["lumiere autochrome", "colour plate", "color plate"],
                  look: LookTraits(saturation: 0.7, contrast: 0.85, warmth: 0.2, grain: 0.9, damage: 0.25,
                                   softness: 0.55, vignette: 0.4),
                  note: "Autochrome plates were the main way to take a colour photograph in the 1910s."),
            Style(id: "sepia-portrait", name: "Sepia portrait",
                  synonyms: ["sepia", "brown tone", "portrait"],
                  look: LookTraits(monochrome: true, sepia: 0.85, saturation: 0, contrast: 1.05, grain: 0.3,
                                   damage: 0.4, softness: 0.25, vignette: 0.65),
                  note: "Sepia toning turned the silver of a print brown, and made it last longer."),
        ],
        facts: [
            "Kodak's Vest Pocket Kodak camera came out in 1912.",
            "Charlie Chaplin first appeared as the Tramp in 1914.",
            "Hand-cranked cameras ran at no fixed speed; operators often turned about 16 frames a second.",
            "Silent films were often tinted, scene by scene, in colours such as blue for night.",
        ])

    /// The 1920s.
    static let d1920s = Decade(
        year: 1920, caption: "The Roaring Twenties",
        technologies: [.handCranked35mm(decadeLook: 0.8), .pathéBaby(damage: 0.75), .cineKodak16mm(damage: 0.7)],
        styles: [
            Style(id: "leica-35mm", name: "Leica 35mm",
                  synonyms: ["leica", "35mm", "miniature camera"],
                  look: LookTraits(monochrome: true, saturation: 0, contrast: 1.3, grain: 0.6, damage: 0.3,
                                   softness: 0.2, vignette: 0.35),
                  note: "The Leica I of 1925 put 35mm cine film in a small still camera, "
                      + "for pictures on the move."),
            Style(id: "box-camera-snapshot", name: "Box camera snapshot",
                  synonyms: ["box camera", "brownie", "snapshot"],
                  look: LookTraits(monochrome: true, sepia: 0.4, saturation: 0, contrast: 1.2, grain: 0.5,
                                   damage: 0.45, softness: 0.45, vignette: 0.7),
                  note: "Cheap box cameras such as the Brownie made the family snapshot an everyday thing."),
            Style(id: "sepia-portrait", name: "Sepia portrait",
                  synonyms: ["sepia", "brown tone", "portrait"],
                  look: LookTraits(monochrome: true, sepia: 0.85, saturation: 0, contrast: 1.05, grain: 0.3,
                                   damage: 0.35, softness: 0.25, vignette: 0.6),
                  note: "Studio portraits were still commonly toned brown with sepia."),
        ],
        facts: [
            "Pathé introduced the 9.5mm Pathé Baby home cinema in 1922.",
            "Kodak introduced 16mm film and the Cine-Kodak camera for amateurs in 1923.",
            "The Leica I, a small camera for 35mm film, was introduced in 1925.",
            "The Jazz Singer of 1927 was the first feature film with synchronised spoken dialogue.",
        ])

    /// The 1930s.
    static let d1930s = Decade(
        year: 1930, caption: "Hollywood's golden age",
        technologies: [.regular8(monochrome: true, damage: 0.55), .kodachrome16mm(damage: 0.5),
                       .cineKodak16mm(damage: 0.55), .pathéBaby(damage: 0.6)],
        styles: [
            Style(id: "kodachrome-slide", name: "Kodachrome slide",
                  synonyms: ["kodachrome", "slide", "colour slide", "color slide"],
                  look: LookTraits(saturation: 1.35, contrast: 1.25, warmth: 0.2, grain: 0.3, damage: 0.2,
                                   softness: 0.15, vignette: 0.3),
                  note: "Kodachrome came to 35mm still cameras as colour slides in 1936."),
            Style(id: "rolleiflex", name: "Rolleiflex",
                  synonyms: ["rollei", "twin lens", "square"],
                  look: LookTraits(monochrome: true, saturation: 0, contrast: 1.2, grain: 0.3, damage: 0.2,
                                   softness: 0.1, vignette: 0.3),
                  note: "The Rolleiflex twin-lens reflex, from 1929, is looked down into from above "
                      + "and takes square pictures on roll film."),
            Style(id: "press-flash", name: "Press flash",
                  synonyms: ["press camera", "flash bulb", "speed graphic", "newspaper"],
                  look: LookTraits(monochrome: true, saturation: 0, contrast: 1.55, grain: 0.45, damage: 0.25,
                                   softness: 0.15, vignette: 0.55),
                  note: "Newspaper photographers used large-format press cameras with flash bulbs, "
                      + "which went on sale around 1930: harsh light, deep shadows."),
        ],
        facts: [
            "Kodak introduced 8mm home-movie film in 1932.",
            "Disney's Flowers and Trees of 1932 was the first film made in three-strip Technicolor.",
            "Kodachrome colour film went on sale in 1935, first for 16mm movies.",
            "The Wizard of Oz of 1939 opens in sepia and turns to Technicolor in the land of Oz.",
        ])
}
