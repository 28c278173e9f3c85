import Body
import CGStreamer
import Foundation

/// GStreamer's process-wide start-up, done once.
enum GStreamerRuntime {
    private static let initialised: Result<Void, IntentError> = {
        var error: UnsafeMutablePointer<GError>?
        if gst_init_check(nil, nil, &error) == 0 {
            let message = takeMessage(error) ?? "unknown reason"
            return .failure(.pipeline("GStreamer could not start: \(message)."))
        }
        return .success(())
    }()

    /// Calls `gst_init_check` the first time; throws if GStreamer cannot start.
    static func ensure() throws(IntentError) {
        try initialised.get()
    }

    /// True when an element factory called `name` is installed.
    static func hasElement(_ name: String) -> Bool {
        guard let factory = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }

    /// The message of a GError, freeing it.
    static func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }

    /// A C string owned by GLib turned into a Swift string, freeing it.
    static func takeString(_ text: UnsafeMutablePointer<gchar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }
}

/// Seconds to GStreamer nanoseconds.
func nanoseconds(_ seconds: Double) -> GstClockTime {
    GstClockTime(max(0, seconds) * 1_000_000_000)
}
