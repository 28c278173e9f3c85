import Body

/// The intent catalog: what each intent does, its parameter's choices, and the phrases that say it.
/// ListIntents and the voice matcher read the same rows, so they cannot drift.
enum IntentCatalog {
    /// One sentence per intent.
    static let summaries: [IntentName: String] = [
        .startClip: "Start recording a clip; switches to CINE when in STILL. The self-timer applies.",
        .pauseClip: "Pause: end and save the clip being recorded.",
        .takePhoto: "Take a photo; switches to STILL when in CINE. The self-timer applies.",
        .toggleRecord: "Exactly what REC does: in CINE start or pause, in STILL take a photo.",
        .setDecade: "Turn the DECADE wheel, from the 1900s to the 2020s.",
        .setStyle: "Turn the TECHNOLOGY/STYLE dial to an entry of the current decade.",
        .setDegree: "Turn the DEGREE dial, from 1 (a hint) to 12 (the full era).",
        .setMode: "Move the mode lever to Cine or Still.",
        .setExposure: "Set the EXPOSURE rocker, from -2 to +2 EV in half stops.",
        .setZoom: "Set the ZOOM rocker, from 1.0x to 4.0x in 0.5x steps.",
        .setFormat: "Set the frame format: 4:3, 16:9 or 2.39:1 (CINE only).",
        .setTimer: "Set the self-timer: off, 3 or 10 seconds.",
        .setAudio: "Set the SOUND mode: off, mono or stereo.",
        .setLight: "Turn the LIGHT (CINE) or FLASH (STILL) on or off.",
        .toggleLight: "Toggle the LIGHT or FLASH.",
        .flipCamera: "Switch between the back and front cameras.",
        .undo: "Move the last take to the Trash, within 10 seconds of taking it.",
        .lastTake: "The last take's file.",
        .adjustControl: "Turn the decade, style, degree, exposure or zoom some steps up or down, as a swipe does (Camera1.Adjust): exposure stops at -2 and +2.",
        .setFacing: "Use the front or the back camera.",
        .setDateImprint: "Turn the date stamp on photos and clips on or off (MENU > DATE IMPRINT).",
        .insertTape: "Put in a new tape (film load, cassette) for the current technology: the counter starts again.",
        .factOfTheDay: "A true fact about the decade on the wheel, the same all day.",
        .startVirtualCamera: "Publish the looked picture as the camera \"Retrocam\" that calls, browsers and OBS can pick.",
        .stopVirtualCamera: "Remove the virtual camera \"Retrocam\".",
        .toggleVirtualCamera: "Turn the virtual camera on when it is off, off when it is on.",
    ]

    /// The sentences the voice matcher understands and the exports write, in hassil template syntax:
    /// `[optional]`, `(a | b)`, `{slot}` read by a typed parser (named after the control it sets), `{*}` a
    /// few words of anything, and `<rule>` from `VoiceRules`. They live in `Voice/Grammar/`, by what they do.
    /// The order only breaks ties between equally specific sentences.
    static let sentences: [VoiceSentence] = writtenSentences + ControlSentences.all

    /// The sentences written by what they do, without those composed from the control table: what the
    /// speech grammar is made of. With the composed ones a recognizer constrained to the grammar heard 26 of
    /// a voice's 30 commands instead of 28 (more paths for noise to fit); `Interpret` still reads the
    /// composed sentences in whatever a recognizer writes.
    static let writtenSentences: [VoiceSentence] = ActionSentences.all + SettingSentences.all + RelativeSentences.all

    /// Every intent as ListIntents reports it.
    static let descriptions: [IntentDescription] = IntentName.allCases.map { intent in
        IntentDescription(
            name: intent.rawValue,
            summary: intent.summary,
            parameters: parameters(of: intent),
            phrases: sentences.filter { $0.intent == intent }.map(\.template))
    }

    /// An intent's parameters with their canonical choices.
    static func parameters(of intent: IntentName) -> [ParameterDescription] {
        if let kind = intent.setting { return [ParameterDescription(name: IntentParameter.value, choices: choices(kind))] }
        guard intent == .adjustControl else { return [] }
        return [ParameterDescription(name: IntentParameter.control, choices: Resolver.adjustableControls.map(\.rawValue)),
                ParameterDescription(name: IntentParameter.steps, choices: ["+1", "-1", "+2", "-2"])]
    }

    /// The canonical values of a control, as ListIntents lists them.
    static func choices(_ kind: SettingKind) -> [String] {
        switch kind {
        case .decade: return Catalog.standard.decades.map(\.name)
        case .style:
            var names: [String] = []
            for decade in Catalog.standard.decades {
                for entry in DialEntry.entries(of: decade) where !names.contains(entry.name) { names.append(entry.name) }
            }
            return names
        case .degree: return CameraBody.degreeRange.map(String.init)
        case .mode: return Mode.allCases.map(\.rawValue)
        case .exposure:
            return Array(stride(from: CameraBody.exposureRange.lowerBound, through: CameraBody.exposureRange.upperBound,
                                by: CameraBody.exposureStep)).map(Spoken.exposureNumber)
        case .zoom:
            return Array(stride(from: CameraBody.zoomRange.lowerBound, through: CameraBody.zoomRange.upperBound,
                                by: CameraBody.zoomStep)).map(Spoken.zoom)
        case .format: return FrameFormat.allCases.map(\.rawValue)
        case .timer: return CameraBody.timerChoices.map { $0 == 0 ? "Off" : String($0) }
        case .audio: return AudioMode.allCases.map(\.rawValue)
        case .light, .dateImprint: return ["On", "Off"]
        case .facing: return Facing.allCases.map(\.rawValue)
        }
    }
}
