import CGtk
import CViewfinder

/// The launch intro: a card over the whole window, "Double tap to skip" for the screen reader.
/// It leaves after `dwellMilliseconds` or when skipped (Enter, Space, a click, its AT-SPI action,
/// Escape) — fading out, or cut with Reduce Motion — then `onGone` runs once.
@MainActor
final class IntroCard {
    /// The card (a control of its own, so it takes focus and activation).
    let card: UnsafeMutablePointer<GtkWidget>
    private(set) var isShowing = true
    private var leaving = false
    private let motion: MotionSettings
    var onGone: @MainActor () -> Void = {}

    init(motion: MotionSettings) {
        self.motion = motion
        card = vf_control_new(VF_KIND_BUTTON, "intro")
        vf_control_set_spoken(card, "Retrocam", "", "Double tap to skip")
        vf_add_class(card, "intro")
        vf_control_set_handlers(card, { _, cr, width, height, _ in
            guard let cr else { return }
            MainActor.assumeIsolated { IntroCard.draw(cr, Double(width), Double(height)) }
        }, { data, event, _ in
            guard event == VF_EVENT_ACTIVATE else { return }
            let box = Unmanaged<MainWork>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.work() }
        }, Signals.retain { [weak self] in self?.skip() }, Signals.release)
    }

    /// Shows the card and starts its dwell.
    func start(dwellMilliseconds: Int) {
        gtk_widget_grab_focus(card)
        MainLoop.after(milliseconds: dwellMilliseconds) { [weak self] in self?.leave() }
    }

    /// Skips the intro now.
    func skip() { leave() }

    private func leave() {
        guard isShowing, !leaving else { return }
        leaving = true
        let style = Motion.intro.style(reduced: motion.reduced)
        Animator.run(.intro, style: style, on: card, reportOn: card, label: "intro", step: { [card] progress in
            gtk_widget_set_opacity(card, 1 - progress)
        }, done: { [weak self] in
            guard let self else { return }
            self.isShowing = false
            gtk_widget_hide(self.card)
            self.onGone()
        })
    }

    private static func draw(_ cr: OpaquePointer, _ width: Double, _ height: Double) {
        cairo_set_source_rgb(cr, 0.1, 0.09, 0.08)
        cairo_paint(cr)
        let painter = Painter(cr: cr, scale: 1)
        painter.text("RETROCAM", x: width / 2, y: height / 2 - 20, size: 42, color: (1, 0.6, 0.2))
        painter.text("Double tap to skip", x: width / 2, y: height / 2 + 30, size: 16, alpha: 0.8)
    }
}
