import Foundation

/// The frame shape of the picture: the camera's own, or a letterboxed/pillarboxed ratio.
public enum Aspect: Sendable, Equatable, Hashable {
    /// The source's own shape, no bars.
    case native
    /// Width:height, e.g. `.ratio(4, 3)`, `.ratio(16, 9)`, `.ratio(239, 100)`; drawn with black bars.
    case ratio(Int, Int)

    /// 4:3, the television and Super 8 frame.
    public static let fourThree = Aspect.ratio(4, 3)
    /// 16:9, the widescreen television frame.
    public static let sixteenNine = Aspect.ratio(16, 9)
    /// 2.39:1, anamorphic cinema.
    public static let scope = Aspect.ratio(239, 100)
}

/// The picture the engine should make, in the engine's own terms. Changes apply live, without a gap in a take.
///
/// Out-of-range values are clamped to the documented range; a NaN falls back to the neutral value.
public struct Look: Sendable, Equatable {
    /// Black and white (saturation forced to 0).
    public var monochrome = false
    /// 0…1: chroma pulled toward a sepia tone.
    public var sepia = 0.0
    /// 0…2: colour saturation, 1 is neutral.
    public var saturation = 1.0
    /// 0…2: contrast, 1 is neutral.
    public var contrast = 1.0
    /// -1…1: brightness offset, 0 is neutral.
    public var brightness = 0.0
    /// -1…1: a tint toward orange (+) or blue (−).
    public var warmth = 0.0
    /// 0…1: film grain.
    public var grain = 0.0
    /// 0…1: scratches, dust and pits of worn film.
    public var damage = 0.0
    /// 0…1: colour smeared sideways, as on video tape.
    public var colourBleed = 0.0
    /// 0…1: a soft, slightly out-of-focus picture.
    public var softness = 0.0
    /// 0…1: darkened corners.
    public var vignette = 0.0
    /// -2…2: exposure compensation in EV.
    public var exposureEV = 0.0
    /// 1…4: centred crop scaled back to the full frame.
    public var zoom = 1.0
    /// The frame shape, drawn as black bars.
    public var aspect: Aspect = .native
    /// A mirror image (what a front camera usually shows).
    public var mirrored = false
    /// The fill light (or flash) is on: the subject is lit a little more.
    public var fillLight = false
    /// Text burnt into the corner of the picture, like a camcorder's date; nil for none.
    public var dateStamp: String? = nil

    /// A neutral look: the camera's picture unchanged.
    public init() {}
}

/// Clamping helpers, so a bad number from a caller never reaches an element.
extension Double {
    /// The value limited to `range`, or `fallback` when it is not a number.
    func clamped(to range: ClosedRange<Double>, fallback: Double) -> Double {
        guard isFinite else { return fallback }
        return Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
