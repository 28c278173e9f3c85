import Body
import DBus
import Intents

/// How a client reads the daemon's live picture: a `shmsrc` socket and the caps to give it.
public struct PreviewOffer: Sendable, Equatable {
    /// The `shmsink` control socket (in a 0700 folder of `$XDG_RUNTIME_DIR`).
    public var socketPath: String
    /// The caps of the frames (shm carries none).
    public var caps: String
    /// Frame width, height and rate.
    public var width: Int, height: Int, framerate: Int

    /// Describes a stream.
    public init(socketPath: String, caps: String, width: Int, height: Int, framerate: Int) {
        self.socketPath = socketPath
        self.caps = caps
        self.width = width
        self.height = height
        self.framerate = framerate
    }
}

/// What hands out the preview stream: the engine (in retrocamd), a fake in tests.
public protocol PreviewSource: Sendable {
    /// The first client arrived: start the stream (the camera must stay awake while it runs).
    func startPreview() async throws(IntentError) -> PreviewOffer
    /// The last client left: stop the stream (the camera may sleep).
    func stopPreview() async
}

/// The preview clients, by unique bus name. The stream runs while at least one holds it: it
/// starts with the first `OpenPreview` and stops when the last client calls `ClosePreview`, or
/// disconnects (NameOwnerChanged), or was gone before its call was served.
public actor PreviewClients {
    private let source: any PreviewSource
    private var clients: Set<String> = []
    private var offer: PreviewOffer?
    /// The operation running now; each waits for the one before, so start and stop never overlap.
    private var tail: Task<Void, Never>?
    private var onCountChange: @Sendable (Int) -> Void = { _ in }

    /// Tracks clients of `source`'s stream.
    public init(source: any PreviewSource) { self.source = source }

    /// How many clients hold the preview.
    public var count: Int { clients.count }

    /// Registers the handler told the new count after each change (for PropertiesChanged).
    public func onChange(_ handler: @escaping @Sendable (Int) -> Void) { onCountChange = handler }

    /// Adds `client` (once, however often it asks) and answers the stream, starting it if needed.
    public func open(_ client: String) async throws(IntentError) -> PreviewOffer {
        let outcome: Result<PreviewOffer, IntentError> = await serialized { clients in
            if let offer = clients.offer {
                clients.add(client)
                return .success(offer)
            }
            do throws(IntentError) {
                let offer = try await clients.source.startPreview()
                clients.offer = offer
                clients.add(client)
                return .success(offer)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Removes `client`; the stream stops when it was the last. False when it held no preview.
    @discardableResult
    public func close(_ client: String) async -> Bool {
        await serialized { clients in await clients.remove(client) }
    }

    private func add(_ client: String) {
        guard clients.insert(client).inserted else { return }
        onCountChange(clients.count)
    }

    private func remove(_ client: String) async -> Bool {
        guard clients.remove(client) != nil else { return false }
        onCountChange(clients.count)
        if clients.isEmpty, offer != nil {
            offer = nil
            await source.stopPreview()
        }
        return true
    }

    /// Runs `body` after every operation queued before it.
    private func serialized<T: Sendable>(_ body: @escaping @Sendable (isolated PreviewClients) async -> T) async -> T {
        let previous = tail
        let task = Task { () -> T in
            await previous?.value
            return await body(self)
        }
        tail = Task { _ = await task.value }
        return await task.value
    }
}
