import CGtk
import CViewfinder
import Foundation

/// Runs one movement on a widget's frame clock (no timers): `step` gets the eased progress 0…1
/// each frame, `done` runs at the end. A zero duration steps to 1 at once. Every run is reported
/// with the style it really used (log, and the accessible attribute `motion-NAME` of `reportOn`).
@MainActor
enum Animator {
    /// Starts `motion` in `style` on `widget`. A newer run on the same widget and motion replaces this one.
    static func run(_ motion: Motion, style: Motion.Style, on widget: UnsafeMutablePointer<GtkWidget>,
                    reportOn control: UnsafeMutablePointer<GtkWidget>?, label: String,
                    step: @escaping @MainActor (Double) -> Void, done: @escaping @MainActor () -> Void = {}) {
        Log.debug("animation \(label) \(motion.rawValue): \(style)")
        if let control { vf_control_set_attribute(control, "motion-\(motion.rawValue)", style.description) }
        let generation = Generations.next(widget, motion)
        guard style.milliseconds > 0 else {
            step(1)
            done()
            return
        }
        let run = Run(style: style, generation: generation, widget: widget, motion: motion, step: step, done: done)
        _ = vf_add_tick(widget, { data, frameTime in
            let run = Unmanaged<Run>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { run.tick(frameTime) } ? 1 : 0
        }, Unmanaged.passRetained(run).toOpaque(), { data in
            if let data { Unmanaged<Run>.fromOpaque(data).release() }
        })
    }

    /// One running movement.
    private final class Run {
        let style: Motion.Style
        let generation: Int
        let widget: UnsafeMutablePointer<GtkWidget>
        let motion: Motion
        let step: @MainActor (Double) -> Void
        let done: @MainActor () -> Void
        var start: Int?

        init(style: Motion.Style, generation: Int, widget: UnsafeMutablePointer<GtkWidget>, motion: Motion,
             step: @escaping @MainActor (Double) -> Void, done: @escaping @MainActor () -> Void) {
            self.style = style
            self.generation = generation
            self.widget = widget
            self.motion = motion
            self.step = step
            self.done = done
        }

        /// One frame; false when finished (or replaced).
        @MainActor
        func tick(_ frameTime: Int) -> Bool {
            guard Generations.current(widget, motion) == generation else { return false }
            let begun = start ?? frameTime
            start = begun
            let linear = min(1, Double(frameTime - begun) / 1000 / Double(style.milliseconds))
            step(Easing.curve(style.kind, linear))
            if linear >= 1 {
                done()
                return false
            }
            return true
        }
    }

    /// The newest run per widget and motion, so an older one stops when a newer starts.
    @MainActor
    private enum Generations {
        static var latest: [String: Int] = [:]
        static var counter = 0

        static func key(_ widget: UnsafeMutablePointer<GtkWidget>, _ motion: Motion) -> String {
            "\(UInt(bitPattern: widget)):\(motion.rawValue)"
        }

        static func next(_ widget: UnsafeMutablePointer<GtkWidget>, _ motion: Motion) -> Int {
            counter += 1
            latest[key(widget, motion)] = counter
            return counter
        }

        static func current(_ widget: UnsafeMutablePointer<GtkWidget>, _ motion: Motion) -> Int? {
            latest[key(widget, motion)]
        }
    }
}

/// Progress curves: a spring that overshoots and settles, an ease-out for spins, linear fades.
enum Easing {
    /// The eased value of linear progress `t` (0…1) for a style kind.
    static func curve(_ kind: String, _ t: Double) -> Double {
        switch kind {
        case "spring":
            // A damped oscillation that ends exactly at 1.
            return t >= 1 ? 1 : 1 - exp(-6 * t) * cos(3 * Double.pi * t)
        case "spin":
            return 1 - pow(1 - t, 3)
        default:
            return t
        }
    }
}
