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
    ]

    /// The sentences the voice matcher understands and the exports write, in hassil template syntax:
    /// `[optional]`, `(a | b)`, `{slot}` read by a typed parser (named after the control it sets) and
    /// `<rule>` from `VoiceRules`. The order only breaks ties between equally specific sentences.
    static let sentences: [VoiceSentence] = [
        VoiceSentence(.toggleRecord, "(toggle | press | hit | push) [the] (record | recording | rec) [button]"),
        VoiceSentence(.startClip, "(start | begin) [(recording | filming | a clip | a video | a movie | a take)]"),
        VoiceSentence(.startClip, "(record | film) [(a clip | a video | a movie | something)]"),
        VoiceSentence(.startClip, "(roll | roll camera | action | lights camera action)"),
        VoiceSentence(.pauseClip, "(stop | pause | end | finish) [(recording | filming | the clip | the recording | the video | the take)]"),
        VoiceSentence(.pauseClip, "(cut | thats a wrap)"),
        VoiceSentence(.takePhoto, "<take> [(a | the | one | another | my)] <picture>"),
        VoiceSentence(.takePhoto, "(say cheese | cheese | snap)"),
        VoiceSentence(.setDecade, "<go> [back in time] to [the] {decade}"),
        VoiceSentence(.setDecade, "<set> [the] decade [wheel] to [the] {decade}"),
        VoiceSentence(.setDecade, "(decade | era) {decade}"),
        VoiceSentence(.setStyle, "<set> [the] (style | technology | dial) to {style}"),
        VoiceSentence(.setStyle, "(style | technology) {style}"),
        VoiceSentence(.setStyle, "(use | shoot on | shoot with) {style}"),
        VoiceSentence(.setMode, "<set> [the] mode to {mode}"),
        VoiceSentence(.setMode, "(switch | change | go) to {mode} [mode]"),
        VoiceSentence(.setMode, "{mode} mode"),
        VoiceSentence(.setDegree, "<set> [the] degree [dial] to {degree}"),
        VoiceSentence(.setDegree, "degree {degree}"),
        VoiceSentence(.setExposure, "<set> [the] exposure [to] {exposure}"),
        VoiceSentence(.setExposure, "exposure {exposure}"),
        VoiceSentence(.setZoom, "zoom all the way in", value: "4.0"),
        VoiceSentence(.setZoom, "zoom [all the way] out", value: "1.0"),
        VoiceSentence(.setZoom, "zoom [(to | in to | in | in at | out to)] {zoom}"),
        VoiceSentence(.setZoom, "<set> [the] zoom to {zoom}"),
        VoiceSentence(.setZoom, "{zoom} zoom"),
        VoiceSentence(.setFormat, "<set> [the] (format | frame format | aspect ratio) to {format}"),
        VoiceSentence(.setFormat, "(format | aspect ratio) {format}"),
        VoiceSentence(.setFormat, "(shoot | film) in {format}"),
        VoiceSentence(.setTimer, "set [(a | the)] {timer} <timer>"),
        VoiceSentence(.setTimer, "set [(a | the)] <timer> [(for | to | of)] {timer}"),
        VoiceSentence(.setTimer, "turn [the] <timer> {timer}"),
        VoiceSentence(.setTimer, "turn {timer} [the] <timer>"),
        VoiceSentence(.setTimer, "<timer> {timer}"),
        VoiceSentence(.setAudio, "mute [the] [<sound>]", value: "Off"),
        VoiceSentence(.setAudio, "<set> [the] <sound> to {audio}"),
        VoiceSentence(.setAudio, "turn [the] <sound> {audio}"),
        VoiceSentence(.setAudio, "turn {audio} [the] <sound>"),
        VoiceSentence(.setAudio, "<sound> {audio}"),
        VoiceSentence(.setAudio, "record in {audio}"),
        VoiceSentence(.toggleLight, "toggle [the] <light>"),
        VoiceSentence(.setLight, "(turn | switch | set) [the] <light> [to] {light}"),
        VoiceSentence(.setLight, "(turn | switch) {light} [the] <light>"),
        VoiceSentence(.setLight, "<light> {light}"),
        VoiceSentence(.flipCamera, "flip [the] [(camera | cameras)]"),
        VoiceSentence(.flipCamera, "(switch | swap | change | turn around) [the] (camera | cameras)"),
        VoiceSentence(.undo, "undo [(that | it | the last take | last take)]"),
        VoiceSentence(.undo, "(scratch | delete | trash | bin) that"),
        VoiceSentence(.undo, "(delete | trash | bin) [the] last <take-word>"),
        VoiceSentence(.lastTake, "(show | open | play | view) [me] [(the | my)] last <take-word>"),
        VoiceSentence(.lastTake, "[(the | my)] last take"),
        VoiceSentence(.lastTake, "(what was | where is | wheres) [(the | my)] last <take-word>"),
    ]

    /// Every intent as ListIntents reports it.
    static let descriptions: [IntentDescription] = IntentName.allCases.map { intent in
        IntentDescription(
            name: intent.rawValue,
            summary: summaries[intent] ?? "",
            parameters: intent.setting.map { [ParameterDescription(name: "value", choices: choices($0))] } ?? [],
            phrases: sentences.filter { $0.intent == intent }.map(\.template))
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
                                by: CameraBody.exposureStep)).map(Wording.exposure)
        case .zoom:
            return Array(stride(from: CameraBody.zoomRange.lowerBound, through: CameraBody.zoomRange.upperBound,
                                by: CameraBody.zoomStep)).map(Spoken.zoom)
        case .format: return FrameFormat.allCases.map(\.rawValue)
        case .timer: return CameraBody.timerChoices.map { $0 == 0 ? "Off" : String($0) }
        case .audio: return AudioMode.allCases.map(\.rawValue)
        case .light: return ["On", "Off"]
        }
    }
}
