import Body
import CallOrder
import Foundation
import Synchronization

/// The camera as the intents drive it: owns the body's state, resolves and performs intents on a
/// capture device, runs the self-timer and the UNDO window on an injected clock, and tells observers
/// about every change (the Service turns them into PropertiesChanged).
public actor CameraController {
    /// The camera's current state.
    public private(set) var body: CameraBody {
        didSet { published.withLock { $0 = body } }
    }
    /// `body` as the last change left it, for readers on any thread.
    private let published: Mutex<CameraBody>
    /// The camera that takes the pictures.
    let device: any CaptureDevice
    /// Sleeps on the injected clock.
    let deadlines: Deadlines
    /// Called after every change with the new body.
    private var observers: [@Sendable (CameraBody) -> Void] = []
    /// Called with every event (countdown seconds, takes ended by the camera).
    private var eventObservers: [@Sendable (CameraEvent) -> Void] = []
    /// The virtual camera's switch, when the daemon publishes one (the Start/Stop/ToggleVirtualCamera intents).
    var virtualCamera: VirtualCameraSwitch?
    /// The real (wall-clock) time, for SET CLOCK and the date imprint.
    let wallClock: @Sendable () -> Date
    /// The self-timer's countdown and those waiting for it.
    var selfTimer = SelfTimer()
    /// The UNDO window of the last take.
    var undoWindow: UndoWindow
    /// The clip being recorded and the tapes it is counted on.
    var clips = ClipState()
    /// The device's work for takes, one at a time in the order the calls asked for it.
    var takeLine = TakeLine()
    /// The matcher's commands for the utterances heard lately (`reading(of:)`).
    let recentUtterances = RecentUtterances()
    /// What the actor runs on: the bus's dispatch thread may enter it when it is idle (`performAtOnce`).
    private let executor = EnterableExecutor()
    /// The actor's executor: its `EnterableExecutor`, which `performAtOnce` enters from the calling thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Makes a controller over a device; `clock` drives the self-timer and the UNDO countdown.
    /// `wallClock` is the real time SET CLOCK's offset applies to. `undoSeconds` is how long a take can
    /// be undone (`undoSeconds(environment:)` reads the daemon's setting).
    public init(device: any CaptureDevice, body: CameraBody = CameraBody(),
                clock: any Clock<Duration> = ContinuousClock(),
                wallClock: @escaping @Sendable () -> Date = { Date() },
                undoSeconds: Int = CameraController.standardUndoSeconds) {
        self.device = device
        self.undoWindow = UndoWindow(seconds: undoSeconds)
        self.wallClock = wallClock
        self.body = body
        self.deadlines = Deadlines(clock)
        self.body.tapeMinutesLeft = TapeLedger().minutesLeft(on: body.technology)
        published = Mutex(self.body)
    }

    /// The body as the last change left it, from any thread without a hop: the bus answers reads from it
    /// (Describe, ListControls, an Interpret that performs nothing) once every call before them has taken
    /// effect, so it is what the actor would answer then.
    public nonisolated var publishedBody: CameraBody { published.withLock { $0 } }

    /// How long a take can be undone unless told otherwise: 10 seconds, as the seed has it.
    public static let standardUndoSeconds = 10

    /// The UNDO window's length from `RETROCAM_UNDO_SECONDS` (1 to 3600), else 10 seconds. Tests that
    /// load the machine set it long, so the window cannot close before their UNDOs are served.
    public static func undoSeconds(environment: [String: String]) -> Int {
        guard let text = environment["RETROCAM_UNDO_SECONDS"], let seconds = Int(text),
              (1...UndoWindow.longestSeconds).contains(seconds) else { return standardUndoSeconds }
        return seconds
    }

    /// Reads the last take and the recovered takes from the device and applies the look.
    public func start() async {
        await followCameras()
        let last = await device.lastTake()
        let recovered = await device.recoveredTakeCount()
        await refreshTape(all: true)
        // No await between reading the body and committing it: a call that arrived meanwhile keeps its change.
        var next = body
        next.lastTakePath = last?.path
        next.recoveredTakes = recovered
        commit(next)
        await device.apply(body)
        await device.onInterruption { [weak self] interruption in
            Task { await self?.deviceEndedTake(interruption) }
        }
        await device.onCameraOpenChanged { [weak self] _ in
            Task { await self?.syncCameraOpen() }
        }
        await syncCameraOpen()
    }

    /// Registers a handler called after every change with the new body. A change made by a call answered on the
    /// spot is told once that answer is out (`AfterAnswer`), before the bus's thread reads the next call: what
    /// observers do (the property snapshot, PropertiesChanged, the settings file) does not delay the answer, and
    /// every call read after it sees their work done.
    public func observe(_ handler: @escaping @Sendable (CameraBody) -> Void) {
        observers.append(handler)
    }

    /// The name of the camera taking the pictures now, when the device knows it.
    public func cameraName() async -> String? { await device.cameraName() }

    /// Registers a handler called with every event: countdown seconds and takes the camera ended itself.
    public func observeEvents(_ handler: @escaping @Sendable (CameraEvent) -> Void) {
        eventObservers.append(handler)
    }

    /// Tells the event observers.
    func announce(_ event: CameraEvent) {
        for observer in eventObservers { observer(event) }
    }

    /// The catalog of every intent with its parameters, choices and phrases.
    public static let intents: [IntentDescription] = IntentCatalog.descriptions

    /// Performs an intent named by a caller (`Perform`, a voice assistant): the name is read once, then
    /// as `perform(_:_:)` with the intent.
    public func perform(_ name: String, _ params: [String: ParameterValue]) async throws(IntentError) -> IntentResult {
        try await perform(try IntentName.named(name), params)
    }

    /// Performs an intent; `params` holds `value` for the Set* intents, `control` and `steps` for
    /// AdjustControl, nothing for the others.
    public func perform(_ intent: IntentName, _ params: [String: ParameterValue] = [:]) async throws(IntentError) -> IntentResult {
        try await TakeOrigin.asking(intent.rawValue) { () async throws(IntentError) in try await performAsked(intent, params) }
    }

    /// `perform`, once the origin says what was asked.
    private func performAsked(_ intent: IntentName, _ params: [String: ParameterValue]) async throws(IntentError) -> IntentResult {
        try Self.checkParameters(of: intent, in: params)
        switch try Resolver(body: body).resolve(intent, params) {
        case .setting(let setting): return try await set(setting)
        case .adjustment(let adjustment): return try await adjust(adjustment)
        case .action: break
        }
        switch intent {
        case .startClip: return try await startClip()
        case .pauseClip: return try await pauseClip()
        case .takePhoto: return try await takePhoto()
        case .toggleRecord: return try await toggleRecord()
        case .toggleLight: return try await set(.light(!body.light))
        case .flipCamera: return try await flipCamera()
        case .undo: return try await undo()
        case .lastTake: return try await lastTake()
        case .insertTape: return try await insertTape()
        case .factOfTheDay: return factOfTheDay()
        case .startVirtualCamera: return try await turnVirtualCamera(on: true)
        case .stopVirtualCamera: return try await turnVirtualCamera(on: false)
        case .toggleVirtualCamera: return try await toggleVirtualCamera()
        default: preconditionFailure("\(intent.rawValue) has parameters and was handled above")
        }
    }

    /// Resolves an intent without performing it: the value it would set and a question to confirm it.
    /// Throws what `perform` would throw for the value or the camera's state.
    public func resolve(_ name: String, _ params: [String: ParameterValue]) async throws(IntentError) -> IntentResult {
        let intent = try IntentName.named(name)
        try Self.checkParameters(of: intent, in: params)
        switch try Resolver(body: body).resolve(intent, params) {
        case .setting(let setting):
            _ = try trying(setting)
            if case .facing(let target) = setting { try await checkFacing(target) }
            return IntentResult(dialog: setting.confirmation, value: setting.value)
        case .adjustment(let adjustment):
            return adjustmentQuestion(adjustment)
        case .action:
            return try await confirmation(of: intent)
        }
    }

    /// Applies a resolved setting: the body changes, the device re-applies the look, the dialog says it.
    func set(_ setting: Setting) async throws(IntentError) -> IntentResult {
        // Asked of the device first: the actor may run other calls while it waits, and the body copied
        // below must be the one committed.
        if case .facing(let target) = setting { try await checkFacing(target) }
        let (next, notes) = try trying(setting)
        commit(next)
        if setting.changesLook { await device.apply(body) }
        var dialog = sentence(setting, notes: notes)
        if case .light(true) = setting { dialog += " " + (await lampSentence()) }
        return IntentResult(dialog: dialog, value: setting.value)
    }

    /// Returns once nothing runs or waits on the actor, the moment `performAtOnce` can enter it (until the next
    /// call to the actor).
    public nonisolated func untilIdle() async { await executor.untilIdle() }

    /// Performs a Set* intent at once on the calling thread (the bus's dispatch thread, where the call stands in
    /// the bus's order), as `perform` would, when the actor has nothing to run and the setting waits for nothing:
    /// SetDegree, SetDecade and the like, on a device that takes the look at once. Nil, with nothing done, when
    /// it cannot (the actor is busy, another intent, FLIP or a lamp to ask the device about): `perform` it then.
    /// Never waits.
    public nonisolated func performAtOnce(_ intent: IntentName, _ params: [String: ParameterValue]) throws(IntentError) -> IntentResult? {
        // Not under `TakeOrigin.asking` as `perform` is: only takes and the events they send (what hooks file
        // with their origin) read the origin, and nothing on the settings path made here reads it.
        let outcome = executor.runIfIdle { assumeIsolated { controller in controller.setAtOnce(intent, params) } }
        return try outcome??.get()
    }

    /// `performAsked` of a setting that waits for nothing, isolated; nil when it would wait.
    private func setAtOnce(_ intent: IntentName, _ params: [String: ParameterValue]) -> Result<IntentResult, IntentError>? {
        do throws(IntentError) {
            try Self.checkParameters(of: intent, in: params)
            guard case .setting(let setting) = try Resolver(body: body).resolve(intent, params) else { return nil }
            switch setting {
            case .facing, .light(true): return nil
            default: break
            }
            let (next, notes) = try trying(setting)
            guard !setting.changesLook || device.applyAtOnce(settled(next)) else { return nil }
            commit(next)
            return .success(IntentResult(dialog: sentence(setting, notes: notes), value: setting.value))
        } catch {
            return .failure(error)
        }
    }

    /// The body `setting` would leave and the notes it says first; throws what the setting, or a take in
    /// progress, refuses. Changes nothing.
    func trying(_ setting: Setting) throws(IntentError) -> (body: CameraBody, notes: [String]) {
        var next = body
        let notes = try setting.apply(to: &next)
        try checkModeChange(to: next)
        return (next, notes)
    }

    /// What a setting says once committed: its notes, its sentence, and what goes with it (the tape left on
    /// a switch to CINE, what the date stamp reads); not the lamp, which is asked of the device.
    func sentence(_ setting: Setting, notes: [String]) -> String {
        var dialog = (notes + [setting.dialog(after: body)]).joined(separator: " ")
        if notes.isEmpty, case .mode(.cine) = setting { dialog += " " + tapeSentence() }
        if case .dateImprint(true) = setting, let stamp = body.dateStamp(at: wallClock()) {
            dialog += " The stamp reads \(stamp.replacingOccurrences(of: "\n", with: " "))."
        }
        return dialog
    }

    /// Which light is on: the machine's flash/torch LED, or a fill light drawn into the picture.
    func lampSentence() async -> String {
        if let lamp = await device.lampName() { return "The \(lamp) LED is lit." }
        return "There is no lamp on this machine, so a fill light brightens the picture."
    }

    /// A take in progress keeps its mode: STILL cannot be chosen while a clip records.
    func checkModeChange(to next: CameraBody) throws(IntentError) {
        if body.recording, next.mode != body.mode {
            throw .notAllowed("Can't switch to STILL while recording. Pause the clip first.")
        }
    }

    /// Makes `next` the body, brings the tape counter up to date, and tells the observers if anything changed.
    func commit(_ next: CameraBody) {
        let next = settled(next)
        guard next != body else { return }
        body = next
        let observers = self.observers
        AfterAnswer.run { for observer in observers { observer(next) } }
    }

    /// `next` as `commit` makes it the body: with the tape counter brought up to date.
    func settled(_ next: CameraBody) -> CameraBody {
        var next = next
        next.tapeMinutesLeft = clips.tape.minutesLeft(on: next.technology)
        return next
    }

    /// "12 minutes of tape left." for the current technology.
    func tapeSentence() -> String {
        let words = Spoken.tapeLeft(minutes: body.tapeMinutesLeft)
        return words.prefix(1).uppercased() + words.dropFirst() + "."
    }

    /// Joins the take line while the call still holds its turn, then lets the calls behind it start and waits
    /// for the takes before it: the device's work that follows (a frame, a file) overlaps later calls but
    /// keeps the calls' order. The caller must `leave()` the place it gets.
    func joinTakeLine() async -> TakeLine.Place {
        let place = takeLine.join()
        Turn.passCurrent()
        await place.ready()
        return place
    }

    /// Checks that no parameter the intent does not take was sent.
    static func checkParameters(of intent: IntentName, in params: [String: ParameterValue]) throws(IntentError) {
        let names = intent.parameterNames
        let unknown = params.keys.filter { !names.contains($0) }.sorted()
        guard !unknown.isEmpty else { return }
        // A caller may send thousands: the sentence names a few.
        let named = unknown.prefix(5).map { Spoken.shortened($0) }
        let shown = (named + (unknown.count > 5 ? ["\(unknown.count - 5) more"] : [])).joined(separator: ", ")
        switch names.count {
        case 0: throw .invalidArguments("\(intent.rawValue) takes no parameters; it does not take \(shown).")
        case 1: throw .invalidArguments("\(intent.rawValue) takes one parameter, \(names[0]); it does not take \(shown).")
        default:
            throw .invalidArguments("\(intent.rawValue) takes \(Spoken.list(names, conjunction: "and")); it does not take \(shown).")
        }
    }
}
