/// The camera body as a pure value: every control's position, the rules that bind them and the words
/// VoiceOver speaks. No I/O and no clock: the Intents layer feeds in engine facts (tape left, undo
/// window, recovered takes, last take) and carries out what a double tap asks for.
public struct CameraBody: Sendable, Equatable {
    /// The decades, technologies and styles the dials choose from.
    public let catalog: Catalog

    /// The DECADE wheel's position.
    public internal(set) var decade: Decade
    /// The dial's entry in CINE; kept while in STILL.
    public internal(set) var technology: Technology
    /// The dial's entry in STILL; kept while in CINE.
    public internal(set) var style: Style
    /// The DEGREE dial, 1…12.
    public internal(set) var degree: Int
    /// The mode lever.
    public internal(set) var mode: Mode
    /// The EXPOSURE rocker in EV, −2…+2 in 0.5 steps.
    public internal(set) var exposure: Double
    /// The ZOOM rocker, 1.0…4.0 in 0.5 steps.
    public internal(set) var zoom: Double
    /// The frame format (used in CINE).
    public internal(set) var format: FrameFormat
    /// The self-timer in seconds: 0 (off), 3 or 10.
    public internal(set) var timer: Int
    /// LIGHT (CINE) / FLASH (STILL).
    public internal(set) var light: Bool
    /// The SOUND mode.
    public internal(set) var audio: AudioMode
    /// Which camera looks out.
    public internal(set) var facing: Facing
    /// Whether a take is being recorded.
    public internal(set) var recording: Bool
    /// Whether the MENU is open.
    public internal(set) var menuOpen: Bool
    /// MENU › DATE IMPRINT: photos and clips carry the camera clock's date in the era's style.
    public internal(set) var dateImprint: Bool
    /// MENU › SET CLOCK: the camera's own clock.
    public internal(set) var clock: CameraClock
    /// The virtual camera was left on: the daemon publishes it again when it starts.
    public internal(set) var virtualCamera: Bool
    /// The SET CLOCK field the ADJUST jog turns; nil until one is selected.
    public internal(set) var selectedClockField: ClockField?

    /// Minutes of tape left, from the engine (the technology's medium less what the takes used).
    public var tapeMinutesLeft: Double
    /// Seconds left in which UNDO can still trash the last take; 0 when there is nothing to undo.
    public var undoSecondsLeft: Int
    /// Takes recovered after a crash, waiting in the LIBRARY.
    public var recoveredTakes: Int
    /// The file of the last take, if there is one.
    public var lastTakePath: String?
    /// Whether the camera device is open now (a take, countdown, shortcut or preview needs it, or it
    /// lingers after one): what a status bar shows as the privacy light.
    public var cameraOpen: Bool
    /// The cameras present, from the engine (they come and go).
    public var cameras: [CameraEntry]
    /// What the virtual camera is now, as its switch tells it (the MENU row shows it; `virtualCamera`
    /// is the setting kept for the next start).
    public var virtualCameraState: VirtualCameraState

    /// The self-timer dial's positions in seconds, 0 being off.
    public static let timerChoices: [Int] = [0, 3, 10]
    /// The ZOOM rocker's range; it moves in `zoomStep`s.
    public static let zoomRange: ClosedRange<Double> = 1.0...4.0
    /// One ZOOM step.
    public static let zoomStep = 0.5
    /// The EXPOSURE rocker's range in EV; it moves in `exposureStep`s.
    public static let exposureRange: ClosedRange<Double> = -2.0...2.0
    /// One EXPOSURE step in EV.
    public static let exposureStep = 0.5
    /// The DEGREE dial's range.
    public static let degreeRange: ClosedRange<Int> = 1...12
    /// The decade the camera starts on when the catalog has it (else its first decade).
    public static let factoryYear = 1970
    /// The DEGREE the camera starts on.
    public static let factoryDegree = 6

    /// A body fresh from the factory: the 1970s (or the catalog's first decade), the first technology and
    /// style, degree 6, CINE, 0 EV, 1.0×, 16:9, timer off, light off, mono sound, back camera.
    public init(catalog: Catalog = .standard) {
        self.catalog = catalog
        let decade = catalog.decade(year: Self.factoryYear) ?? catalog.decades[0]
        self.decade = decade
        technology = decade.technologies[0]
        style = decade.styles[0]
        degree = Self.factoryDegree
        mode = .cine
        exposure = 0
        zoom = 1.0
        format = .widescreen
        timer = 0
        light = false
        audio = .mono
        facing = .back
        recording = false
        menuOpen = false
        dateImprint = false
        clock = CameraClock()
        virtualCamera = false
        selectedClockField = nil
        tapeMinutesLeft = technology.medium.runningMinutes
        undoSecondsLeft = 0
        recoveredTakes = 0
        lastTakePath = nil
        cameraOpen = false
        cameras = []
        virtualCameraState = .off
    }

    /// "Technology" in CINE, "Style" in STILL: what the dial says for its name.
    public var dialName: String { ControlID.style.row.spokenName(on: self) }

    /// The dial's entry: the technology's name in CINE, the style's name in STILL.
    public var dialEntryName: String { mode == .cine ? technology.name : style.name }

    /// The picture now: the technology's (CINE) or style's (STILL) look at the current DEGREE.
    public var look: LookTraits {
        (mode == .cine ? technology.look : style.look).scaled(degree: degree)
    }

    /// Whether any setting differs from the factory: decade, dial entries, degree, mode, exposure, zoom,
    /// format, timer, light, audio, facing or the MENU's DATE IMPRINT (not recording, the menu being
    /// open, the camera clock, or engine facts).
    public var isAdjusted: Bool {
        let factory = CameraBody(catalog: catalog)
        return decade != factory.decade || technology != factory.technology || style != factory.style
            || degree != factory.degree || mode != factory.mode || exposure != factory.exposure
            || zoom != factory.zoom || format != factory.format || timer != factory.timer
            || light != factory.light || audio != factory.audio || facing != factory.facing
            || dateImprint != factory.dateImprint
    }
}
