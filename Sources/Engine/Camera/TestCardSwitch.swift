import CGStreamer
import CGstShim
import Dispatch

/// Changes a playing `videotestsrc`'s pattern from its own streaming thread.
///
/// videotestsrc drops its cached frame when the pattern changes; set from another thread while the
/// streaming thread is filling a frame, that thread maps a NULL buffer and the process crashes
/// (FuzzTests found it: about a hundred quick FLIPs on the synthetic camera). The source pad's
/// stream lock cannot serialise it (the streaming task holds it as long as it runs), so the change
/// is made by a one-shot probe on the source pad, between two frames, and waited for.
enum TestCardSwitch {
    /// The pattern to set and the signal that it is set.
    private final class Change: @unchecked Sendable {
        let pattern: String
        let done = DispatchSemaphore(value: 0)
        var succeeded = false
        init(pattern: String) { self.pattern = pattern }
    }

    /// Sets `pattern` on `source` between two frames; at most `timeout` seconds are waited for a
    /// frame, after which (the source is not streaming, so nothing races) it is set directly.
    static func setPattern(_ pattern: String, on source: Element, timeout: Double = 1) throws(EngineError) {
        guard let pad = gst_element_get_static_pad(source.pointer, "src") else {
            try source.set("pattern", argument: pattern)
            return
        }
        defer { gst_object_unref(pad) }
        let change = Change(pattern: pattern)
        let context = Unmanaged.passRetained(change).toOpaque()
        let probe = gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, { pad, _, data in
            guard let data else { return GST_PAD_PROBE_REMOVE }
            let change = Unmanaged<Change>.fromOpaque(data).takeUnretainedValue()
            if let element = gst_pad_get_parent_element(pad) {
                change.succeeded = gstshim_set_arg(element, "pattern", change.pattern) != 0
                gst_object_unref(element)
            }
            change.done.signal()
            return GST_PAD_PROBE_REMOVE
        }, context, { data in
            if let data { Unmanaged<Change>.fromOpaque(data).release() }
        })
        guard probe != 0 else {
            try source.set("pattern", argument: pattern)
            return
        }
        if change.done.wait(timeout: .now() + timeout) == .timedOut {
            gst_pad_remove_probe(pad, probe)
            try source.set("pattern", argument: pattern)
        } else if !change.succeeded {
            throw .pipeline("The test card could not switch to the pattern \(pattern).")
        }
    }
}
