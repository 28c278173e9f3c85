import Body
import CGStreamer
import CGstShim
import Synchronization

/// Changes a playing `videotestsrc`'s pattern from its own streaming thread.
///
/// videotestsrc drops its cached frame when the pattern changes; set from another thread while the
/// streaming thread is filling a frame, that thread maps a NULL buffer and the process crashes
/// (FuzzTests found it: about a hundred quick FLIPs on the synthetic camera). The source pad's
/// stream lock cannot serialise it (the streaming task holds it as long as it runs), so the change
/// is made by a one-shot probe on the source pad, between two frames; the caller's task is suspended
/// until the probe has run, never a thread.
enum TestCardSwitch {
    /// The pattern to set, and the one answer: set (true), refused (false) or no frame came (nil).
    private final class Change: Sendable {
        let pattern: String
        private let waiting = Mutex<(continuation: CheckedContinuation<Bool?, Never>?, outcome: Bool??)>((nil, nil))
        init(pattern: String) { self.pattern = pattern }

        /// The probe ran (or the wait gave up): the first outcome is the answer.
        func finish(_ outcome: Bool?) {
            let continuation = waiting.withLock { state -> CheckedContinuation<Bool?, Never>? in
                guard state.outcome == nil else { return nil }
                state.outcome = .some(outcome)
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(returning: outcome)
        }

        /// Suspends until `finish`, or answers nil after `timeout`.
        func outcome(within timeout: Duration) async -> Bool? {
            let timer = Task { [self] in
                try? await Task.sleep(for: timeout)
                finish(nil)
            }
            defer { timer.cancel() }
            return await withCheckedContinuation { continuation in
                let ready = waiting.withLock { state -> Bool?? in
                    if state.outcome == nil { state.continuation = continuation }
                    return state.outcome
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }

    /// Sets `pattern` on `source` between two frames; at most `timeout` is waited for a frame, after
    /// which (the source is not streaming, so nothing races) it is set directly.
    static func setPattern(_ pattern: String, on source: Element, timeout: Duration = .seconds(1)) async throws(IntentError) {
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
            var succeeded = false
            if let element = gst_pad_get_parent_element(pad) {
                succeeded = gstshim_set_arg(element, "pattern", change.pattern) != 0
                gst_object_unref(element)
            }
            change.finish(succeeded)
            return GST_PAD_PROBE_REMOVE
        }, context, { data in
            if let data { Unmanaged<Change>.fromOpaque(data).release() }
        })
        guard probe != 0 else {
            try source.set("pattern", argument: pattern)
            return
        }
        switch await change.outcome(within: timeout) {
        case nil:
            gst_pad_remove_probe(pad, probe)
            try source.set("pattern", argument: pattern)
        case false?:
            throw .pipeline("The test card could not switch to the pattern \(pattern).")
        case true?:
            return
        }
    }
}
