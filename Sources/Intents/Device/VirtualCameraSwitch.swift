import Body
import Synchronization

/// How readers find the virtual camera: its PipeWire node and the frames it gives.
public struct VirtualCameraOffer: Sendable, Equatable {
    /// `node.name` (`pipewiresrc target-object=…`).
    public var nodeName: String
    /// `node.description`: the name camera lists show.
    public var description: String
    /// The caps of its frames.
    public var caps: String

    /// Describes a published node.
    public init(nodeName: String, description: String, caps: String) {
        self.nodeName = nodeName
        self.description = description
        self.caps = caps
    }
}

/// What publishes the virtual camera: the engine (in retrocamd), a fake in tests.
public protocol VirtualCameraSource: Sendable {
    /// Publishes the node (the camera stays awake while it is listed); answers how readers find it.
    func startVirtualCamera() async throws(IntentError) -> VirtualCameraOffer
    /// Removes the node (the camera may sleep). Nothing when it is not published.
    func stopVirtualCamera() async
    /// Registers the handler told the applications reading the node (one name per reader) each time
    /// they change, in order; it must return at once.
    func onReadersChanged(_ handler: @escaping @Sendable ([String]) -> Void)
}

/// The virtual camera's switch: on while the node is published. Turning it on twice or off twice
/// changes nothing and says so; the state is told to every `onChange` handler (PropertiesChanged, the
/// saved setting) after each change, in order.
/// Callers come one at a time (the bus's order: `SetVirtualCamera` is an in-order row); a call that
/// arrives while another is still switching is refused rather than interleaved.
public actor VirtualCameraSwitch {
    private let source: any VirtualCameraSource
    private var offer: VirtualCameraOffer?
    private var switching = false
    private var changeHandlers: [@Sendable (VirtualCameraOffer?) async -> Void] = []
    private var stateHandlers: [@Sendable (VirtualCameraState) async -> Void] = []
    private nonisolated let readers: Readers

    /// The applications reading the node and the handlers told each change (the source has one handler:
    /// this fans it out).
    private final class Readers: Sendable {
        let now = Mutex<[String]>([])
        let handlers = Mutex<[@Sendable ([String]) -> Void]>([])

        /// Keeps `applications` and tells every handler, when they changed.
        func changed(to applications: [String]) {
            let changed = now.withLock { readers -> Bool in
                defer { readers = applications }
                return readers != applications
            }
            guard changed else { return }
            for handler in handlers.withLock({ $0 }) { handler(applications) }
        }
    }

    /// A switch over `source`, off.
    public init(source: any VirtualCameraSource) {
        self.source = source
        let readers = Readers()
        self.readers = readers
        source.onReadersChanged { readers.changed(to: $0) }
    }

    /// The published node, nil while off.
    public var current: VirtualCameraOffer? { offer }

    /// The applications reading the node now, one name per reader (none while off).
    public nonisolated var readingApplications: [String] { readers.now.withLock { $0 } }

    /// Adds a handler told the readers (one application name each) after each change, in order; it must
    /// return at once.
    public nonisolated func onReadersChanged(_ handler: @escaping @Sendable ([String]) -> Void) {
        readers.handlers.withLock { $0.append(handler) }
    }

    /// Adds a handler told the node (nil: off) after each change, before the call answers.
    public func onChange(_ handler: @escaping @Sendable (VirtualCameraOffer?) async -> Void) { changeHandlers.append(handler) }

    private func told(_ offer: VirtualCameraOffer?) async {
        for handler in changeHandlers { await handler(offer) }
    }

    /// Adds a handler told what the virtual camera is as it changes, in order: starting when a turning
    /// on begins, then on, or failed with the reason; off once stopped.
    public func onStateChanged(_ handler: @escaping @Sendable (VirtualCameraState) async -> Void) { stateHandlers.append(handler) }

    private func tell(_ state: VirtualCameraState) async {
        for handler in stateHandlers { await handler(state) }
    }

    /// Turns it on or off; answers the sentence to say.
    public func turn(on: Bool) async throws(IntentError) -> String {
        guard !switching else {
            throw .notAllowed("The virtual camera is still being switched \(on ? "off" : "on"); try again in a moment.")
        }
        switching = true
        defer { switching = false }
        if on {
            if let offer { return "The virtual camera is already on: pick “\(offer.description)” as your camera." }
            await tell(.starting)
            let started: VirtualCameraOffer
            do { started = try await source.startVirtualCamera() } catch {
                await tell(.failed(error.message))
                throw error
            }
            offer = started
            await tell(.on)
            await told(started)
            return "The virtual camera is on: pick “\(started.description)” as your camera in a call or in OBS."
        }
        guard offer != nil else { return "The virtual camera is already off." }
        await source.stopVirtualCamera()
        offer = nil
        await tell(.off)
        await told(nil)
        return "The virtual camera is off."
    }
}
