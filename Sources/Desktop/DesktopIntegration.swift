import Automation
import Blocking
import Body
import BusNames
import CallOrder
import DBus
import Foundation
import Hotkeys
import Intents
import Service
import Synchronization

/// The desktop around the daemon, in one place the daemon calls: registers
/// `org.retrocam.Shortcuts1` on `/org/retrocam/Camera` (beside Intents1 and Camera1), the desktop's
/// search (GNOME Shell's provider and KRunner's runner, on paths of their own), runs
/// shortcuts and the action button, and — when asked — listens to the camera keys (and the volume
/// keys, grabbed, only when asked for those too) and registers global hotkeys with xdg-desktop-portal. Every call that films or destroys a
/// take is checked against its caller first (`CallerGate`: sandboxed apps need the desktop's consent),
/// and every take is shown with a desktop notification (`CaptureIndicator`).
public final class DesktopIntegration: Sendable {
    /// The shortcut folders.
    public let library: ShortcutLibrary
    /// The config read at start.
    public let config: DesktopConfig
    let runs: ShortcutRuns
    let button: ActionButton
    private let controller: CameraController
    private let server: ObjectServer
    private let options: DesktopOptions
    private let indicator: CaptureIndicator?
    /// Who may film: the bus's callers, and the Wyoming endpoint's through `refusal(forSocketPeer:)`.
    private let gate: CallerGate
    private let assignedAction: Mutex<String>
    private let keyListener = Mutex<KeyListener?>(nil)
    private let portalClient = Mutex<GlobalShortcutsPortal?>(nil)
    private let tasks = Mutex<[Task<Void, Never>]>([])
    private let portalSetup = Mutex<Task<Result<[BoundShortcut], PortalError>, Never>?>(nil)
    /// The subscription to the portal's name changing owner (it restarted).
    private let portalWatch = Mutex(PortalWatch.starting)
    /// Who owned the portal's name when the latest registration ended (nil: nobody did).
    private let portalOwner = Mutex<String?>(nil)
    private let hotkeysBound = Mutex(false)
    /// The user's hooks and event automations, run after the camera's events.
    private let hooks: EventHooks
    /// One step by its text (RunStep, event automations).
    private let steps: StepRuns

    /// True while shutter keys are read or global hotkeys are bound with the portal: the daemon has to
    /// keep running to hear them (so `--exit-when-idle` waits).
    public var listensForTriggers: Bool {
        keyListener.withLock { $0 != nil } || hotkeysBound.withLock { $0 }
    }

    /// True while a hook or event automation runs or waits to (`--exit-when-idle` waits for them too).
    public var hooksBusy: Bool { hooks.busy }

    /// Registers Shortcuts1 on `server` and starts the keys and the portal as `options` and the
    /// config say. A problem with the keys, the portal or the config is logged and the daemon
    /// carries on; only failing to register the interface throws.
    public init(controller: CameraController, connection: Connection, server: ObjectServer, options: DesktopOptions) async throws {
        var config = DesktopConfig()
        do { config = try DesktopConfig.load(from: options.configFile) } catch {
            options.log("config: \(error.description); using the defaults.")
        }
        self.config = config
        self.controller = controller
        self.server = server
        self.options = options
        let library = ShortcutLibrary(directories: options.shortcutDirectories)
        self.library = library
        let runs = ShortcutRuns(library: library, runner: ShortcutRunner(controller: controller))
        self.runs = runs
        let progress = Self.progressEmitter(server)
        self.button = ActionButton(controller: controller, assignment: config.action) { name throws(IntentError) in
            try await runs.run(name, progress: progress)
        }
        self.assignedAction = Mutex(config.action.description)
        if options.notifications && config.notifications {
            indicator = try await CaptureIndicator(notifier: Notifier(connection: connection, log: options.log),
                                                   controller: controller, log: options.log)
        } else {
            indicator = nil
            options.log("notifications: off (\(options.notifications ? "the config file says notifications = off" : "--no-notifications")); takes are not shown on the desktop.")
        }
        gate = try await CallerGate(connection: connection, inspector: options.sandboxInspector,
                                    consentTimeout: options.consentTimeout, log: options.log)
        gate.install(on: server)
        let steps = StepRuns(runs: runs, controller: controller, progress: progress)
        self.steps = steps
        hooks = EventHooks(folders: AutomationFolders(environment: options.environment), timeout: config.hookTimeout,
                           environment: options.environment, runAutomation: { await steps.run($0) }, log: options.log)
        try server.register(BusContract.objectPath, interfaces: [ShortcutsInterface.table(self)])
        let viewfinder = ViewfinderLauncher(environment: options.environment, log: options.log)
        let search = SearchService(controller: controller, shortcuts: self, openViewfinder: viewfinder.open, log: options.log)
        try server.register(BusContract.searchProviderPath, interfaces: [SearchProviderInterface.table(search)])
        try server.register(BusContract.krunnerPath, interfaces: [KRunnerInterface.table(search)])
        await hooks.follow(controller)
        if options.keys ?? config.keys { startKeys() }
        if options.portal && config.portal { startPortal(connection: connection) }
    }

    /// The rule of the bus for a program on a socket (the Wyoming endpoint): only this user; a sandboxed
    /// program (its pid known from the socket) only with the desktop's consent. Nil admits it.
    public func refusal(forSocketPeer peer: SocketCaller) async -> String? {
        if let refusal = CallerPolicy.refusal(of: peer) { return refusal }
        guard let caller = try? await options.sandboxInspector.caller(peer.origin, pid: peer.pid.map { UInt32($0) },
                                                                       uid: peer.uid.map { UInt32($0) }, securityLabel: nil) else {
            return "Who is calling over \(peer.origin) could not be read, so Retrocam does not film for it."
        }
        return await gate.refusal(for: caller)
    }

    /// The daemon is stopping: a recording notification on screen is replaced (it must not outlive the daemon).
    public func daemonStopping() async {
        await indicator?.daemonStopping()
    }

    /// Stops the keys, the portal listener and the hooks (a running hook gets SIGTERM; none is waited for).
    public func stop() {
        hooks.stop()
        keyListener.withLock { $0 }?.stop()
        portalClient.withLock { $0 }?.stop()
        let watch = portalWatch.withLock { watch in defer { watch = .stopped }; return watch }
        if case .watching(let connection, let token) = watch { connection.unsubscribe(token) }
        for task in tasks.withLock({ $0 }) { task.cancel() }
        indicator?.stop()
    }

    /// Waits for the latest portal registration to finish: the bound hotkeys or why there are none;
    /// nil when the portal was not asked (`--no-portal` or `portal = off`).
    public func portalResult() async -> Result<[BoundShortcut], PortalError>? {
        guard let task = portalSetup.withLock({ $0 }) else { return nil }
        return await task.value
    }

    /// The action's assignment as written.
    public var actionText: String { assignedAction.withLock { $0 } }

    // MARK: Triggers

    /// Runs a shortcut by name, with progress signals (its takes are shown by the indicator).
    public func runShortcut(_ name: String) async throws(IntentError) -> ShortcutRunResult {
        try await runs.run(name, progress: Self.progressEmitter(server))
    }

    /// Runs one step by its text (`photo`, `clip 10s`, `shortcut NAME`): `Shortcuts1.RunStep`.
    public func runStep(_ text: String) async throws(IntentError) -> ActionResult {
        try await steps.run(text)
    }

    /// A press or release of the action button (bus, key or hotkey).
    public func action(_ phase: ShutterPhase) async throws(IntentError) -> ActionResult {
        switch phase {
        case .press: return try await button.press()
        case .release: return try await button.release()
        }
    }

    /// Runs `work` for a trigger of the desktop side (a key, a hotkey), which its takes are shown as being for.
    private func asTrigger<T: Sendable>(_ trigger: String, _ work: () async throws(IntentError) -> T) async throws(IntentError) -> T {
        let outcome: Result<T, IntentError> = await Requester.$current.withValue(.trigger(trigger)) {
            do throws(IntentError) { return .success(try await work()) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// Assigns the action button, saves it in the config, and announces the new `Action`.
    public func setAction(_ text: String) async throws(IntentError) -> String {
        let assignment: ActionAssignment
        do { assignment = try ActionAssignment(parsing: text) } catch { throw error.intentError }
        if case .shortcut(let name) = assignment {
            do { _ = try library.load(name) } catch { throw error.intentError }
        }
        await button.assign(assignment)
        assignedAction.withLock { $0 = assignment.description }
        // Assigned: the calls behind may go while the config file is written.
        Turn.passCurrent()
        let file = options.configFile
        do {
            // The disk, off the request threads.
            try await BlockingPool.shared.run("saving the action", timeout: .seconds(5)) { try DesktopConfig.saveAction(assignment, to: file) }
        } catch {
            options.log("config: could not save the action to \(file.path): \((error as? BlockingPoolError)?.description ?? error.localizedDescription)")
        }
        ShortcutsInterface.emitActionChanged(assignment.description, on: server)
        return assignment.description
    }

    /// Emits ShortcutProgress for each step.
    static func progressEmitter(_ server: ObjectServer) -> @Sendable (ShortcutProgress) async -> Void {
        { progress in ShortcutsInterface.emitProgress(progress, on: server) }
    }

    // MARK: Keys and hotkeys

    /// Opens the configured or discovered input devices and feeds their keys in order.
    private func startKeys() {
        var keyConfig = config
        if let volume = options.volumeKeys { keyConfig.volumeKeys = volume }
        let map = keyConfig.keyMap
        var paths = options.keysDevices
        if paths.isEmpty, let device = config.keysDevice { paths = [device] }
        if paths.isEmpty {
            let found = InputDevices.devices(reporting: map.codes)
            paths = found.map(\.eventPath)
            guard !paths.isEmpty else {
                options.log("keys: no input device reports \(map.codes.map(\.description).joined(separator: ", ")) (or /proc/bus/input/devices is not readable); carrying on without hardware keys.")
                return
            }
        }
        let listener = KeyListener(map: map)
        for problem in listener.start(paths: paths) { options.log("keys: \(problem.message)") }
        keyListener.withLock { $0 = listener }
        options.log("keys: listening to \(paths.joined(separator: ", ")) (shutter: \(map.shutter.map(\.description).joined(separator: " ")); action: \(map.action.map(\.description).joined(separator: " "))).")
        let task = Task { [self] in
            for await event in listener.events {
                let trigger = Self.triggerName(of: event.code)
                do throws(IntentError) {
                    try await asTrigger(trigger) { () async throws(IntentError) in
                        switch event.role {
                        case .shutter: _ = try await controller.shutter(event.phase)
                        case .action: _ = try await action(event.phase)
                        }
                    }
                } catch {
                    options.log("keys: \(trigger) \(event.phase.rawValue): \(error.message)")
                }
            }
        }
        tasks.withLock { $0.append(task) }
    }

    /// "the camera key", "a volume key", "the focus key", "key 183".
    static func triggerName(of code: KeyCode) -> String {
        switch code {
        case .camera: return "the camera key"
        case .cameraFocus: return "the camera focus key"
        case .volumeUp, .volumeDown: return "a volume key"
        default: return "key \(code.rawValue)"
        }
    }

    /// Binds the hotkeys in the background (the portal may show the user a dialog), and binds them again
    /// whenever the portal's bus name gets a new owner: a portal that restarted (or started late) has
    /// forgotten our session, and its hotkeys would otherwise stay dead until the daemon restarts.
    private func startPortal(connection: Connection) {
        let (activations, feed) = AsyncStream.makeStream(of: (String, ShutterPhase).self)
        let consumer = Task { [self] in
            for await (id, phase) in activations { await hotkey(id, phase) }
        }
        tasks.withLock { $0.append(consumer) }
        let watching = Task { [self] in
            do {
                let token = try await connection.onOwnerChange(of: GlobalShortcutsPortal.busName) { [self] owner in
                    guard !owner.isEmpty else { return }  // the portal went away: nothing to bind to
                    Task { [self] in
                        // Our own first call may be what started the portal (D-Bus activation): that
                        // registration already talks to this owner.
                        _ = await portalResult()
                        guard portalOwner.withLock({ $0 }) != owner else { return }
                        options.log("hotkeys: the desktop portal started again; binding the hotkeys again.")
                        bindPortal(connection: connection, feed: feed, after: nil)
                    }
                }
                // A stop that came while the bus was adding the rule has had no token to end: end it here.
                let kept = portalWatch.withLock { watch -> Bool in
                    guard case .starting = watch else { return false }
                    watch = .watching(connection, token)
                    return true
                }
                if !kept { connection.unsubscribe(token) }
            } catch {
                options.log("hotkeys: a restart of the desktop portal will not be noticed: \(error)")
            }
        }
        bindPortal(connection: connection, feed: feed, after: watching)
    }

    /// One registration with the portal: a new client and session (the previous client stops listening),
    /// after `watching` when given, so that a portal restarting during the first bind is not missed.
    private func bindPortal(connection: Connection, feed: AsyncStream<(String, ShutterPhase)>.Continuation,
                            after watching: Task<Void, Never>?) {
        let portal = GlobalShortcutsPortal(connection: connection, timeout: options.portalTimeout)
        portalClient.withLock { previous in
            previous?.stop()
            previous = portal
        }
        let setup = Task { [self] () -> Result<[BoundShortcut], PortalError> in
            await watching?.value
            if case .stopped = portalWatch.withLock({ $0 }) {
                return .failure(PortalError(.notAvailable, "The daemon stopped before the hotkeys were bound."))
            }
            let result = await register(with: portal, feed: feed)
            let owner = try? await connection.nameOwner(GlobalShortcutsPortal.busName)
            portalOwner.withLock { $0 = owner }
            return result
        }
        portalSetup.withLock { $0 = setup }
    }

    /// Registers and binds the hotkeys with `portal`, and logs how that went.
    private func register(with portal: GlobalShortcutsPortal,
                          feed: AsyncStream<(String, ShutterPhase)>.Continuation) async -> Result<[BoundShortcut], PortalError> {
        let log = options.log
        do throws(PortalError) {
            let bound = try await portal.bind(PortalShortcut.standard) { id, phase in feed.yield((id, phase)) }
            let described = bound.map { $0.triggerDescription.isEmpty ? $0.id : "\($0.id) (\($0.triggerDescription))" }
            log("hotkeys: registered with the desktop portal: \(described.isEmpty ? "no triggers reported" : described.joined(separator: ", ")).")
            hotkeysBound.withLock { $0 = true }
            return .success(bound)
        } catch {
            log("hotkeys: \(error.message)")
            return .failure(error)
        }
    }

    /// One Activated (press) or Deactivated (release) of a portal hotkey.
    private func hotkey(_ id: String, _ phase: ShutterPhase) async {
        let trigger = "a hotkey"
        do throws(IntentError) {
            try await asTrigger(trigger) { () async throws(IntentError) in
                switch (HotkeyAction(rawValue: id), phase) {
                case (.shutter?, _): _ = try await controller.shutter(phase)
                case (.action?, _): _ = try await action(phase)
                case (.photo?, .press): _ = try await controller.perform(.takePhoto)
                case (.record?, .press): _ = try await controller.perform(.toggleRecord)
                default: return
                }
            }
        } catch {
            options.log("hotkeys: \(id) \(phase.rawValue): \(error.message)")
        }
    }
}

/// What `Shortcuts1` (in Service) drives, as this desktop side has it.
extension DesktopIntegration: ShortcutsBackend {
    public func shortcutEntries() -> [ShortcutLibrary.Entry] { library.entries() }

    public func cancelShortcut(_ name: String) async throws(IntentError) { try await runs.cancel(name) }

    public func hotkeySnippet(for desktop: String) throws(IntentError) -> String {
        do throws(HotkeyError) { return HotkeySnippets.text(for: try HotkeyDesktop(name: desktop)) } catch {
            throw .notFound(error.message)
        }
    }

    public func hotkeyDesktop(named name: String) -> String? { HotkeyDesktop(rawValue: name.lowercased())?.rawValue }
}

/// Where the watch on the portal's bus name stands: being set up, in place, or ended by `stop()`.
enum PortalWatch: Sendable {
    case starting
    case watching(Connection, SubscriptionToken)
    case stopped
}
