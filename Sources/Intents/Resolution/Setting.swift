import Body
import Foundation

/// An entry of the TECHNOLOGY/STYLE dial: a moving-picture technology (CINE) or a still style (STILL).
struct DialEntry: Equatable, Sendable {
    /// Which half of the dial the entry belongs to.
    enum Kind: Equatable, Sendable {
        case technology, style
    }

    let kind: Kind
    let id: String
    let name: String
    /// The names it answers to: id, name and synonyms, normalised.
    let keys: [String]

    /// The entries of a decade: its technologies, then its styles.
    static func entries(of decade: Decade) -> [DialEntry] {
        decade.technologies.map { DialEntry(kind: .technology, id: $0.id, name: $0.name, synonyms: $0.synonyms) }
            + decade.styles.map { DialEntry(kind: .style, id: $0.id, name: $0.name, synonyms: $0.synonyms) }
    }

    init(kind: Kind, id: String, name: String, synonyms: [String]) {
        self.kind = kind
        self.id = id
        self.name = name
        self.keys = ([name, id] + synonyms).map { Phrase.normalize($0.replacingOccurrences(of: "-", with: " ")) }
    }
}

/// A resolved value for one control: what a Set* intent will do.
enum Setting: Equatable, Sendable {
    case decade(Int)
    case dialEntry(DialEntry)
    case degree(Int)
    case mode(Mode)
    case exposure(Double)
    case zoom(Double)
    case format(FrameFormat)
    case timer(Int)
    case audio(AudioMode)
    case light(Bool)

    /// The value a result reports: `.string("1970s")`, `.int(7)`, `.double(2.0)`, `.bool(true)`.
    var value: ParameterValue {
        switch self {
        case .decade(let year): return .string(Wording.decadeName(year))
        case .dialEntry(let entry): return .string(entry.name)
        case .degree(let degree): return .int(Int64(degree))
        case .mode(let mode): return .string(mode.rawValue)
        case .exposure(let ev): return .double(ev)
        case .zoom(let zoom): return .double(zoom)
        case .format(let format): return .string(format.rawValue)
        case .timer(let seconds): return .int(Int64(seconds))
        case .audio(let audio): return .string(audio.rawValue)
        case .light(let on): return .bool(on)
        }
    }

    /// True when the setting changes the picture, so the device must re-apply the look.
    var changesLook: Bool {
        switch self {
        case .timer, .audio: return false
        default: return true
        }
    }

    /// Applies the setting to a body; answers the notes worth saying first ("Switched to STILL.").
    func apply(to body: inout CameraBody) throws(BodyError) -> [String] {
        var notes: [String] = []
        switch self {
        case .decade(let year): try body.setDecade(year: year)
        case .dialEntry(let entry):
            switch entry.kind {
            case .technology:
                if body.mode != .cine { body.setMode(.cine); notes.append("Switched to CINE.") }
                try body.setTechnology(id: entry.id)
            case .style:
                if body.mode != .still { body.setMode(.still); notes.append("Switched to STILL.") }
                try body.setStyle(id: entry.id)
            }
        case .degree(let degree): try body.setDegree(degree)
        case .mode(let mode): body.setMode(mode)
        case .exposure(let ev): try body.setExposure(ev)
        case .zoom(let zoom): try body.setZoom(zoom)
        case .format(let format): try body.setFormat(format)
        case .timer(let seconds): try body.setTimer(seconds: seconds)
        case .audio(let audio): body.setAudio(audio)
        case .light(let on): body.setLight(on)
        }
        return notes
    }

    /// The sentence said once the setting is applied to `body`.
    func dialog(after body: CameraBody) -> String {
        switch self {
        case .decade:
            let caption = Wording.sentence(body.decade.caption)
            return "Decade set to the \(body.decade.name)" + (caption.isEmpty ? "." : ": \(caption)")
        case .dialEntry(let entry):
            return "\(entry.kind == .technology ? "Technology" : "Style") set to \(entry.name)."
        case .degree(let degree): return "Degree set to \(degree) of \(CameraBody.degreeRange.upperBound)."
        case .mode(let mode): return "Mode set to \(mode.rawValue)."
        case .exposure(let ev): return "Exposure set to \(Wording.exposure(ev)) EV."
        case .zoom(let zoom): return "Zoom set to \(Spoken.zoom(zoom))."
        case .format(let format): return "Format set to \(format.rawValue)."
        case .timer(let seconds): return seconds == 0 ? "Self-timer off." : "Self-timer set to \(seconds) seconds."
        case .audio(let audio): return "Audio set to \(audio.rawValue)."
        case .light(let on): return "\(Wording.lightName(body)) \(on ? "on" : "off")."
        }
    }

    /// The question an assistant asks before performing it (Resolve's dialog).
    var confirmation: String {
        switch self {
        case .decade(let year): return "Set the decade to the \(Wording.decadeName(year))?"
        case .dialEntry(let entry):
            return "Set the \(entry.kind == .technology ? "technology" : "style") to \(entry.name)?"
        case .degree(let degree): return "Set the degree to \(degree) of \(CameraBody.degreeRange.upperBound)?"
        case .mode(let mode): return "Switch to \(mode.rawValue)?"
        case .exposure(let ev): return "Set the exposure to \(Wording.exposure(ev)) EV?"
        case .zoom(let zoom): return "Zoom to \(Spoken.zoom(zoom))?"
        case .format(let format): return "Set the format to \(format.rawValue)?"
        case .timer(let seconds): return seconds == 0 ? "Turn the self-timer off?" : "Set the self-timer to \(seconds) seconds?"
        case .audio(let audio): return "Set the audio to \(audio.rawValue)?"
        case .light(let on): return "Turn the light \(on ? "on" : "off")?"
        }
    }
}
