import CGtk
import CViewfinder

/// The GTK main loop is the viewfinder's one loop: bus replies, signals from the bus's dispatch
/// thread and timers all arrive on it. (Swift's main actor queue is not drained by `gtk_main`, so
/// work is posted with `g_idle_add` and run with `MainActor.assumeIsolated`.)
enum MainLoop {
    /// Runs `work` on the GTK main thread, from any thread.
    static func post(_ work: @escaping @MainActor () -> Void) {
        vf_idle({ data in
            let box = Unmanaged<MainWork>.fromOpaque(data!).takeRetainedValue()
            MainActor.assumeIsolated { box.work() }
        }, Unmanaged.passRetained(MainWork(work)).toOpaque())
    }

    /// Runs `work` on the main loop after `milliseconds`.
    @MainActor
    static func after(milliseconds: Int, _ work: @escaping @MainActor () -> Void) {
        _ = vf_timeout(guint(max(0, milliseconds)), { data in
            let box = Unmanaged<MainWork>.fromOpaque(data!).takeRetainedValue()
            MainActor.assumeIsolated { box.work() }
        }, Unmanaged.passRetained(MainWork(work)).toOpaque())
    }
}

/// A closure carried through a C `gpointer`.
final class MainWork: @unchecked Sendable {
    let work: @MainActor () -> Void
    init(_ work: @escaping @MainActor () -> Void) { self.work = work }
}

/// Closures for C signal handlers: the box is retained by the connection and released by GLib's
/// destroy notify when the widget or object goes away.
@MainActor
enum Signals {
    /// The data pointer and destroy notify for a closure handed to a `vf_on*` function.
    static func retain(_ work: @escaping @MainActor () -> Void) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(MainWork(work)).toOpaque()
    }

    /// Releases a box made by `retain`.
    static let release: GDestroyNotify = { data in
        if let data { Unmanaged<MainWork>.fromOpaque(data).release() }
    }

    /// Runs a box made by `retain` (for C callbacks of type `VfVoidFunc`).
    static let run: VfVoidFunc = { data in
        let box = Unmanaged<MainWork>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { box.work() }
    }

    /// Connects a signal whose handler takes only its instance ("clicked", "destroy").
    static func on(_ instance: UnsafeMutableRawPointer, _ signal: String, _ work: @escaping @MainActor () -> Void) {
        _ = vf_on(instance, signal, run, retain(work), release)
    }

    /// Connects GSettings "changed::key".
    static func onSetting(_ settings: UnsafeMutablePointer<GSettings>, _ key: String, _ work: @escaping @MainActor () -> Void) {
        _ = vf_on_setting(settings, key, run, retain(work), release)
    }

    /// Connects "notify::property".
    static func onNotify(_ instance: UnsafeMutableRawPointer, _ property: String, _ work: @escaping @MainActor () -> Void) {
        _ = vf_on_notify(instance, property, run, retain(work), release)
    }
}

/// A GTK widget pointer as Swift passes it to GObject functions.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The same object as an untyped pointer (for `g_signal_*`, `g_object_*`).
    var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}
