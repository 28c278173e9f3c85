import CGtk
import CViewfinder
import Foundation

/// One control on the body: the drawn control (a `vf_control` with its own accessible) and the
/// engraving under it. It shows what the bus says and hands gestures to `onGesture`.
@MainActor
final class ControlView {
    let spec: ControlSpec
    /// The control itself (its accessible carries the role, name, value and hint).
    let control: UnsafeMutablePointer<GtkWidget>
    /// The engraved label under it.
    let engraving: UnsafeMutablePointer<GtkWidget>
    /// Both, in a column: what the body's grid holds.
    let cell: UnsafeMutablePointer<GtkWidget>
    /// The bus's words for it now.
    private(set) var row: SpokenRow?
    private var face: ControlFace
    private var ringGeneration = 0
    /// Where the face's words went at the last drawing, as the accessible's attributes say it.
    private var drawnWords: FaceLayout?
    private var number: Double?
    /// Called with each gesture: the swipe, the double tap, the shutter press and release.
    var onGesture: @MainActor (ControlView, VfEvent, Int) -> Void = { _, _, _ in }

    init(spec: ControlSpec) {
        self.spec = spec
        control = vf_control_new(spec.kind, spec.id)
        engraving = gtk_label_new(spec.engraving)
        cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        face = ControlFace(kind: spec.kind, id: spec.id, text: "")
        gtk_widget_set_halign(control, GTK_ALIGN_CENTER)
        // The engraving wraps at spaces within the control's width, centred under it, rather than widen the cell.
        gtk_label_set_line_wrap(vf_label(engraving), 1)
        gtk_label_set_justify(vf_label(engraving), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(vf_label(engraving), 1)
        gtk_widget_set_halign(engraving, GTK_ALIGN_CENTER)
        vf_add_class(engraving, "engraving")
        vf_set_accessible(engraving, ATK_ROLE_LABEL, nil, nil, "engraving.\(spec.id)")
        gtk_box_pack_start(vf_box(cell), control, 0, 0, 0)
        gtk_box_pack_start(vf_box(cell), engraving, 0, 0, 0)
        vf_control_set_handlers(control, { data, cr, width, height, focused in
            let view = Unmanaged<ControlView>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                view.face.focused = focused != 0
                if let cr { view.publish(view.face.draw(cr, width: Double(width), height: Double(height))) }
            }
        }, { data, event, steps in
            let view = Unmanaged<ControlView>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { view.onGesture(view, event, Int(steps)) }
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            if let data { Unmanaged<ControlView>.fromOpaque(data).release() }
        })
        resize(scale: 1)
    }

    /// Tells the accessible where the face's words went (`face-value`, `face-text`, `face-extents` as
    /// "x y width height" in the control's pixels, `face-ellipsized`), when that changed.
    private func publish(_ words: FaceLayout) {
        guard words != drawnWords else { return }
        drawnWords = words
        let extents = [words.x, words.y, words.width, words.height].map { String(Int($0.rounded(.down))) }
        vf_control_set_attribute(control, "face-value", words.value)
        vf_control_set_attribute(control, "face-text", words.text)
        vf_control_set_attribute(control, "face-extents", extents.joined(separator: " "))
        vf_control_set_attribute(control, "face-ellipsized", words.ellipsized ? "true" : "false")
    }

    /// The control grows with its text (never below its size at factor 1), so the face's words keep their room;
    /// the engraving wraps within the control's width.
    private func resize(scale: Double) {
        let grow = max(1, scale)
        let width = Int32((Double(spec.size.width) * grow).rounded())
        gtk_widget_set_size_request(control, width, Int32((Double(spec.size.height) * grow).rounded()))
        gtk_widget_set_size_request(engraving, width, -1)
    }

    /// Shows the bus's words for the control. When the value changed, the control settles in
    /// `settle`'s style (a spring, or the 150 ms fade of Reduce Motion).
    func show(_ new: SpokenRow, number: (value: Double, minimum: Double, maximum: Double, step: Double)?,
              checked: Bool, settle: Motion.Style) {
        let old = row
        row = new
        vf_control_set_spoken(control, spokenName(new), new.value, new.hint)
        let direction = (number?.value ?? 0) >= (self.number ?? 0) ? 1 : -1
        self.number = number?.value
        if let number {
            vf_control_set_number(control, number.value, number.minimum, number.maximum, number.step)
            let span = number.maximum - number.minimum
            face.fraction = span > 0 ? (number.value - number.minimum) / span : 0
        }
        vf_control_set_checked(control, checked ? 1 : 0)
        face.checked = checked
        let shown = spec.kind == VF_KIND_SHUTTER ? new.name : new.value
        guard let old, old.value != new.value || old.name != new.name else {
            face.text = shown
            gtk_widget_queue_draw(control)
            return
        }
        face.previousText = face.text
        face.text = shown
        face.direction = direction
        face.settleKind = settle.kind
        Animator.run(.settle, style: settle, on: control, reportOn: control, label: spec.id, step: { [weak self] progress in
            guard let self else { return }
            self.face.settle = progress
            gtk_widget_queue_draw(self.control)
        })
    }

    /// The accessible name: an adjustable control's name alone (its value travels as the value text,
    /// read after it), the whole sentence for the others — so a screen reader says what `Describe` says.
    private func spokenName(_ row: SpokenRow) -> String {
        spec.kind == VF_KIND_DIAL || spec.kind == VF_KIND_ROCKER || spec.kind == VF_KIND_ROW ? row.name : row.description
    }

    /// Sets the size of the body's text (engraving and drawn values), stopped at Large by the caller.
    func setText(scale: Double, engravingPixels: Double) {
        face.textScale = scale
        resize(scale: scale)
        vf_label_set_text_px(engraving, spec.engraving, engravingPixels)
        gtk_widget_queue_draw(control)
    }

    /// The DECADE wheel arriving at launch (a spin, or nothing with Reduce Motion).
    func spinIn(_ style: Motion.Style) {
        face.spinIn = 0
        Animator.run(.spinIn, style: style, on: control, reportOn: control, label: spec.id, step: { [weak self] progress in
            guard let self else { return }
            self.face.spinIn = progress
            gtk_widget_queue_draw(self.control)
        })
    }

    /// REC's ring while recording: pulsing with full motion, still with Reduce Motion; dark when not.
    func ring(recording: Bool, style: Motion.Style) {
        face.recording = recording
        ringGeneration += 1
        gtk_widget_queue_draw(control)
        guard recording else { return }
        Log.debug("animation rec rec-ring: \(style)")
        vf_control_set_attribute(control, "motion-rec-ring", style.description)
        face.ring = 1
        guard style.milliseconds > 0 else { return }
        let generation = ringGeneration
        let period = Double(style.milliseconds) * 1000
        _ = vf_add_tick(control, { data, frameTime in
            let box = Unmanaged<RingTick>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.tick(frameTime) } ? 1 : 0
        }, Unmanaged.passRetained(RingTick { [weak self] frameTime in
            guard let self, self.ringGeneration == generation, self.face.recording else { return false }
            self.face.ring = 0.5 + 0.5 * cos(2 * Double.pi * Double(frameTime).truncatingRemainder(dividingBy: period) / period)
            gtk_widget_queue_draw(self.control)
            return true
        }).toOpaque(), { data in
            if let data { Unmanaged<RingTick>.fromOpaque(data).release() }
        })
    }
}

/// A frame-clock callback for the REC ring.
private final class RingTick {
    let tick: @MainActor (Int) -> Bool
    init(_ tick: @escaping @MainActor (Int) -> Bool) { self.tick = tick }
}
