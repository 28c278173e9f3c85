import Body
import DBus
import Foundation
import Intents
import Synchronization

/// Nobody is filmed without knowing: every take the camera makes, whoever asked for it, is shown on the
/// desktop. While a clip records, a persistent notification says which camera records and for whom,
/// with a Stop button that pauses (and saves) the clip; it is replaced when the clip ends. Every photo
/// is announced the same way.
///
/// It listens to the controller's events, not to the bus methods, so no path to a take can skip it
/// (bus calls, the self-timer, shortcuts, keys, hotkeys). Only the user's config file
/// (`notifications = off`) or the daemon's own command line turns it off; nothing on the bus can.
/// While anyone reads the virtual camera, a persistent notification names the reading applications
/// (PipeWire's `application.name`), with a Stop button that turns the virtual camera off; it goes once
/// nobody reads.
/// Notifications are sent in order by one task of their own: a stalled notification server delays
/// the notifications, never a caller.
public final class CaptureIndicator: Sendable {
    /// The action key of the recording notification's button.
    public static let stopAction = "stop"
    /// The action key of the virtual camera notification's button.
    public static let stopVirtualCameraAction = "stop-virtual-camera"

    private let notifier: Notifier
    private let controller: CameraController
    private let log: @Sendable (String) -> Void
    private let feed: AsyncStream<(CameraEvent, Requester?)>.Continuation
    /// The recording notification (see `RecordingNote`).
    private let recording = Mutex(RecordingNote())
    /// The virtual camera notification's id (0 while none is shown) and the applications it names.
    private let reading = Mutex<(id: UInt32, by: [String])>((0, []))

    /// Shows the takes of `controller` through `notifier`.
    public init(notifier: Notifier, controller: CameraController, log: @escaping @Sendable (String) -> Void) async throws {
        self.notifier = notifier
        self.controller = controller
        self.log = log
        let (events, feed) = AsyncStream.makeStream(of: (CameraEvent, Requester?).self)
        self.feed = feed
        Task { [self] in
            for await (event, requester) in events { await show(event, for: requester) }
        }
        // The requester is read in the task that made the take (a bus call, a key, the self-timer).
        await controller.observeEvents { [feed] event in feed.yield((event, Requester.current)) }
        try await notifier.follow(invoked: { [self] id, key in
            guard id != 0 else { return }
            if key == Self.stopAction, recording.withLock({ $0.stopClicked(id) }) {
                Task { await pauseForStopButton() }
            } else if key == Self.stopVirtualCameraAction, id == reading.withLock({ $0.id }) {
                Task { await stopVirtualCameraForStopButton() }
            }
        }, closed: { [self] id, reason in
            // Expired (1) although it asked to stay: show it again while the clip records or someone
            // reads. Dismissed by the user (2): they have seen it.
            guard reason == 1, id != 0 else { return }
            if id == recording.withLock({ $0.id }) { Task { await reshow() } }
            if id == reading.withLock({ $0.id }) { Task { await reshowReaders() } }
        })
    }

    /// Ends the notification task.
    public func stop() {
        feed.finish()
    }

    /// The daemon is stopping (it saves a clip in progress itself): the recording notification, if any,
    /// is replaced so it does not outlive the daemon. Waits at most 0.3 s for the server.
    public func daemonStopping() async {
        let id = takeRecording().id
        guard id != 0 else { return }
        var replacement = Notifier.Note(summary: "Recording stopped", body: "Retrocam is stopping; the clip is saved.", icon: "camera-video")
        replacement.replacing = id
        let note = replacement
        await withTaskGroup(of: Void.self) { [notifier] group in
            group.addTask { await notifier.show(note) }
            group.addTask { try? await Task.sleep(for: .milliseconds(300)) }
            await group.next()
            group.cancelAll()
        }
    }

    /// The notification for one event, in order.
    private func show(_ event: CameraEvent, for requester: Requester?) async {
        switch event {
        case .recordingStarted(let camera):
            let who = requester?.displayName
            let id = await notifier.show(Self.recordingNote(camera: camera, for: who)) ?? 0
            let clickedAlready = recording.withLock { $0.shown(id, for: who) }
            if clickedAlready { await pauseForStopButton() }
        case .takeSaved(let take, let camera):
            let who = requester?.displayName
            switch take.kind {
            case .photo:
                await notifier.show(Self.photoNote(take, camera: camera, for: who))
            case .clip:
                let shown = takeRecording()
                await notifier.show(Self.clipNote(take, camera: camera, for: shown.for ?? who, replacing: shown.id))
            }
        case .takeEnded(_, let dialog):
            let shown = takeRecording()
            var note = Notifier.Note(summary: "Recording stopped", body: dialog, icon: "camera-video")
            note.replacing = shown.id
            await notifier.show(note)
        case .virtualCameraRead(let applications):
            await showReaders(applications)
        case .countdown, .recordingStopped, .cameraAdded, .cameraRemoved:
            break
        }
    }

    /// Shows who reads the virtual camera (replacing what was shown), or closes the notification once
    /// nobody does.
    private func showReaders(_ applications: [String]) async {
        let shown = reading.withLock { $0.id }
        guard !applications.isEmpty else {
            reading.withLock { $0 = (0, []) }
            if shown != 0 { await notifier.close(shown) }
            return
        }
        var note = Self.virtualCameraNote(readers: applications)
        note.replacing = shown
        let id = await notifier.show(note) ?? 0
        reading.withLock { $0 = (id, applications) }
    }

    /// The virtual camera's Stop button: turn it off, as the user asked.
    private func stopVirtualCameraForStopButton() async {
        await performForStopButton(.stopVirtualCamera, "Stop the virtual camera")
    }

    /// The Stop button: pause the clip, as the user asked.
    private func pauseForStopButton() async {
        await performForStopButton(.pauseClip, "Stop")
    }

    /// Performs `intent` for a notification's Stop button (the requester the controller sees), logging a refusal.
    private func performForStopButton(_ intent: IntentName, _ what: String) async {
        do {
            _ = try await Requester.$current.withValue(.trigger("the notification's Stop button")) {
                try await controller.perform(intent)
            }
        } catch {
            log("notifications: \(what): \((error as? IntentError)?.message ?? "\(error)")")
        }
    }

    /// Shows the recording notification again after the server let it expire.
    private func reshow() async {
        guard await controller.body.recording else { return }
        let who = recording.withLock { $0.for }
        var note = Self.recordingNote(camera: await controller.cameraName(), for: who)
        note.replacing = recording.withLock { $0.id }
        if let id = await notifier.show(note) { recording.withLock { $0.id = id } }
    }

    /// Shows the virtual camera notification again after the server let it expire, naming the same readers.
    private func reshowReaders() async {
        let shown = reading.withLock { $0 }
        guard shown.id != 0 else { return }
        var note = Self.virtualCameraNote(readers: shown.by)
        note.replacing = shown.id
        guard let id = await notifier.show(note) else { return }
        let now = reading.withLock { current -> UInt32 in
            if current.id == shown.id { current.id = id }
            return current.id
        }
        // Everyone stopped reading while it was on its way (that notification was closed): close this one too.
        if now == 0 { await notifier.close(id) }
    }

    /// The recording notification shown now (its id, 0 for none, and for whom), forgotten: the clip ended.
    private func takeRecording() -> (id: UInt32, for: String?) {
        recording.withLock { current in
            defer { current = RecordingNote() }
            return (current.id, current.for)
        }
    }

    // MARK: Words

    /// "Recording with Test card (back)" — "Filming for org.example.Cam. Stop pauses and saves the clip."
    static func recordingNote(camera: String?, for who: String?) -> Notifier.Note {
        var note = Notifier.Note(summary: "Recording with \(camera ?? "the camera")",
                                 body: "Filming for \(who ?? "an unknown program"). Stop pauses and saves the clip.",
                                 icon: "camera-video")
        note.actions = [(stopAction, "Stop")]
        note.urgency = .critical
        note.persistent = true
        return note
    }

    /// "Virtual camera in use" — "Firefox and OBS see your Retrocam picture. Stop turns the virtual camera off."
    static func virtualCameraNote(readers: [String]) -> Notifier.Note {
        var names: [String] = []
        for name in readers.map({ $0.isEmpty ? "An unknown program" : $0 }) where !names.contains(name) { names.append(name) }
        let who = names.count <= 1 ? (names.first ?? "An unknown program")
            : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        var note = Notifier.Note(summary: "Virtual camera in use",
                                 body: "\(who) \(names.count == 1 ? "sees" : "see") your Retrocam picture. Stop turns the virtual camera off.",
                                 icon: "camera-web")
        note.actions = [(stopVirtualCameraAction, "Stop")]
        note.urgency = .critical
        note.persistent = true
        return note
    }

    /// "Photo taken with Test card (back)" — "Retrocam-….jpg, for busctl."
    static func photoNote(_ take: CapturedTake, camera: String?, for who: String?) -> Notifier.Note {
        Notifier.Note(summary: "Photo taken with \(camera ?? "the camera")",
                      body: "\(URL(fileURLWithPath: take.path).lastPathComponent), for \(who ?? "an unknown program").")
    }

    /// "Clip saved" — "Retrocam-….webm (a 3-second clip) with Test card (back), for busctl."
    static func clipNote(_ take: CapturedTake, camera: String?, for who: String?, replacing: UInt32) -> Notifier.Note {
        var note = Notifier.Note(summary: "Clip saved",
                                 body: "\(URL(fileURLWithPath: take.path).lastPathComponent) (\(Wording.clip(seconds: take.duration))) "
                                     + "with \(camera ?? "the camera"), for \(who ?? "an unknown program").",
                                 icon: "camera-video")
        note.replacing = replacing
        return note
    }
}

/// The recording notification: its id (0 while none is shown), for whom it films, and the Stop clicks
/// that came before the server's reply told its id (a quick click on a loaded desktop): the id is checked
/// against them as it arrives, so such a click still stops the clip.
struct RecordingNote {
    var id: UInt32
    var `for`: String?
    private var earlyStops: [UInt32] = []

    init(id: UInt32 = 0, for who: String? = nil) {
        self.id = id
        self.for = who
    }

    /// A Stop click on notification `id`: true when it is this one. A click while this one's id is not
    /// known yet is kept (the last few) for when it is.
    mutating func stopClicked(_ id: UInt32) -> Bool {
        if id == self.id { return true }
        if self.id == 0 { earlyStops = Array((earlyStops + [id]).suffix(4)) }
        return false
    }

    /// The server answered `id` for the notification shown for `who`: it becomes this one (the early
    /// clicks forgotten). True when a Stop click on it came before.
    mutating func shown(_ id: UInt32, for who: String?) -> Bool {
        defer { self = RecordingNote(id: id, for: who) }
        return id != 0 && earlyStops.contains(id)
    }
}
