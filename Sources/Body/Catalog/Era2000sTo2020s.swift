/// The 2000s to the 2020s: from tape to disc and card, and the phone in every pocket.
extension Technology {
    /// 4K video from a phone.
    static func phone4K(look: LookTraits) -> Technology {
        Technology(
            id: "phone-4k", name: "4K phone video",
            synonyms: ["4k", "four k", "4k video", "ultra hd"],
            introduced: 2013, medium: .digital("phone storage"), look: look,
            note: "Phones began to record 4K video in 2013, with Samsung's Galaxy Note 3 among the first. "
                + "The tape counter shows the free storage.")
    }

    /// High-definition video on memory cards in the AVCHD format.
    static func avchd(damage: Double) -> Technology {
        Technology(
            id: "avchd", name: "AVCHD camcorder",
            synonyms: ["avchd", "sd card camcorder", "hd camcorder", "memory card camcorder"],
            introduced: 2006, medium: .digital("SD card"),
            look: LookTraits(saturation: 1.1, contrast: 1.1, grain: 0.1, damage: damage, colourBleed: 0.05,
                             softness: 0.15),
            note: "Sony and Panasonic announced AVCHD in 2006: high-definition video on memory cards, "
                + "hard disks or discs. The tape counter shows the free storage.")
    }
}

extension Decade {
    /// The 2000s.
    static let d2000s = Decade(
        year: 2000, caption: "Digital compacts",
        technologies: [
            .miniDV(damage: 0.03),
            Technology(
                id: "dvd-camcorder", name: "DVD camcorder",
                synonyms: ["dvd", "mini dvd", "disc camcorder"],
                introduced: 2000, medium: .miniDVD,
                look: LookTraits(saturation: 1.05, contrast: 1.05, grain: 0.1, colourBleed: 0.1, softness: 0.3),
                note: "Hitachi's DZ-MV100 of 2000 recorded straight onto 8 cm DVDs, "
                    + "in compressed MPEG-2 that could turn blocky in fast motion."),
            Technology(
                id: "hdv", name: "HDV",
                synonyms: ["h d v", "hd tape", "high definition tape"],
                introduced: 2003, medium: .hdvOnMiniDV,
                look: LookTraits(saturation: 1.1, contrast: 1.1, grain: 0.1, colourBleed: 0.05, softness: 0.15),
                note: "HDV, from 2003, recorded high-definition video on ordinary MiniDV tapes."),
            .avchd(damage: 0),
            Technology(
                id: "phone-video", name: "Camera phone video",
                synonyms: ["phone video", "mobile video", "camera phone", "3gp"],
                introduced: 2003, medium: .digital("phone memory"),
                look: LookTraits(saturation: 0.85, contrast: 1.2, warmth: -0.05, grain: 0.5, colourBleed: 0.25,
                                 softness: 0.75, vignette: 0.15),
                note: "By 2003 phones such as Nokia's 3650 recorded short video clips: small, soft and jerky. "
                    + "The tape counter shows the free storage."),
        ],
        styles: [
            Style(id: "digital-compact", name: "Digital compact",
                  synonyms: ["compact", "point and shoot", "digicam", "digital camera"],
                  look: LookTraits(saturation: 1.15, contrast: 1.15, warmth: -0.05, grain: 0.2, softness: 0.2,
                                   vignette: 0.1),
                  note: "Pocket digital cameras with a screen on the back replaced film for most families "
                      + "in the 2000s; the built-in flash lit faces hard and bright."),
            Style(id: "camera-phone", name: "Camera phone",
                  synonyms: ["phone photo", "mobile photo", "vga"],
                  look: LookTraits(saturation: 0.85, contrast: 1.25, warmth: -0.05, grain: 0.5, colourBleed: 0.2,
                                   softness: 0.65, vignette: 0.2),
                  note: "Sharp's J-SH04 of 2000 was the first camera phone on sale; "
                      + "its pictures were 110,000 pixels."),
            Style(id: "digital-slr", name: "Digital SLR",
                  synonyms: ["dslr", "d s l r", "slr"],
                  look: LookTraits(saturation: 1.1, contrast: 1.1, grain: 0.1, softness: 0.05, vignette: 0.15),
                  note: "Canon's EOS 300D, the Digital Rebel, brought digital SLRs below 1,000 dollars in 2003."),
        ],
        facts: [
            "Sharp's J-SH04, sold in Japan from 2000, was the first camera phone on the market.",
            "The HDV format brought high-definition video to MiniDV tape in 2003.",
            "YouTube launched in 2005.",
            "Sony and Panasonic announced the AVCHD format in 2006.",
            "The iPhone 3GS of 2009 was the first iPhone that could record video.",
        ])

    /// The 2010s.
    static let d2010s = Decade(
        year: 2010, caption: "Filters and phones",
        technologies: [
            Technology(
                id: "phone-hd", name: "HD phone video",
                synonyms: ["phone video", "hd video", "smartphone video", "720p", "1080p"],
                introduced: 2009, medium: .digital("phone storage"),
                look: LookTraits(saturation: 1.15, contrast: 1.1, grain: 0.15, softness: 0.15, vignette: 0.05),
                note: "High-definition video came to phones in 2009. The tape counter shows the free storage."),
            .phone4K(look: LookTraits(saturation: 1.1, contrast: 1.05, grain: 0.05, softness: 0.05)),
            .avchd(damage: 0),
        ],
        styles: [
            Style(id: "instagram-filter", name: "Instagram filter",
                  synonyms: ["instagram", "filter", "square filter"],
                  look: LookTraits(saturation: 0.85, contrast: 1.15, warmth: 0.35, grain: 0.2, softness: 0.1,
                                   vignette: 0.6),
                  note: "Instagram, launched in October 2010, made square photos with faded, warm, "
                      + "vignetted filters."),
            Style(id: "phone-hdr", name: "Phone HDR",
                  synonyms: ["hdr", "high dynamic range"],
                  look: LookTraits(saturation: 1.3, contrast: 0.8, grain: 0.05, softness: 0.05),
                  note: "Phones began blending several exposures into one HDR picture; "
                      + "the iPhone 4 gained HDR in 2010."),
            Style(id: "portrait-mode", name: "Portrait mode",
                  synonyms: ["portrait", "bokeh", "blurred background"],
                  look: LookTraits(saturation: 1.1, contrast: 1.05, warmth: 0.1, grain: 0.05, softness: 0.1,
                                   vignette: 0.2),
                  note: "Apple brought Portrait mode, with its blurred background, to the iPhone 7 Plus in 2016."),
        ],
        facts: [
            "Instagram launched in October 2010.",
            "Kodak filed for bankruptcy protection in January 2012.",
            "Samsung's Galaxy Note 3 of 2013 was one of the first phones to record 4K video.",
            "Apple brought Portrait mode to the iPhone 7 Plus in 2016.",
        ])

    /// The 2020s.
    static let d2020s = Decade(
        year: 2020, caption: "Clean and sharp",
        technologies: [
            .phone4K(look: LookTraits(saturation: 1.05, contrast: 1.02)),
            Technology(
                id: "phone-hdr-video", name: "HDR phone video",
                synonyms: ["hdr video", "dolby vision", "hdr"],
                introduced: 2020, medium: .digital("phone storage"),
                look: LookTraits(saturation: 1.15, contrast: 1.1),
                note: "The iPhone 12 of 2020 recorded HDR video in Dolby Vision. "
                    + "The tape counter shows the free storage."),
            Technology(
                id: "phone-8k", name: "8K phone video",
                synonyms: ["8k", "eight k", "8k video"],
                introduced: 2020, medium: .digital("phone storage"),
                look: .clean,
                note: "Samsung's Galaxy S20 of 2020 recorded 8K video. The tape counter shows the free storage."),
        ],
        styles: [
            Style(id: "clean", name: "Clean",
                  synonyms: ["clean digital", "natural", "no filter"],
                  look: .clean,
                  note: "The picture as today's camera sees it, untouched."),
            Style(id: "night-mode", name: "Night mode",
                  synonyms: ["night", "night sight", "low light"],
                  look: LookTraits(saturation: 0.95, contrast: 0.95, warmth: -0.1, grain: 0.15, softness: 0.1),
                  note: "Phones merge many frames to see in the dark; Google's Night Sight arrived in 2018."),
            Style(id: "film-revival", name: "Film revival",
                  synonyms: ["film", "analogue", "analog", "film look"],
                  look: LookTraits(saturation: 1.1, contrast: 1.1, warmth: 0.25, grain: 0.45, softness: 0.15,
                                   vignette: 0.3),
                  note: "Film snapshots came back into fashion, grain and all."),
        ],
        facts: [
            "Samsung's Galaxy S20 of 2020 could record 8K video.",
            "The iPhone 12 of 2020 recorded HDR video in Dolby Vision.",
            "During the COVID-19 pandemic of 2020, video calls became an everyday way to meet.",
        ])
}
