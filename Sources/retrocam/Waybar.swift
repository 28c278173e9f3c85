import DBus

/// `status --format waybar`: one line of JSON per change, the keys waybar's custom module reads with
/// `"return-type": "json"` — `text`, `tooltip`, `class`, `alt` (waybar-custom(5)). The class and alt are
/// `recording` while a clip records, `idle` while the camera is open and ready, `asleep` while it is
/// closed or the daemon is not running (D-Bus starts it at the next call).
enum Waybar {
    /// The `--format` value that asks for this output instead of a template.
    static let formatName = "waybar"

    /// The camera's state.
    enum State: String {
        case recording, idle, asleep
    }

    /// The line for the camera's properties.
    static func line(_ properties: [String: Value]) -> String {
        let text = { (name: String) in properties[name].map(Template.text) ?? "" }
        let state: State = properties["Recording"]?.boolValue == true ? .recording
            : properties["CameraOpen"]?.boolValue == true ? .idle : .asleep
        let look = [text("Decade"), text("Style")].filter { !$0.isEmpty }.joined(separator: " ")
        let shown = state == .recording ? "REC \(look)" : look
        var tooltip = ["Retrocam: \(sentence(state))", "\(text("Mode")), \(look)", "Zoom \(text("Zoom"))x"]
        if let minutes = properties["TapeMinutesLeft"]?.doubleValue { tooltip.append("\(Int(minutes.rounded(.down))) minutes of tape left") }
        return encode(text: shown, tooltip: tooltip.joined(separator: "\n"), state: state)
    }

    /// The line while the daemon is not on the bus.
    static let absent = encode(text: "", tooltip: "Retrocam: not running; it starts at the next call", state: .asleep)

    private static func sentence(_ state: State) -> String {
        switch state {
        case .recording: return "recording"
        case .idle: return "ready"
        case .asleep: return "the camera is closed"
        }
    }

    private static func encode(text: String, tooltip: String, state: State) -> String {
        JSON.encode(["text": text, "tooltip": tooltip, "class": state.rawValue, "alt": state.rawValue])
    }
}
