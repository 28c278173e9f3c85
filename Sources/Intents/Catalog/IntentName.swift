import Body

/// Every intent of `Intents1` (`BusContract.intentsInterface`), by its method name.
public enum IntentName: String, CaseIterable, Sendable {
    /// Start recording a take (switches to CINE when in STILL); the self-timer applies.
    case startClip = "StartClip"
    /// Pause: ends and saves the current take.
    case pauseClip = "PauseClip"
    /// Take a photo (switches to STILL when in CINE); the self-timer applies.
    case takePhoto = "TakePhoto"
    /// Exactly what REC does: CINE start/pause, STILL shutter.
    case toggleRecord = "ToggleRecord"
    /// Turn the DECADE wheel to a decade.
    case setDecade = "SetDecade"
    /// Turn the TECHNOLOGY/STYLE dial to an entry of the current decade.
    case setStyle = "SetStyle"
    /// Turn the DEGREE dial (1…12).
    case setDegree = "SetDegree"
    /// Move the CINE/STILL lever.
    case setMode = "SetMode"
    /// Set the EXPOSURE rocker (−2…+2 EV).
    case setExposure = "SetExposure"
    /// Set the ZOOM rocker (1.0…4.0x).
    case setZoom = "SetZoom"
    /// Set the FORMAT (CINE only).
    case setFormat = "SetFormat"
    /// Set the self-TIMER (off, 3 or 10 s).
    case setTimer = "SetTimer"
    /// Set the SOUND mode.
    case setAudio = "SetAudio"
    /// Turn the LIGHT/FLASH on or off.
    case setLight = "SetLight"
    /// Toggle the LIGHT/FLASH.
    case toggleLight = "ToggleLight"
    /// Switch between the cameras.
    case flipCamera = "FlipCamera"
    /// Move the last take to the Trash, within its window.
    case undo = "Undo"
    /// The last take's path.
    case lastTake = "LastTake"
    /// Turn an adjustable control (decade, style, degree, exposure, zoom) some steps up or down, as a
    /// VoiceOver swipe does (`Camera1.Adjust`): "zoom in", "a bit brighter", "next decade".
    case adjustControl = "AdjustControl"
    /// Use the front or the back camera.
    case setFacing = "SetFacing"
    /// Turn the MENU's DATE IMPRINT on or off.
    case setDateImprint = "SetDateImprint"
    /// Put in a new tape (film load, cassette) for the current technology.
    case insertTape = "InsertTape"
    /// A true fact about the decade on the wheel.
    case factOfTheDay = "FactOfTheDay"
    /// Publish the looked picture as the desktop's camera "Retrocam" (calls, OBS).
    case startVirtualCamera = "StartVirtualCamera"
    /// Remove the virtual camera.
    case stopVirtualCamera = "StopVirtualCamera"
    /// Turn the virtual camera on when off, off when on.
    case toggleVirtualCamera = "ToggleVirtualCamera"

    /// The names of the intent's parameters, in the order its D-Bus method takes them (all strings):
    /// `value` for the Set* intents, `control` and `steps` for AdjustControl, none for the others.
    public var parameterNames: [String] {
        if setting != nil { return [IntentParameter.value] }
        return self == .adjustControl ? [IntentParameter.control, IntentParameter.steps] : []
    }

    /// The one sentence ListIntents says the intent does.
    public var summary: String { IntentCatalog.summaries[self] ?? "" }

    /// The word `set` takes for a Set* intent's control (`decade`, `imprint`); nil for the action intents.
    public var settingWord: String? { setting?.rawValue }

    /// The Set* intents by the word `set` takes for each, in catalog order: the one list `retrocam set`
    /// and the `set` step of shortcut files read.
    public static let settable: [(control: String, intent: IntentName)] = allCases.compactMap { intent in
        intent.settingWord.map { ($0, intent) }
    }

    /// The control a Set* intent sets; nil for the action intents.
    var setting: SettingKind? {
        switch self {
        case .setDecade: return .decade
        case .setStyle: return .style
        case .setDegree: return .degree
        case .setMode: return .mode
        case .setExposure: return .exposure
        case .setZoom: return .zoom
        case .setFormat: return .format
        case .setTimer: return .timer
        case .setAudio: return .audio
        case .setLight: return .light
        case .setFacing: return .facing
        case .setDateImprint: return .dateImprint
        default: return nil
        }
    }

    /// True for the intents that film or destroy a take (a photo, a clip, REC, UNDO) or may give the
    /// picture to other programs (the virtual camera turned on): the ones a sandboxed caller needs the
    /// desktop's consent for, and that the desktop shows.
    public var capturesOrDestroys: Bool {
        makesTake || self == .undo || self == .startVirtualCamera || self == .toggleVirtualCamera
    }

    /// True for the intents that make a take: a photo, a clip, REC.
    public var makesTake: Bool {
        switch self {
        case .startClip, .takePhoto, .toggleRecord: return true
        default: return false
        }
    }

    /// The intent called `name`, ignoring case, as `perform` finds it; nil when there is none.
    public static func matching(_ name: String) -> IntentName? {
        IntentName(rawValue: name) ?? allCases.first { $0.rawValue.lowercased() == name.lowercased() }
    }

    /// Finds an intent by name, or says which names exist.
    static func named(_ name: String) throws(IntentError) -> IntentName {
        if let intent = matching(name) { return intent }
        let known = allCases.map(\.rawValue).joined(separator: ", ")
        let shown = Spoken.shortened(name)
        throw .notFound("There is no intent called \(shown). Intents: \(known).")
    }
}

/// The controls the Set* intents set.
enum SettingKind: String, Sendable, CaseIterable {
    case decade, style, degree, mode, exposure, zoom, format, timer, audio, light, facing
    /// DATE IMPRINT, written `{imprint}` in templates (they are lowercased).
    case dateImprint = "imprint"
}

extension SettingKind {
    /// The Set* intent that sets this kind.
    var intent: IntentName { IntentName.allCases.first { $0.setting == self }! }

    /// The row of `ControlTable` whose Set* intent this kind's is (FLIP's for the facing); nil for DATE
    /// IMPRINT, a MENU row.
    var row: ControlRow? { Self.rows[self] ?? nil }

    private static let rows: [SettingKind: ControlRow?] = Dictionary(uniqueKeysWithValues: allCases.map { kind in
        (kind, ControlTable.rows.first { $0.intents.set == kind.intent.rawValue })
    })

    /// The voice part of what this kind sets: its control's, or the MENU row's.
    var voice: ControlVoice { self == .dateImprint ? MenuRowID.dateImprint.voice : row!.voice }
}

/// The names of intents' parameters, as callers pass them and Interpret reports them: said once here.
public enum IntentParameter {
    /// A Set* intent's one parameter.
    public static let value = "value"
    /// AdjustControl's control (`zoom`).
    public static let control = "control"
    /// AdjustControl's steps (`+1`).
    public static let steps = "steps"
}
