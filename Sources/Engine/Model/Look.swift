import Body
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

/// The picture the engine should make: the era's traits from the body (`LookTraits`, at the DEGREE), and
/// what the camera adds to them. Changes apply live, without a gap in a take.
///
/// Out-of-range values are clamped to the documented range; a NaN falls back to the neutral value.
public struct Look: Sendable, Equatable {
    /// The era at its DEGREE: monochrome, sepia, saturation, contrast, warmth, grain, damage, colour
    /// bleed, softness, vignette (ranges as `LookTraits` documents them).
    public var era = LookTraits.clean
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

    /// The picture `body` asks for at `date`: its era's traits at its DEGREE, its exposure and zoom, the
    /// CINE frame format, a mirrored front camera, the fill light, and the date imprint.
    public init(_ body: CameraBody, at date: Date) {
        era = body.look
        exposureEV = body.exposure
        zoom = body.zoom
        aspect = body.mode == .cine ? Aspect(body.format) : .native
        mirrored = body.facing == .front
        fillLight = body.light
        dateStamp = body.dateStamp(at: date)
    }
}

extension Aspect {
    /// The bars of a CINE frame format.
    init(_ format: FrameFormat) {
        switch format {
        case .academy: self = .fourThree
        case .widescreen: self = .sixteenNine
        case .scope: self = .scope
        }
    }
}

/// Clamping helpers, so a bad number from a caller never reaches an element.
extension Double {
    /// The value limited to `range`, or `fallback` when it is not a number.
    func clamped(to range: ClosedRange<Double>, fallback: Double) -> Double {
        guard isFinite else { return fallback }
        return Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
