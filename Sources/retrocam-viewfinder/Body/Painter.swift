import CGtk
import Foundation

/// Cairo and Pango strokes for the body: brushed metal dials, rubber keys, the red REC ring, the
/// counter's LCD. Text sizes are in pixels at factor 1, scaled by `scale` (which stops at Large).
struct Painter {
    let cr: OpaquePointer
    let scale: Double

    /// Paints what `body` draws at opacity `alpha` (0…1).
    func faded(_ alpha: Double, _ body: () -> Void) {
        guard alpha < 1 else { return body() }
        cairo_push_group(cr)
        body()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, max(0, alpha))
    }

    /// A metal wheel with knurls around its edge and an index mark, turned by `angle`.
    func disc(x: Double, y: Double, radius: Double, knurls: Int, angle: Double) {
        let metal = cairo_pattern_create_radial(x - radius / 3, y - radius / 3, radius / 8, x, y, radius)
        cairo_pattern_add_color_stop_rgb(metal, 0, 0.82, 0.82, 0.8)
        cairo_pattern_add_color_stop_rgb(metal, 1, 0.35, 0.35, 0.36)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        cairo_set_source(cr, metal)
        cairo_fill(cr)
        cairo_pattern_destroy(metal)
        cairo_set_line_width(cr, 1.5)
        cairo_set_source_rgba(cr, 0.15, 0.15, 0.15, 0.8)
        for index in 0..<knurls {
            let a = angle + Double(index) * 2 * .pi / Double(knurls)
            cairo_move_to(cr, x + cos(a) * (radius - 6), y + sin(a) * (radius - 6))
            cairo_line_to(cr, x + cos(a) * radius, y + sin(a) * radius)
        }
        cairo_stroke(cr)
        cairo_arc(cr, x, y, radius * 0.72, 0, 2 * .pi)
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.21)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 0.55, 0.15)
        cairo_set_line_width(cr, 3)
        cairo_move_to(cr, x + cos(angle - .pi / 2) * radius * 0.5, y + sin(angle - .pi / 2) * radius * 0.5)
        cairo_line_to(cr, x + cos(angle - .pi / 2) * radius * 0.7, y + sin(angle - .pi / 2) * radius * 0.7)
        cairo_stroke(cr)
    }

    /// A thumbwheel drum seen from the front, its ridges moved by `offset` pixels.
    func drum(_ w: Double, _ h: Double, offset: Double) {
        roundedRect(2, 2, w - 4, h - 4, radius: 8)
        let shade = cairo_pattern_create_linear(0, 0, 0, h)
        cairo_pattern_add_color_stop_rgb(shade, 0, 0.25, 0.25, 0.26)
        cairo_pattern_add_color_stop_rgb(shade, 0.5, 0.55, 0.55, 0.56)
        cairo_pattern_add_color_stop_rgb(shade, 1, 0.22, 0.22, 0.23)
        cairo_set_source(cr, shade)
        cairo_fill(cr)
        cairo_pattern_destroy(shade)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
        cairo_set_line_width(cr, 1)
        var y = 4 + offset.truncatingRemainder(dividingBy: 8)
        while y < h - 4 {
            cairo_move_to(cr, 6, y)
            cairo_line_to(cr, w - 6, y)
            y += 8
        }
        cairo_stroke(cr)
        roundedRect(10, h / 2 - 11, w - 20, 22, radius: 4)
        cairo_set_source_rgb(cr, 0.12, 0.12, 0.13)
        cairo_fill(cr)
    }

    /// A rocker: a rubber pill tilted by `tilt` pixels toward the side just pressed.
    func pill(_ w: Double, _ h: Double, tilt: Double) {
        roundedRect(2, 2 + max(0, -tilt), w - 4, h - 4 - abs(tilt), radius: (h - 4) / 2)
        cairo_set_source_rgb(cr, 0.18, 0.18, 0.19)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, 0.4, 0.4, 0.42)
        cairo_set_line_width(cr, 1.5)
        cairo_stroke(cr)
    }

    /// The CINE/STILL lever: a slot with its knob at `position` (0 = CINE, 1 = STILL).
    func lever(_ w: Double, _ h: Double, position: Double, alpha: Double) {
        roundedRect(8, h / 2 - 5, w - 16, 10, radius: 5)
        cairo_set_source_rgb(cr, 0.08, 0.08, 0.09)
        cairo_fill(cr)
        let x = 14 + (w - 28) * min(max(position, -0.2), 1.2)
        cairo_arc(cr, x, h / 2, 11, 0, 2 * .pi)
        cairo_set_source_rgba(cr, 0.78, 0.78, 0.76, alpha)
        cairo_fill(cr)
    }

    /// REC: a red button with its ring lit by `ring` (0 = dark).
    func rec(_ w: Double, _ h: Double, ring: Double) {
        let x = w / 2, y = h / 2, radius = min(w, h) / 2 - 4
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        cairo_set_source_rgba(cr, 1, 0.12, 0.1, 0.25 + 0.75 * ring)
        cairo_set_line_width(cr, 5)
        cairo_stroke(cr)
        cairo_arc(cr, x, y, radius * 0.72, 0, 2 * .pi)
        cairo_set_source_rgb(cr, 0.8, 0.08, 0.06)
        cairo_fill(cr)
    }

    /// The counter's dark LCD window.
    func lcd(_ w: Double, _ h: Double) {
        roundedRect(2, 2, w - 4, h - 4, radius: 4)
        cairo_set_source_rgb(cr, 0.05, 0.04, 0.03)
        cairo_fill(cr)
    }

    /// A mini button, lit when on, pushed in by `pressedness` (0…1) while a spring settles.
    func key(_ w: Double, _ h: Double, lit: Bool, pressedness: Double) {
        let inset = 2 + 2 * max(0, min(1, abs(pressedness)))
        roundedRect(inset, inset, w - 2 * inset, h - 2 * inset, radius: 6)
        cairo_set_source_rgb(cr, lit ? 0.55 : 0.26, lit ? 0.42 : 0.26, lit ? 0.12 : 0.27)
        cairo_fill(cr)
    }

    /// The keyboard focus: a bright ring around the control.
    func focusRing(_ w: Double, _ h: Double) {
        roundedRect(1, 1, w - 2, h - 2, radius: 8)
        cairo_set_source_rgb(cr, 1, 0.75, 0.2)
        cairo_set_line_width(cr, 2)
        cairo_stroke(cr)
    }

    /// Text centred on (x, y), `size` pixels at factor 1, on one line (the intro card, the lever's letters).
    func text(_ string: String, x: Double, y: Double, size: Double, alpha: Double = 1,
              color: (Double, Double, Double) = (0.92, 0.92, 0.9), mono: Bool = false) {
        guard !string.isEmpty, alpha > 0 else { return }
        let layout = self.layout(string, pixels: size * scale, mono: mono)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        show(layout, x: x, y: y, alpha: alpha, color: color)
    }

    /// A value on a face: the first of its forms (`FaceWords`) that fits `box`, centred on (x, y), whole and
    /// wrapped at spaces, at `size` pixels at factor 1; when no form fits, the shortest drawn smaller until it
    /// does. Answers where the words went, as the control's accessible tells it.
    @discardableResult
    func fittedText(_ value: String, x: Double, y: Double, size: Double, box: (width: Double, height: Double),
                    alpha: Double = 1, color: (Double, Double, Double) = (0.92, 0.92, 0.9), mono: Bool = false) -> FaceLayout {
        guard let (text, pixels) = fit(value, pixels: size * scale, box: box, mono: mono) else { return FaceLayout(value: value) }
        let layout = self.layout(text, pixels: pixels, mono: mono)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let (width, height) = pixelSize(layout)
        if alpha > 0 { show(layout, x: x, y: y, alpha: alpha, color: color) }
        return FaceLayout(value: value, text: text, x: x - width / 2, y: y - height / 2, width: width, height: height,
                          pixels: pixels, ellipsized: pango_layout_is_ellipsized(layout) != 0)
    }

    /// The text to draw for `value` in `box` and its size in pixels; nil for an empty value.
    private func fit(_ value: String, pixels: Double, box: (width: Double, height: Double), mono: Bool) -> (String, Double)? {
        let forms = FaceWords.candidates(value)
        guard let shortest = forms.last else { return nil }
        var size = pixels
        var tried = forms
        while true {
            for form in tried {
                let measure = { (line: String) -> Double in self.measured(line, pixels: size, mono: mono).width }
                guard let lines = FaceWords.lines(form, width: box.width, measure: measure) else { continue }
                let text = lines.joined(separator: "\n")
                if measured(text, pixels: size, mono: mono).height <= box.height { return (text, size) }
            }
            // Not one form fits at this size: the shortest, a little smaller (never below 4 px).
            guard size > 4 else { return (shortest, size) }
            size *= 0.9
            tried = [shortest]
        }
    }

    /// The logical size of `text` in pixels.
    private func measured(_ text: String, pixels: Double, mono: Bool) -> (width: Double, height: Double) {
        let layout = self.layout(text, pixels: pixels, mono: mono)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return pixelSize(layout)
    }

    /// A layout of `text` in the body's bold face, lines centred on each other; the caller unrefs it.
    private func layout(_ text: String, pixels: Double, mono: Bool) -> OpaquePointer {
        let layout = pango_cairo_create_layout(cr)!
        let font = pango_font_description_from_string(mono ? "Monospace Bold" : "Sans Bold")
        pango_font_description_set_absolute_size(font, pixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    private func pixelSize(_ layout: OpaquePointer) -> (Double, Double) {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Double(width), Double(height))
    }

    /// Draws `layout` centred on (x, y).
    private func show(_ layout: OpaquePointer, x: Double, y: Double, alpha: Double, color: (Double, Double, Double)) {
        let (width, height) = pixelSize(layout)
        cairo_move_to(cr, x - width / 2, y - height / 2)
        cairo_set_source_rgba(cr, color.0, color.1, color.2, alpha)
        pango_cairo_show_layout(cr, layout)
    }

    private func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) {
        let r = max(0, min(radius, min(w, h) / 2))
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}

/// Where a face's words went, in the control's own pixels: what the accessible's `face-*` attributes say.
struct FaceLayout: Equatable {
    /// The value the words were derived from (the bus's wording).
    var value = ""
    /// The lines drawn, joined by a newline; empty when nothing was drawn.
    var text = ""
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    /// The font size used, in pixels.
    var pixels = 0.0
    /// Pango's own reading of the drawn layout (`pango_layout_is_ellipsized`).
    var ellipsized = false
}
