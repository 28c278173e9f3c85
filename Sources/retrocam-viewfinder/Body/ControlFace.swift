import CGtk
import CViewfinder
import Foundation

/// What one control shows now, for its drawing: its value, where it is in a movement, and the
/// text size. Filled by `ControlView`, drawn by `ControlFace.draw`.
struct ControlFace {
    var kind: VfKind
    var id: String
    /// The value as the bus says it ("1970s, Faded Polaroids", "Off"); the name for REC.
    var text: String
    /// The value before the last change, shown while the control settles.
    var previousText = ""
    /// The number's place in its range, 0…1 (dials turn to it).
    var fraction = 0.0
    var checked = false
    var focused = false
    /// The settle movement: its style kind and eased progress (1 when still).
    var settleKind = "none"
    var settle = 1.0
    /// +1 or -1: which way the last change went.
    var direction = 1
    /// The DECADE wheel's spin-in progress (1 when in place).
    var spinIn = 1.0
    /// REC: recording, and the ring's brightness (0…1).
    var recording = false
    var ring = 1.0
    /// The scale of the text drawn on the body (stops at the Large step).
    var textScale = 1.0

    /// Draws the face into `cr`; answers where the value's words went (none for REC and the lever).
    func draw(_ cr: OpaquePointer, width: Double, height: Double) -> FaceLayout {
        let painter = Painter(cr: cr, scale: textScale)
        let words: FaceLayout
        switch kind {
        case VF_KIND_DIAL where width > height * 1.6: words = drawDrum(painter, width, height)
        case VF_KIND_DIAL: words = drawWheel(painter, width, height)
        case VF_KIND_ROCKER: words = drawRocker(painter, width, height)
        case VF_KIND_SHUTTER: words = drawRec(painter, width, height)
        case VF_KIND_TOGGLE where id == "mode": words = drawLever(painter, width, height)
        case VF_KIND_READOUT: words = drawCounter(painter, width, height)
        default: words = drawButton(painter, width, height)
        }
        if focused { painter.focusRing(width, height) }
        return words
    }

    /// How far the value drawing is turned while settling (a spring overshoots, a fade does not move).
    private var settleOffset: Double { settleKind == "spring" ? (1 - settle) * Double(direction) : 0 }
    /// The new value's opacity while settling (a fade), the old one's is the rest.
    private var newAlpha: Double { settleKind == "fade" ? settle : 1 }

    private func drawWheel(_ p: Painter, _ w: Double, _ h: Double) -> FaceLayout {
        let radius = min(w, h) / 2 - 3
        let angle = (fraction - 0.5) * 1.5 * Double.pi + settleOffset * 0.35 - (1 - spinIn) * 1.5 * Double.pi
        p.faded(spinIn) { p.disc(x: w / 2, y: h / 2, radius: radius, knurls: id == "decade" ? 48 : 24, angle: angle) }
        return values(p, x: w / 2, y: h / 2, size: id == "decade" ? 15 : 13, box: (radius * 1.6, radius), firstWordOnly: id == "decade")
    }

    private func drawDrum(_ p: Painter, _ w: Double, _ h: Double) -> FaceLayout {
        p.drum(w, h, offset: settleOffset * 8 + (fraction * 40).truncatingRemainder(dividingBy: 8))
        return values(p, x: w / 2, y: h / 2, size: 11, box: (w - 16, h - 8), firstWordOnly: false)
    }

    private func drawRocker(_ p: Painter, _ w: Double, _ h: Double) -> FaceLayout {
        p.pill(w, h, tilt: settleOffset * 3)
        p.text("–", x: 10, y: h / 2, size: 14, alpha: 0.8)
        p.text("+", x: w - 10, y: h / 2, size: 14, alpha: 0.8)
        return values(p, x: w / 2, y: h / 2, size: 11, box: (w - 34, h - 6), firstWordOnly: false)
    }

    private func drawLever(_ p: Painter, _ w: Double, _ h: Double) -> FaceLayout {
        let target = checked ? 1.0 : 0.0
        let position = settleKind == "spring" ? target - (1 - settle) * (checked ? 1 : -1) : target
        p.lever(w, h, position: position, alpha: newAlpha)
        p.text("C", x: 9, y: h - 9, size: 9, alpha: 0.7)
        p.text("S", x: w - 9, y: h - 9, size: 9, alpha: 0.7)
        return FaceLayout()
    }

    private func drawRec(_ p: Painter, _ w: Double, _ h: Double) -> FaceLayout {
        p.rec(w, h, ring: recording ? ring : 0)
        return FaceLayout()
    }

    private func drawCounter(_ p: Painter, _ w: Double, _ h: Double) -> FaceLayout {
        p.lcd(w, h)
        let digits = text.split(separator: " ").first.map(String.init) ?? text
        return p.fittedText(digits == "No" ? "000" : digits, x: w / 2, y: h / 2, size: 16, box: (w - 8, h - 6),
                            color: (1, 0.6, 0.2), mono: true)
    }

    private func drawButton(_ p: Painter, _ w: Double, _ h: Double) -> FaceLayout {
        p.key(w, h, lit: checked, pressedness: settleKind == "spring" ? (1 - settle) : 0)
        return values(p, x: w / 2, y: h / 2, size: 9, box: (w - 8, h - 6), firstWordOnly: false)
    }

    /// The value, cross-faded from the previous one while a fade runs; answers where the new one went.
    private func values(_ p: Painter, x: Double, y: Double, size: Double, box: (width: Double, height: Double),
                        firstWordOnly: Bool) -> FaceLayout {
        // Faces show the short form: the decade without its caption, "7" of "7 of 12", "+0.5" of "+0.5 EV".
        func shown(_ value: String) -> String {
            if firstWordOnly { return value.split(separator: ",").first.map(String.init) ?? value }
            if id == "degree" || id == "exposure" { return value.split(separator: " ").first.map(String.init) ?? value }
            return value
        }
        if newAlpha < 1, !previousText.isEmpty {
            p.fittedText(shown(previousText), x: x, y: y, size: size, box: box, alpha: 1 - newAlpha)
        }
        return p.fittedText(shown(text), x: x, y: y, size: size, box: box, alpha: newAlpha)
    }
}
