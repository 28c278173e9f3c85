import Automation
import Body
import Foundation
import Intents

/// One event as the hooks see it: which event, the facts a hook gets in its environment (as gphoto2's
/// `--hook-script` gets `ACTION` and `ARGUMENT`), and what the work that caused it was.
struct HookOccurrence: Sendable {
    /// The event.
    let event: HookEvent
    /// `RETROCAM_*` variables: the take's path, kind, decade, style, duration, the camera, who asked.
    let facts: [String: String]
    /// What asked for the work (an automation's own takes start no automation: no loops).
    let origin: TakeOrigin
    /// A few words for log lines: the take's file name or the camera.
    let subject: String

    /// The hook events a camera event makes (none for the countdown and TakeEnded, which the camera's own
    /// events cover). `alreadySaved` is the path of the last take announced as saved: a clip the camera
    /// ended itself is a saved take too, but one that went through PauseClip was announced already.
    static func occurrences(of event: CameraEvent, requester: Requester?, origin: TakeOrigin,
                            alreadySaved: String?) -> [HookOccurrence] {
        var common: [String: String] = [
            "RETROCAM_REQUESTER": requester?.displayName ?? "",
            "RETROCAM_APP_ID": requester?.appID ?? "",
            "RETROCAM_INTENT": origin.intent ?? "",
            "RETROCAM_SHORTCUT": origin.shortcut ?? "",
            "RETROCAM_AUTOMATION": origin.automation ?? "",
        ]
        func make(_ kind: HookEvent, _ facts: [String: String], _ subject: String) -> HookOccurrence {
            common["RETROCAM_EVENT"] = kind.rawValue
            return HookOccurrence(event: kind, facts: common.merging(facts) { $1 }, origin: origin, subject: subject)
        }
        switch event {
        case .takeSaved(let take, let camera):
            return [make(.takeSaved, takeFacts(take, camera: camera), take.fileName)]
        case .recordingStarted(let camera):
            return [make(.recordingStarted, ["RETROCAM_CAMERA": camera ?? ""], camera ?? "the camera")]
        case .recordingStopped(let take, let reason):
            var facts = take.map { takeFacts($0, camera: nil) } ?? ["RETROCAM_KIND": "clip"]
            facts["RETROCAM_REASON"] = reason ?? ""
            var made = [make(.recordingStopped, facts, take?.fileName ?? "no file")]
            if let take, take.path != alreadySaved { made.insert(make(.takeSaved, takeFacts(take, camera: nil), take.fileName), at: 0) }
            return made
        case .cameraAdded(let camera):
            return [make(.cameraAdded, cameraFacts(camera), camera.name)]
        case .cameraRemoved(let camera):
            return [make(.cameraRemoved, cameraFacts(camera), camera.name)]
        case .countdown, .takeEnded, .virtualCameraRead:
            return []
        }
    }

    /// The path of the take a camera event announces as saved, if it does.
    static func savedPath(of event: CameraEvent) -> String? {
        switch event {
        case .takeSaved(let take, _): return take.path
        case .recordingStopped(let take?, _): return take.path
        default: return nil
        }
    }

    private static func takeFacts(_ take: CapturedTake, camera: String?) -> [String: String] {
        var facts = [
            "RETROCAM_PATH": take.path,
            "RETROCAM_KIND": take.kind.rawValue,
            "RETROCAM_DECADE": take.decade ?? "",
            "RETROCAM_STYLE": take.technology ?? "",
            "RETROCAM_DURATION": take.duration.map { String(format: "%.2f", $0) } ?? "",
            "RETROCAM_CREATED": ISO8601DateFormatter().string(from: take.created),
        ]
        if let camera { facts["RETROCAM_CAMERA"] = camera }
        return facts
    }

    private static func cameraFacts(_ camera: CameraEntry) -> [String: String] {
        ["RETROCAM_CAMERA": camera.name, "RETROCAM_CAMERA_ID": camera.id, "RETROCAM_CAMERA_SIDE": camera.facing]
    }
}

private extension CapturedTake {
    var fileName: String { URL(fileURLWithPath: path).lastPathComponent }
}

extension Requester {
    /// The Flatpak app id or Snap name of a confined caller; nil for everything else.
    var appID: String? {
        if case .caller(let caller) = self { return caller.appID }
        return nil
    }
}
