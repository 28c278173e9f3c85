import Automation
import Blocking
import Foundation
import Intents
import Synchronization

/// Runs the user's hooks (`$XDG_CONFIG_HOME/retrocam/hooks/EVENT`, `EVENT.d/*`) and event automations
/// after the camera's events, and never holds the camera up for them.
///
/// The controller's event observer only files the event: each event has one queue of its own, worked by
/// one task, so its programs run one at a time and in order, off the threads that answer the bus (the
/// folder is read and the program spawned on the blocking pool; its end is awaited on a pidfd). A queue
/// holds at most `backlog` events; past that an event's hooks are dropped with a log line, never a take.
/// Each program has `timeout` to finish, then SIGTERM to its process group, then SIGKILL 2 s later; each
/// run is one log line. The daemon's stop sends SIGTERM to every running hook and waits for none.
public final class EventHooks: Sendable {
    /// Events that may wait per event before new ones are dropped.
    public static let backlog = 64
    /// How long a hook has after SIGTERM before SIGKILL.
    static let killGrace: Duration = .seconds(2)

    private let folder: HookFolder
    private let automations: EventAutomations
    private let timeout: Duration
    private let baseEnvironment: [String: String]
    private let runAutomation: @Sendable (EventAutomation) async -> String
    private let log: @Sendable (String) -> Void
    private let queues: [HookEvent: AsyncStream<HookOccurrence>.Continuation]
    private let state = Mutex(State())

    private struct State {
        var running: [pid_t: HookProcess] = [:]
        var waiting = 0
        var lastSaved: String?
        /// Who started the clip recording now, and how: a clip's events are theirs (PauseClip is anyone's).
        var recordingBy: (requester: Requester?, origin: TakeOrigin)?
        /// The skip reasons last logged per event, so each is said once, not after every photo.
        var told: [HookEvent: [String]] = [:]
        var stopped = false
    }

    /// Hooks from `folders`; `runAutomation` runs an event automation's step and answers its dialog or error.
    public init(folders: AutomationFolders, timeout: Duration, environment: [String: String],
                runAutomation: @escaping @Sendable (EventAutomation) async -> String,
                log: @escaping @Sendable (String) -> Void) {
        folder = HookFolder(folders)
        automations = EventAutomations(folders)
        self.timeout = timeout
        baseEnvironment = environment.filter { !$0.key.hasPrefix("RETROCAM_") }
        self.runAutomation = runAutomation
        self.log = log
        var queues: [HookEvent: AsyncStream<HookOccurrence>.Continuation] = [:]
        var streams: [(HookEvent, AsyncStream<HookOccurrence>)] = []
        for event in HookEvent.allCases {
            let (stream, feed) = AsyncStream.makeStream(of: HookOccurrence.self, bufferingPolicy: .bufferingOldest(Self.backlog))
            queues[event] = feed
            streams.append((event, stream))
        }
        self.queues = queues
        for (_, stream) in streams {
            Task { [self] in
                for await occurrence in stream { await work(occurrence) }
            }
        }
    }

    /// Follows `controller`'s events (the requester and origin are read in the task that made them).
    public func follow(_ controller: CameraController) async {
        await controller.observeEvents { [weak self] event in self?.file(event, requester: Requester.current, origin: TakeOrigin.current) }
    }

    /// True while a hook or automation runs or waits.
    public var busy: Bool { state.withLock { !$0.running.isEmpty || $0.waiting > 0 } }

    /// The daemon is stopping: no new runs, SIGTERM to each running hook's process group.
    public func stop() {
        let running = state.withLock { state in
            state.stopped = true
            return Array(state.running.values)
        }
        for feed in queues.values { feed.finish() }
        for process in running {
            log("hook (pid \(process.pid)): the daemon is stopping; sent SIGTERM")
            process.signal(SIGTERM)
        }
    }

    /// Files one camera event on its queues; called on the controller's actor, so it only counts and yields.
    func file(_ event: CameraEvent, requester: Requester?, origin: TakeOrigin) {
        var requester = requester
        var origin = origin
        let saved = state.withLock { state -> String? in
            defer { if let path = HookOccurrence.savedPath(of: event) { state.lastSaved = path } }
            switch event {
            case .recordingStarted:
                state.recordingBy = (requester, origin)
            case .takeSaved(let take, _) where take.kind == .clip:
                if let started = state.recordingBy { (requester, origin) = (started.requester ?? requester, started.origin) }
            case .recordingStopped:
                if let started = state.recordingBy { (requester, origin) = (started.requester ?? requester, started.origin) }
                state.recordingBy = nil
            default:
                break
            }
            return state.lastSaved
        }
        for occurrence in HookOccurrence.occurrences(of: event, requester: requester, origin: origin, alreadySaved: saved) {
            state.withLock { $0.waiting += 1 }
            if case .dropped = queues[occurrence.event]?.yield(occurrence) {
                state.withLock { $0.waiting -= 1 }
                log("hooks: \(Self.backlog) \(occurrence.event.rawValue) events are already waiting; not running its hooks for \(occurrence.subject)")
            }
        }
    }

    /// One event: its hooks one at a time, then its automations (unless an automation caused it).
    private func work(_ occurrence: HookOccurrence) async {
        defer { state.withLock { $0.waiting -= 1 } }
        guard !state.withLock({ $0.stopped }) else { return }
        let folder = self.folder
        let event = occurrence.event
        let plan = (try? await BlockingPool.shared.run("reading the hooks folder", timeout: .seconds(5)) { folder.plan(for: event) })
            ?? HookPlan(event: event, programs: [], skipped: [])
        tellSkipped(plan)
        for program in plan.programs {
            guard !state.withLock({ $0.stopped }) else { return }
            await run(program, occurrence)
        }
        guard occurrence.origin.automation == nil else { return }
        let automations = self.automations
        guard let found = try? await BlockingPool.shared.run("reading the automations folder", timeout: .seconds(5), {
            automations.automations(for: event)
        }) else { return }
        for problem in found.problems { log("automations: \(problem)") }
        for automation in found.automations {
            guard !state.withLock({ $0.stopped }) else { return }
            log("automation \(automation.name) (\(event.rawValue), \(occurrence.subject)): \(await runAutomation(automation))")
        }
    }

    /// Runs one program to its end or its timeout, and says how it went.
    private func run(_ program: HookProgram, _ occurrence: HookOccurrence) async {
        let environment = baseEnvironment.merging(occurrence.facts) { $1 }
        let started = ContinuousClock.now
        let label = "hook \(program.name) (\(occurrence.event.rawValue), \(occurrence.subject))"
        let process: HookProcess
        do {
            process = try await BlockingPool.shared.run("starting a hook") { () throws -> HookProcess in try HookProcess.spawn(program.path, environment: environment) }
        } catch {
            log("\(label): \((error as? HookFailure)?.reason ?? "\(error)")")
            return
        }
        let admitted = state.withLock { state -> Bool in
            state.running[process.pid] = process
            return !state.stopped
        }
        if !admitted { process.signal(SIGTERM) }
        let timeout = self.timeout
        let watchdog = Task {
            do { try await Task.sleep(for: timeout) } catch { return }
            process.signal(SIGTERM)
            do { try await Task.sleep(for: Self.killGrace) } catch { return }
            process.signal(SIGKILL)
        }
        let ending = await process.ending()
        watchdog.cancel()
        state.withLock { _ = $0.running.removeValue(forKey: process.pid) }
        let elapsed = ContinuousClock.now - started
        let overdue = elapsed >= timeout
        switch ending {
        case .exited(let status):
            log("\(label): exited \(status) after \(Self.describe(elapsed))\(overdue ? " (over its \(Self.describe(timeout)))" : "")")
        case .signalled(let signal):
            let name = signal == SIGTERM ? "SIGTERM" : signal == SIGKILL ? "SIGKILL" : "signal \(signal)"
            log("\(label): ended by \(name) after \(Self.describe(elapsed))\(overdue ? ": it ran over its \(Self.describe(timeout)) (hook-timeout)" : "")")
        }
    }

    /// Logs why files are skipped, once for each change of what is skipped.
    private func tellSkipped(_ plan: HookPlan) {
        let lines = plan.skipped.map { "hook \($0.name): skipped: \($0.reason)" }
        let changed = state.withLock { state -> Bool in
            guard state.told[plan.event] != lines else { return false }
            state.told[plan.event] = lines
            return true
        }
        if changed { for line in lines { log(line) } }
    }

    /// "12 ms", "30.0 s".
    static func describe(_ duration: Duration) -> String {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return milliseconds < 1000 ? "\(Int(milliseconds.rounded())) ms" : String(format: "%.1f s", milliseconds / 1000)
    }
}
