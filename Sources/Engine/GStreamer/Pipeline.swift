import Body
import CGStreamer
import CGstShim
import Foundation
import Synchronization

/// One GStreamer pipeline, built from a launch description. It is set to NULL
/// and released when the object goes away.
final class Pipeline: @unchecked Sendable {
    /// The GstPipeline.
    let handle: UnsafeMutablePointer<GstElement>
    /// What the pipeline was built from (for error messages and logs).
    let description: String
    /// What it is for, in words: "camera pipeline", "recording pipeline".
    let purpose: String
    /// The elements looked up so far, by name: a look change sets a dozen properties, and each would
    /// otherwise walk the bin. Borrowed pointers (the bin owns the elements), so no cycle through `Element.owner`.
    private let elements = Mutex<[String: BorrowedElement]>([:])

    /// Parses `description` with `gst_parse_launch_full` and FATAL_ERRORS, so a
    /// missing element or a bad link is an error instead of a half-built graph.
    init(launching description: String, purpose: String) throws(IntentError) {
        try GStreamerRuntime.ensure()
        var error: UnsafeMutablePointer<GError>?
        let flags = GstParseFlags(rawValue: GST_PARSE_FLAG_FATAL_ERRORS.rawValue)
        let element = gst_parse_launch_full(description, nil, flags, &error)
        let message = GStreamerRuntime.takeMessage(error)
        guard let element else {
            try PipelineElements.requireInstalled(for: description, purpose: purpose)
            throw .pipeline("The \(purpose) could not be built: \(message ?? "unknown reason").")
        }
        handle = element
        self.description = description
        self.purpose = purpose
        gstshim_pipeline_use_system_clock(handle)
    }

    deinit {
        gst_element_set_state(handle, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The element named `name` in the pipeline; it lives as long as the pipeline.
    func element(_ name: String) throws(IntentError) -> Element {
        if let known = elements.withLock({ $0[name] }) { return Element(pointer: known.pointer, name: name, owner: self) }
        guard let child = gstshim_bin_get_by_name(handle, name) else {
            throw .pipeline("The \(purpose) has no element called \(name).")
        }
        // The bin keeps the element alive; the Element keeps the pipeline alive.
        gst_object_unref(UnsafeMutableRawPointer(child))
        elements.withLock { $0[name] = BorrowedElement(pointer: child) }
        return Element(pointer: child, name: name, owner: self)
    }

    /// Sets PLAYING and waits until it is reached (or fails) within `timeout` seconds.
    func play(timeout: Double) throws(IntentError) {
        let change = gst_element_set_state(handle, GST_STATE_PLAYING)
        if change == GST_STATE_CHANGE_FAILURE {
            throw .pipeline("The \(purpose) would not start: \(pendingError() ?? "unknown reason").")
        }
        var state = GST_STATE_NULL
        var pending = GST_STATE_NULL
        let result = gst_element_get_state(handle, &state, &pending, nanoseconds(timeout))
        if result == GST_STATE_CHANGE_FAILURE {
            throw .pipeline("The \(purpose) failed while starting: \(pendingError() ?? "unknown reason").")
        }
        if result == GST_STATE_CHANGE_ASYNC {
            throw .pipeline("The \(purpose) did not start within \(Int(timeout)) seconds.")
        }
    }

    /// Sends EOS and waits for it to reach the sinks (files closed), then sets NULL.
    /// Never waits longer than `timeout` seconds.
    func finish(timeout: Double) throws(IntentError) {
        _ = gstshim_send_eos(handle)
        try waitForEndOfStream(timeout: timeout)
    }

    /// Waits for EOS on the bus, then sets NULL. Never waits longer than `timeout` seconds.
    func waitForEndOfStream(timeout: Double) throws(IntentError) {
        var problem: UnsafeMutablePointer<gchar>?
        let result = gstshim_bus_wait(handle, nanoseconds(timeout), &problem)
        let message = GStreamerRuntime.takeString(problem)
        stop()
        switch result {
        case GSTSHIM_BUS_EOS: return
        case GSTSHIM_BUS_ERROR: throw .pipeline("The \(purpose) failed while finishing: \(message ?? "unknown reason").")
        default: throw .pipeline("The \(purpose) did not finish within \(Int(timeout)) seconds.")
        }
    }

    /// Sets NULL at once.
    func stop() {
        gst_element_set_state(handle, GST_STATE_NULL)
    }

    /// The state the pipeline is in now ("NULL", "READY", "PAUSED", "PLAYING").
    var currentState: String {
        var state = GST_STATE_VOID_PENDING
        var pending = GST_STATE_VOID_PENDING
        gst_element_get_state(handle, &state, &pending, 0)
        return String(cString: gst_element_state_get_name(state))
    }

    /// The pipeline's base time on the system clock.
    var baseTime: GstClockTime { gstshim_base_time(handle) }

    /// An error already posted on the bus, if any (does not wait).
    func pendingError() -> String? {
        var isError: gboolean = 0
        while let text = GStreamerRuntime.takeString(gstshim_bus_pop_problem(handle, 0, &isError)) {
            if isError != 0 { return text }
        }
        return nil
    }
}

/// An element of a pipeline's bin, which owns it; shared between threads only while the pipeline lives.
private struct BorrowedElement: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GstElement>
}
