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

    /// The phrases the voice matcher understands, most specific first.
    static let templates: [PhraseTemplate] = [
        PhraseTemplate(.toggleRecord, "(toggle|press) (record|recording|rec|the record button|the rec button)"),
        PhraseTemplate(.startClip, "(start|begin) (recording|filming|a clip|a video|a movie|a take)?"),
        PhraseTemplate(.startClip, "(record|film) (a clip|a video|a movie|something)?"),
        PhraseTemplate(.startClip, "(roll|roll camera|action)"),
        PhraseTemplate(.pauseClip, "(stop|pause|end|finish) (recording|filming|the clip|the recording|the video|the take)?"),
        PhraseTemplate(.pauseClip, "cut"),
        PhraseTemplate(.takePhoto, "(take|snap|shoot|grab) (a|the|one)? (picture|photo|photograph|snapshot|shot|pic|selfie)"),
        PhraseTemplate(.takePhoto, "(say cheese|cheese|snap)"),
        PhraseTemplate(.setDecade, "(go|go back|travel|take me|jump|set the wheel|turn the wheel) to (the)? {value}"),
        PhraseTemplate(.setDecade, "(set|change|turn) (the)? decade (wheel)? to {value}"),
        PhraseTemplate(.setDecade, "decade {value}"),
        PhraseTemplate(.setStyle, "(set|change|turn) (the)? (style|technology|dial) to {value}"),
        PhraseTemplate(.setStyle, "(style|technology) {value}"),
        PhraseTemplate(.setStyle, "(use|shoot on|shoot with|shoot in|switch to|change to) {value}"),
        PhraseTemplate(.setMode, "(set|change|switch) (the)? mode to {value}"),
        PhraseTemplate(.setMode, "(switch|change|go) to {value} (mode)?"),
        PhraseTemplate(.setMode, "{value} mode"),
        PhraseTemplate(.setDecade, "(switch|change) to (the)? {value}"),
        PhraseTemplate(.setDegree, "(set|change|turn) (the)? degree (dial)? to {value}"),
        PhraseTemplate(.setDegree, "degree {value}"),
        PhraseTemplate(.setExposure, "(set|change) (the)? exposure (to)? {value}"),
        PhraseTemplate(.setExposure, "exposure {value}"),
        PhraseTemplate(.setZoom, "zoom all the way in", value: "max"),
        PhraseTemplate(.setZoom, "zoom (all the way)? out", value: "1"),
        PhraseTemplate(.setZoom, "zoom (to|in to|in|in at|out to)? {value}"),
        PhraseTemplate(.setZoom, "(set|change) (the)? zoom to {value}"),
        PhraseTemplate(.setFormat, "(set|change) (the)? (format|frame format|aspect ratio) to {value}"),
        PhraseTemplate(.setFormat, "(format|aspect ratio) {value}"),
        PhraseTemplate(.setFormat, "(shoot|film) in {value}"),
        PhraseTemplate(.setTimer, "set (a|the)? {value} (timer|self timer)"),
        PhraseTemplate(.setTimer, "set (a|the)? (timer|self timer) (for|to|of)? {value}"),
        PhraseTemplate(.setTimer, "turn (the)? (timer|self timer) {value}"),
        PhraseTemplate(.setTimer, "turn {value} (the)? (timer|self timer)"),
        PhraseTemplate(.setTimer, "(timer|self timer) {value}"),
        PhraseTemplate(.setAudio, "(mute|mute the sound|mute the audio)", value: "off"),
        PhraseTemplate(.setAudio, "(set|change|turn) (the)? (audio|sound) to {value}"),
        PhraseTemplate(.setAudio, "turn (the)? (audio|sound) {value}"),
        PhraseTemplate(.setAudio, "turn {value} (the)? (audio|sound)"),
        PhraseTemplate(.setAudio, "(audio|sound) {value}"),
        PhraseTemplate(.setAudio, "record in {value}"),
        PhraseTemplate(.toggleLight, "toggle (the)? (light|flash|lamp)"),
        PhraseTemplate(.setLight, "(turn|switch|set) (the)? (light|flash|lamp) (to)? {value}"),
        PhraseTemplate(.setLight, "(turn|switch) {value} (the)? (light|flash|lamp)"),
        PhraseTemplate(.setLight, "(light|flash|lamp) {value}"),
        PhraseTemplate(.flipCamera, "flip (the)? (camera|cameras)?"),
        PhraseTemplate(.flipCamera, "(switch|swap|change) (the)? (camera|cameras)"),
        PhraseTemplate(.undo, "undo (that|it|the last take|last take)?"),
        PhraseTemplate(.undo, "(scratch that|delete that|trash that|bin that)"),
        PhraseTemplate(.undo, "(delete|trash|bin) (the)? last (take|photo|clip|picture|video)"),
        PhraseTemplate(.lastTake, "(show|open|play|view) (me)? (the|my)? last (take|photo|clip|picture|video)"),
        PhraseTemplate(.lastTake, "(the|my)? last take"),
        PhraseTemplate(.lastTake, "(what was|where is|wheres) (the|my)? last take"),
    ]

    /// Every intent as ListIntents reports it.
    static let descriptions: [IntentDescription] = IntentName.allCases.map { intent in
        IntentDescription(
            name: intent.rawValue,
            summary: summaries[intent] ?? "",
            parameters: intent.setting.map { [ParameterDescription(name: "value", choices: choices($0))] } ?? [],
            phrases: templates.filter { $0.intent == intent }.map(\.pattern))
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
