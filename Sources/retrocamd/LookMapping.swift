import Body
import Engine
import Foundation

/// From the body's era and settings to the engine's picture.
enum LookMapping {
    /// The engine look for `body`: the era traits at its degree, exposure, zoom, the CINE frame
    /// format, a mirrored front camera and the fill light.
    static func look(for body: CameraBody) -> Look {
        let traits = body.look
        var look = Look()
        look.monochrome = traits.monochrome
        look.sepia = traits.sepia
        look.saturation = traits.saturation
        look.contrast = traits.contrast
        look.warmth = traits.warmth
        look.grain = traits.grain
        look.damage = traits.damage
        look.colourBleed = traits.colourBleed
        look.softness = traits.softness
        look.vignette = traits.vignette
        look.exposureEV = body.exposure
        look.zoom = body.zoom
        look.aspect = body.mode == .cine ? aspect(of: body.format) : .native
        look.mirrored = body.facing == .front
        look.fillLight = body.light
        look.dateStamp = body.dateStamp(at: Date())
        return look
    }

    private static func aspect(of format: FrameFormat) -> Aspect {
        switch format {
        case .academy: return .ratio(4, 3)
        case .widescreen: return .ratio(16, 9)
        case .scope: return .ratio(239, 100)
        }
    }
}
