import Body

/// What a search result does when it is activated: exactly what was shown for it.
public enum SearchAction: Sendable {
    /// The typed words as the voice matcher read them (`Intents1.Interpret` of the same words).
    case utterance(UtteranceReading)
    /// An intent without parameters, found by its name (`TakePhoto`, `Undo`).
    case intent(IntentName)
    /// An adjustable control turned one step up, found by its name (`Camera1.Adjust(id, 1)`).
    case adjust(ControlID)
    /// A button or switch pressed, found by its name (`Camera1.Activate(id)`).
    case press(ControlID)
    /// A shortcut run by its name (`Shortcuts1.RunShortcut`).
    case shortcut(String)
}

/// One result of a desktop search ("seventies" → "Set the decade to the 1970s"): what it does, the words
/// shown for it, and whether it films or destroys a take (so activating it passes the capture gate).
public struct SearchResult: Sendable {
    /// What activating it does.
    public let action: SearchAction
    /// What will happen, said plainly ("Set the decade to the 1970s", "Take a photo").
    public let name: String
    /// True when it films or destroys a take, as the bus row that does the same says.
    public let captures: Bool
    /// A themed icon name (freedesktop icon naming).
    public let icon: String
    /// The control whose current value the description gives; nil for the camera as a whole.
    public let control: ControlID?
    /// A fixed description (a shortcut's first comment); nil: the current value, read when shown.
    public let summary: String?
    /// How well it fits the words; higher first.
    public let score: Int
    /// What it does, for putting together results that do the same ("intent:Undo", "adjust:zoom").
    let key: String
}

extension SearchAction {
    /// The themed icon of the action.
    var icon: String {
        switch self {
        case .utterance(let reading): return reading.firstIntent.map(Self.icon(of:)) ?? Self.cameraIcon
        case .intent(let intent): return Self.icon(of: intent)
        case .adjust(let control), .press(let control): return Self.icon(of: control)
        case .shortcut: return "system-run-symbolic"
        }
    }

    /// The camera's own icon, for what concerns the camera as a whole.
    static let cameraIcon = "camera-photo"

    static func icon(of intent: IntentName) -> String {
        switch intent {
        case .takePhoto: return "camera-photo-symbolic"
        case .startClip, .toggleRecord: return "media-record-symbolic"
        case .pauseClip: return "media-playback-pause-symbolic"
        case .undo: return "edit-undo-symbolic"
        case .lastTake: return "image-x-generic-symbolic"
        case .setZoom: return icon(of: .zoom)
        case .setExposure: return icon(of: .exposure)
        case .setTimer: return icon(of: .timer)
        case .setLight, .toggleLight: return icon(of: .light)
        case .setAudio: return icon(of: .audio)
        case .flipCamera, .setFacing: return icon(of: .flip)
        default: return cameraIcon
        }
    }

    static func icon(of control: ControlID) -> String {
        switch control {
        case .rec: return "media-record-symbolic"
        case .zoom: return "zoom-in-symbolic"
        case .exposure: return "display-brightness-symbolic"
        case .timer: return "alarm-symbolic"
        case .light: return "weather-clear-symbolic"
        case .audio: return "audio-input-microphone-symbolic"
        case .flip: return "camera-switch-symbolic"
        case .undo: return "edit-undo-symbolic"
        case .library, .lastTake: return "image-x-generic-symbolic"
        default: return "camera-video-symbolic"
        }
    }
}
