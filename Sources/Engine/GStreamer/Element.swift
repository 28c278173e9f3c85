import Body
import CGStreamer
import CGstShim

/// A borrowed element inside a `Pipeline`, with typed property setters that
/// read the value back, because GStreamer ignores a bad property silently.
struct Element: @unchecked Sendable {
    /// The GstElement.
    let pointer: UnsafeMutablePointer<GstElement>
    /// Its name in the pipeline.
    let name: String
    /// Keeps the pipeline (and so the element) alive.
    let owner: Pipeline

    /// Sets a boolean property.
    func set(_ property: String, _ value: Bool) throws(IntentError) {
        try check(property, "\(value)", gstshim_set_bool(pointer, property, value ? 1 : 0))
    }

    /// Sets an integer or enum-by-number property.
    func set(_ property: String, _ value: Int) throws(IntentError) {
        try check(property, "\(value)", gstshim_set_int(pointer, property, gint64(value)))
    }

    /// Sets a float or double property.
    func set(_ property: String, _ value: Double) throws(IntentError) {
        try check(property, "\(value)", gstshim_set_double(pointer, property, value))
    }

    /// Sets a string property.
    func set(_ property: String, string value: String) throws(IntentError) {
        try check(property, value, gstshim_set_string(pointer, property, value))
    }

    /// Sets a property from its textual form (enum nicks, caps, …).
    func set(_ property: String, argument value: String) throws(IntentError) {
        try check(property, value, gstshim_set_arg(pointer, property, value))
    }

    /// The property's current value, serialised.
    func get(_ property: String) -> String? {
        GStreamerRuntime.takeString(gstshim_get_as_string(pointer, property))
    }

    private func check(_ property: String, _ value: String, _ ok: gboolean) throws(IntentError) {
        if ok == 0 {
            throw .pipeline("The \(name) element did not accept \(property) = \(value).")
        }
    }
}
