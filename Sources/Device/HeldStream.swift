import Synchronization

/// The stream an outlet of the engine runs (the preview, the virtual camera) and the camera hold it
/// keeps meanwhile: a new stream replaces the one before, which is stopped; stopping lets the camera go
/// (it sleeps after its linger). `stop` is how a stream stops (on the pool: a state change).
final class HeldStream<Stream: Sendable>: Sendable {
    private struct Running {
        var stream: Stream?
        var releaseCamera: (@Sendable () -> Void)?
    }
    private let running = Mutex(Running())
    private let stopping: @Sendable (Stream) async -> Void

    /// Nothing running yet; `stop` stops a stream that is replaced or stopped.
    init(stop: @escaping @Sendable (Stream) async -> Void) { stopping = stop }

    /// The stream running now.
    var current: Stream? { running.withLock { $0.stream } }

    /// Makes `stream` the running one, its camera held until it stops (`releaseCamera`), and stops the one before.
    func replace(with stream: Stream, releaseCamera: (@Sendable () -> Void)?) async {
        let previous = running.withLock { running -> Running in
            defer { running = Running(stream: stream, releaseCamera: releaseCamera) }
            return running
        }
        await stop(previous)
    }

    /// Stops the running stream and lets its camera go; answers whether one was running.
    @discardableResult
    func stop() async -> Bool {
        let stopped = running.withLock { running -> Running in
            defer { running = Running() }
            return running
        }
        await stop(stopped)
        return stopped.stream != nil
    }

    private func stop(_ old: Running) async {
        if let stream = old.stream { await stopping(stream) }
        old.releaseCamera?()
    }
}
