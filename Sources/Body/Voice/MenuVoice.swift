/// How people say the MENU rows that voice commands reach: DATE IMPRINT and VIRTUAL CAMERA (switches) and NEW
/// TAPE (a button). The SET CLOCK fields are worked on the screen only.
extension MenuRowID {
    /// The row's voice part, as a control's: names and the spoken forms of its values.
    public var voice: ControlVoice {
        switch self {
        case .dateImprint:
            ControlVoice(names: ["date imprint", "date stamp", "timestamp", "time stamp", "date", "date and time"],
                         values: ValueWord.forms(VoiceGestures.on, "true") + ValueWord.forms(VoiceGestures.off, "false"),
                         switchOn: ["stamp", "print", "imprint", "add", "show", "put", "include"],
                         switchOff: ["hide", "remove", "drop", "take off"])
        case .virtualCamera:
            ControlVoice(names: ["virtual camera", "virtual webcam", "fake webcam", "webcam feed", "camera feed",
                                 "virtual camera feed", "webcam", "virtual cam", "virtual webcam feed"])
        case .insertTape:
            ControlVoice(names: ["new tape"], parts: ["button"])
        default:
            ControlVoice(names: [name.lowercased()])
        }
    }
}
