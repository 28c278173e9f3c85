/// An era's picture at full strength. Each trait is 0…1 unless said otherwise; `clean` is a modern,
/// untouched picture.
public struct LookTraits: Sendable, Equatable {
    /// Black and white.
    public var monochrome: Bool
    /// Brown toning, 0…1.
    public var sepia: Double
    /// Colour saturation, 0…2; 1 is neutral.
    public var saturation: Double
    /// Contrast, 0…2; 1 is neutral.
    public var contrast: Double
    /// Colour temperature, −1 (cold, blue) … 1 (warm, orange); 0 is neutral.
    public var warmth: Double
    /// Film grain or video noise.
    public var grain: Double
    /// Scratches, dust and flicker.
    public var damage: Double
    /// Chroma smearing, as on analogue video tape.
    public var colourBleed: Double
    /// Lost sharpness.
    public var softness: Double
    /// Darkened corners.
    public var vignette: Double

    /// Makes a look; every trait defaults to the clean picture.
    public init(monochrome: Bool = false, sepia: Double = 0, saturation: Double = 1, contrast: Double = 1,
                warmth: Double = 0, grain: Double = 0, damage: Double = 0, colourBleed: Double = 0,
                softness: Double = 0, vignette: Double = 0) {
        self.monochrome = monochrome
        self.sepia = sepia
        self.saturation = saturation
        self.contrast = contrast
        self.warmth = warmth
        self.grain = grain
        self.damage = damage
        self.colourBleed = colourBleed
        self.softness = softness
        self.vignette = vignette
    }

    /// The untouched modern picture.
    public static let clean = LookTraits()

    /// The degree from which a monochrome era is truly grey; below it its colour drains step by step
    /// (a monochrome look carries saturation 0).
    public static let monochromeFromDegree = 9

    /// The look at a DEGREE: 1 is a hint of the era (one twelfth of the way from `clean`), 12 the full era.
    /// A degree outside 1…12 is clamped.
    public func scaled(degree: Int) -> LookTraits {
        let degree = min(max(degree, 1), 12)
        let fraction = Double(degree) / 12
        let clean = LookTraits.clean
        // Written so that degree 12 gives each full-strength trait exactly.
        func mix(_ from: Double, _ to: Double) -> Double { from * (1 - fraction) + to * fraction }
        return LookTraits(
            monochrome: monochrome && degree >= Self.monochromeFromDegree,
            sepia: mix(clean.sepia, sepia),
            saturation: mix(clean.saturation, saturation),
            contrast: mix(clean.contrast, contrast),
            warmth: mix(clean.warmth, warmth),
            grain: mix(clean.grain, grain),
            damage: mix(clean.damage, damage),
            colourBleed: mix(clean.colourBleed, colourBleed),
            softness: mix(clean.softness, softness),
            vignette: mix(clean.vignette, vignette))
    }
}
