import Body
import CGstShim
import Foundation

/// A `Look` translated into element properties and C effect parameters for a pipeline of a given
/// size: the one place where the era's traits (`LookTraits`) become GStreamer values. Pure data, so
/// it can be tested without a pipeline; `LiveCamera.apply` compares it property by property.
struct LookSettings: Sendable {
    /// One property value for one element of the live graph.
    struct Property: Hashable {
        /// The element's name in `LiveGraph`.
        let element: String
        /// The GObject property.
        let name: String
        /// The value to set.
        let value: Value
    }

    /// A property value of the kinds the graph uses.
    enum Value: Hashable {
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        /// Set from its textual form (enum nicks).
        case argument(String)
    }

    /// Every element property the look decides, in a fixed order.
    let properties: [Property]
    /// Parameters for the C effects probe.
    let effects: GstShimLookFx

    /// Translates `look` for a `width`×`height` picture.
    init(look: Look, width: Int, height: Int) {
        typealias G = LiveGraph.Name
        let era = look.era
        let saturation = era.monochrome ? 0 : era.saturation.clamped(to: 0...2, fallback: 1)
        let fill = look.fillLight
        let brightness = fill ? 0.06 : 0
        let exposure = look.exposureEV.clamped(to: -2...2, fallback: 0) + (fill ? 0.7 : 0)
        let damage = era.damage.clamped(to: 0...1, fallback: 0)
        let crop = LookSettings.zoomCrop(zoom: look.zoom.clamped(to: 1...4, fallback: 1), width: width, height: height)
        let bars = LookSettings.barSize(aspect: look.aspect, width: width, height: height)
        var list: [Property] = [
            Property(element: G.balance, name: "saturation", value: .double(saturation)),
            Property(element: G.balance, name: "contrast", value: .double(era.contrast.clamped(to: 0...2, fallback: 1))),
            Property(element: G.balance, name: "brightness", value: .double(brightness)),
            // gamma > 1 lifts the picture: one EV is a doubling of light, about 2^(1/2.2) in encoded values.
            Property(element: G.exposure, name: "gamma", value: .double(pow(2, exposure / 2.2))),
            Property(element: G.damage, name: "scratch-lines", value: .int(Int((damage * 12).rounded()))),
            Property(element: G.damage, name: "dusts", value: .bool(damage >= 0.15)),
            Property(element: G.damage, name: "pits", value: .bool(damage >= 0.4)),
            Property(element: G.damage, name: "color-aging", value: .bool(damage >= 0.6)),
            Property(element: G.zoom, name: "left", value: .int(crop.left)),
            Property(element: G.zoom, name: "right", value: .int(crop.right)),
            Property(element: G.zoom, name: "top", value: .int(crop.top)),
            Property(element: G.zoom, name: "bottom", value: .int(crop.bottom)),
            Property(element: G.mirror, name: "video-direction", value: .argument(look.mirrored ? "horiz" : "identity")),
        ]
        let stamp = look.dateStamp?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        list.append(Property(element: G.stamp, name: "text", value: .string(stamp)))
        list.append(Property(element: G.stamp, name: "silent", value: .bool(stamp.isEmpty)))
        list.append(Property(element: G.stamp, name: "ypad", value: .int(bars.vertical + max(8, height / 30))))
        list.append(Property(element: G.stamp, name: "xpad", value: .int(bars.horizontal + max(8, width / 40))))
        properties = list

        var effects = GstShimLookFx()
        effects.grain = era.grain.clamped(to: 0...1, fallback: 0)
        effects.colour_bleed = era.colourBleed.clamped(to: 0...1, fallback: 0)
        effects.softness = era.softness.clamped(to: 0...1, fallback: 0)
        effects.vignette = era.vignette.clamped(to: 0...1, fallback: 0)
        effects.sepia = era.sepia.clamped(to: 0...1, fallback: 0)
        effects.warmth = era.warmth.clamped(to: -1...1, fallback: 0)
        if case .ratio(let num, let den) = look.aspect, num > 0, den > 0, num <= 10_000, den <= 10_000 {
            effects.matte_num = Int32(num)
            effects.matte_den = Int32(den)
        }
        self.effects = effects
    }

    /// The centred crop, in even pixels per side, that a zoom factor asks for.
    static func zoomCrop(zoom: Double, width: Int, height: Int) -> (left: Int, right: Int, top: Int, bottom: Int) {
        let keptWidth = Int((Double(width) / zoom).rounded())
        let keptHeight = Int((Double(height) / zoom).rounded())
        let left = ((width - keptWidth) / 2) & ~1
        let top = ((height - keptHeight) / 2) & ~1
        return (left, left, top, top)
    }

    /// The black bar thickness a matte draws (vertical: top/bottom bars; horizontal: side bars).
    static func barSize(aspect: Aspect, width: Int, height: Int) -> (vertical: Int, horizontal: Int) {
        guard case .ratio(let num, let den) = aspect, num > 0, den > 0, width > 0, height > 0 else { return (0, 0) }
        let target = Double(num) / Double(den)
        let native = Double(width) / Double(height)
        if target > native {
            return (max(0, (height - Int(Double(width) / target)) / 2), 0)
        }
        return (0, max(0, (width - Int(Double(height) * target)) / 2))
    }
}

extension Element {
    /// Sets a property to a value of the look.
    func set(_ property: String, _ value: LookSettings.Value) throws(IntentError) {
        switch value {
        case .bool(let value): try set(property, value)
        case .int(let value): try set(property, value)
        case .double(let value): try set(property, value)
        case .string(let value): try set(property, string: value)
        case .argument(let value): try set(property, argument: value)
        }
    }
}
