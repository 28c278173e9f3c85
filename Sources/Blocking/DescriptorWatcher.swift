import Foundation
import Synchronization

/// Waits for descriptors (sockets, input devices, a GStreamer bus's wake-up fd) on one `poll` thread,
/// so a task awaiting input is suspended instead of holding a thread: the Wyoming endpoint's
/// connections, the shutter keys and the camera monitor all wait here. The thread starts with the first
/// wait and sleeps in `poll` until a descriptor is ready, a deadline passes or a wait is added or
/// cancelled (a pipe wakes it); it never polls on a timer.
public final class DescriptorWatcher: Sendable {
    /// What to wait for.
    public enum Event: Sendable {
        /// Data (or end of file, or a connection) to read.
        case readable
        /// Room to write.
        case writable
    }

    private struct Watch {
        let descriptor: Int32
        let events: Int16
        let deadline: ContinuousClock.Instant?
        let continuation: CheckedContinuation<Bool, Error>
    }
    private struct State {
        var watches: [Int: Watch] = [:]
        var nextID = 0
        var wake: (read: Int32, write: Int32)?
        var shutDown = false
    }
    private let state = Mutex(State())
    private let name: String

    init(name: String) { self.name = name }

    /// Suspends until `descriptor` is ready for `event` (true; an error or hang-up on it counts as ready,
    /// so the caller's read or write reports it) or `timeout` passes (false). Throws `CancellationError`
    /// when the waiting task is cancelled and `BlockingPoolError.shutDown` once the daemon stops.
    public func wait(for event: Event, on descriptor: Int32, timeout: Duration? = nil) async throws -> Bool {
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let deadline = timeout.map { ContinuousClock.now + $0 }
        let events = Int16(event == .readable ? POLLIN : POLLOUT)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, Error>) in
                let watch = Watch(descriptor: descriptor, events: events, deadline: deadline, continuation: continuation)
                let refused = state.withLock { state -> Bool in
                    guard !state.shutDown else { return true }
                    state.watches[id] = watch
                    return false
                }
                if refused { return continuation.resume(throwing: BlockingPoolError.shutDown(what: "waiting for input")) }
                if Task.isCancelled { return end(id, with: .failure(CancellationError())) }
                wakeLoop()
            }
        } onCancel: {
            end(id, with: .failure(CancellationError()))
        }
    }

    /// Ends every wait (`BlockingPoolError.shutDown`) and the thread.
    func shutdown() {
        let ended = state.withLock { state -> [Watch] in
            state.shutDown = true
            Self.poke(state)
            defer { state.watches = [:] }
            return Array(state.watches.values)
        }
        for watch in ended { watch.continuation.resume(throwing: BlockingPoolError.shutDown(what: "waiting for input")) }
    }

    /// Waits being followed now (tests).
    var count: Int { state.withLock { $0.watches.count } }

    // MARK: - The thread

    private func end(_ id: Int, with result: Result<Bool, Error>) {
        let watch = state.withLock { $0.watches.removeValue(forKey: id) }
        guard let watch else { return }
        watch.continuation.resume(with: result)
        wakeLoop()
    }

    /// Starts the thread the first time; afterwards makes it read the watches again.
    private func wakeLoop() {
        let start = state.withLock { state -> (read: Int32, write: Int32)? in
            if state.wake != nil || state.shutDown {
                Self.poke(state)
                return nil
            }
            var ends: [Int32] = [0, 0]
            guard Glibc.pipe(&ends) == 0 else { return nil }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            state.wake = (ends[0], ends[1])
            return (ends[0], ends[1])
        }
        if let start {
            let thread = Thread { [self] in pollLoop(wake: start.read) }
            thread.name = name
            thread.start()
        }
    }

    /// Wakes the thread, under the state's lock: the thread closes the pipe under the same lock, so a wake never
    /// writes to a pipe whose reading end is gone (SIGPIPE would end the process) or to a descriptor number the
    /// pipe's closing gave back. The pipe does not block: a full pipe already wakes the thread.
    private static func poke(_ state: borrowing State) {
        guard let wake = state.wake else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wake.write, &byte, 1)
    }

    private func pollLoop(wake: Int32) {
        while true {
            let (ids, watches, stop) = state.withLock { state -> ([Int], [Watch], Bool) in
                (Array(state.watches.keys), Array(state.watches.values), state.shutDown)
            }
            if stop { break }
            var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
                + watches.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
            let now = ContinuousClock.now
            let nearest = watches.compactMap(\.deadline).min()
            let milliseconds = nearest.map { deadline -> Int32 in
                let left = now.duration(to: deadline)
                let ms = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                return Int32(clamping: max(0, ms + 1))
            } ?? -1
            if poll(&descriptors, nfds_t(descriptors.count), milliseconds) < 0, errno != EINTR { break }
            if descriptors[0].revents != 0 {
                var scratch = [UInt8](repeating: 0, count: 64)
                while Glibc.read(wake, &scratch, scratch.count) > 0 {}
            }
            let after = ContinuousClock.now
            let finished = state.withLock { state -> [(Watch, Bool)] in
                var finished: [(Watch, Bool)] = []
                for (index, id) in ids.enumerated() {
                    guard let watch = state.watches[id] else { continue }
                    if descriptors[index + 1].revents != 0 {
                        finished.append((watch, true))
                    } else if let deadline = watch.deadline, deadline <= after {
                        finished.append((watch, false))
                    } else {
                        continue
                    }
                    state.watches[id] = nil
                }
                return finished
            }
            for (watch, ready) in finished { watch.continuation.resume(returning: ready) }
        }
        state.withLock { state in
            guard let ends = state.wake else { return }
            state.wake = nil
            _ = Glibc.close(ends.read)
            _ = Glibc.close(ends.write)
        }
    }
}
