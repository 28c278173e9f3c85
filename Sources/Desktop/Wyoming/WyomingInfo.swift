import Foundation
import Intents

/// The `info` event's data: what this endpoint offers a Wyoming pipeline (`wyoming.info.Info`).
enum WyomingInfo {
    /// The program's name in `info`.
    static let programName = "retrocam"
    /// Who made it (`wyoming.info.Attribution`).
    static var attribution: [String: Any] { ["name": "Retrocam", "url": ""] }
    /// The languages the templates are written in.
    static let languages = ["en"]

    /// An intent program (recognize → intent) and a handle program (transcript → handled), each with one
    /// model: the camera's intents, which the model's description lists.
    static func describe() -> [String: Any] {
        let intents = CameraController.intents.map(\.name).joined(separator: ", ")
        func program(_ description: String, model: String) -> [String: Any] {
            ["name": programName, "attribution": attribution, "installed": true, "description": description,
             "version": WyomingEvent.version,
             "models": [["name": model, "attribution": attribution, "installed": true, "languages": languages,
                         "description": "The camera's intents: \(intents).", "version": WyomingEvent.version]]]
        }
        var handle = program("Performs what is said to the Retrocam camera and answers with its dialog.", model: "retrocam-camera")
        handle["supports_handled_streaming"] = false
        return [
            "asr": [], "tts": [], "wake": [], "mic": [], "snd": [],
            "intent": [program("Understands what is said to the Retrocam camera (its built-in matcher).", model: "retrocam-camera")],
            "handle": [handle],
        ]
    }
}
