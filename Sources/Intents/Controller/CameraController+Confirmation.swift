import Body

/// The questions asked before an action is performed: by Resolve, after checking it could be done now,
/// and by Interpret when it only says what it understood.
extension CameraController {
    /// The question Resolve answers for an action intent, after checking that it could be performed now.
    func confirmation(of intent: IntentName) async throws(IntentError) -> IntentResult {
        let question = Self.actionQuestion(intent, body: body, timerCounting: selfTimer.isCounting)
        switch intent {
        case .startClip:
            guard selfTimer.isCounting || !body.recording else {
                throw .notAllowed("Already recording. Pause the clip first to start a new one.")
            }
        case .pauseClip:
            guard body.recording else { throw .notAllowed("Not recording, so there is no clip to pause.") }
        case .takePhoto:
            guard selfTimer.isCounting || !body.recording else {
                throw .notAllowed("Can't take a photo while recording. Pause the clip first.")
            }
        case .toggleLight:
            return IntentResult(dialog: question, value: .bool(!body.light))
        case .flipCamera:
            let target = try await flipTarget()
            return IntentResult(dialog: question, value: .string(target.rawValue))
        case .undo:
            return IntentResult(dialog: question, path: try undoableTake().path)
        case .lastTake:
            guard let take = await device.lastTake() else { throw .notFound("There are no takes yet.") }
            return IntentResult(dialog: question, path: take.path)
        case .insertTape:
            guard !body.recording else { throw .notAllowed(Self.noTapeChangeWhileRecording) }
        default:
            break
        }
        return IntentResult(dialog: question)
    }

    /// What an action intent would do to `body`, asked: "Start recording?", "Switch to STILL and take a photo?".
    static func actionQuestion(_ intent: IntentName, body: CameraBody, timerCounting: Bool = false) -> String {
        switch intent {
        case .startClip:
            if timerCounting { return "Cancel the self-timer?" }
            return body.mode == .cine ? "Start recording?" : "Switch to CINE and start recording?"
        case .pauseClip: return "Pause and save the clip?"
        case .takePhoto:
            if timerCounting { return "Cancel the self-timer?" }
            return body.mode == .still ? "Take a photo?" : "Switch to STILL and take a photo?"
        case .toggleRecord:
            if timerCounting { return "Cancel the self-timer?" }
            if body.recording { return "Pause and save the clip?" }
            return body.mode == .cine ? "Start recording?" : "Take a photo?"
        case .toggleLight: return "Turn the \(Wording.lightName(body).lowercased()) \(body.light ? "off" : "on")?"
        case .flipCamera: return "Switch to the \(body.facing.flipped.rawValue) camera?"
        case .undo: return "Move the last take to the Trash?"
        case .lastTake: return "Show the last take?"
        case .insertTape: return "Put in a new \(body.technology.medium.name)?"
        case .factOfTheDay: return "Tell the fact of the day about the \(body.decade.name)?"
        case .startVirtualCamera: return "Turn on the virtual camera?"
        case .stopVirtualCamera: return "Turn off the virtual camera?"
        case .toggleVirtualCamera: return "Turn \(body.virtualCameraState == .on ? "off" : "on") the virtual camera?"
        default: preconditionFailure("\(intent.rawValue) has parameters, confirmed by what they resolve to")
        }
    }
}
