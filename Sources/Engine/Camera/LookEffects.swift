import Body
import CGstShim

/// The Swift owner of the C effects probe (grain, colour bleed, softness,
/// vignette, sepia, warmth, letterbox matte) shared by every live pipeline.
final class LookEffects: @unchecked Sendable {
    /// The C effects.
    let handle: OpaquePointer

    /// Effects, all off.
    init() { handle = gstshim_fx_new() }

    /// Frees the effects; every pipeline carrying the probe must be gone.
    deinit { gstshim_fx_free(handle) }

    /// Uses these parameters from the next frame on.
    func set(_ parameters: GstShimLookFx) {
        var copy = parameters
        gstshim_fx_set(handle, &copy)
    }

    /// Adds the probe to a static pad of `element`.
    func attach(to element: Element, pad: String) throws(IntentError) {
        if gstshim_fx_attach(handle, element.pointer, pad) == 0 {
            throw .pipeline("The \(element.name) element has no \(pad) pad for the look effects.")
        }
    }
}
