import DBus
import Dispatch
import Foundation
import Synchronization

/// What ends the daemon: SIGTERM, SIGINT, the bus connection going away, or — when started by D-Bus
/// activation with `--exit-when-idle` — a long idle time. All are events (signal sources, the
/// connection's close callback, a one-shot timer): an idle daemon sleeps in poll, nothing wakes it.
enum Termination {
    /// Seconds within which a signal is honoured, whatever the daemon was doing: a take still finishing
    /// after this is left to the recovery of the next start (its frames are on disk, unbuffered).
    static let signalDeadline = 1.9
    /// How long a take in progress may take to finish after a signal, within `signalDeadline`.
    static let takeFinishSeconds = 1.5

    /// Starts listening for SIGTERM and SIGINT at once (call it early: a signal that arrives before
    /// `wait` is kept, not lost).
    static func listen() {
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { ending.resume(name) }
            source.resume()
            keepAlive.append(source)
        }
    }

    /// Waits for the first of a signal, a lost bus or `idle` running out, and names it.
    static func wait(connection: Connection, idle: IdleExit?) async -> String {
        connection.onClose { ending.resume("the bus connection closed") }
        idle?.onIdle { seconds in ending.resume("idle for \(Int(seconds)) s (--exit-when-idle)") }
        return await ending.wait()
    }

    /// Makes sure the process is gone `signalDeadline` seconds from now, however the clean exit fares.
    static func armDeadline() {
        DispatchQueue.global().asyncAfter(deadline: .now() + signalDeadline) {
            Log.info("still finishing after \(signalDeadline) s; exiting now (the next start recovers any take)")
            _exit(0)
        }
    }

    nonisolated(unsafe) private static var keepAlive: [DispatchSourceSignal] = []
    private static let ending = Once()
}

/// The first reason to end, kept until someone waits for it.
private final class Once: Sendable {
    private struct State {
        var reason: String?
        var waiter: CheckedContinuation<String, Never>?
    }
    private let state = Mutex(State())

    func resume(_ value: String) {
        let waiting = state.withLock { state -> CheckedContinuation<String, Never>? in
            guard state.reason == nil else { return nil }
            state.reason = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiting?.resume(returning: value)
    }

    func wait() async -> String {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> String? in
                if state.reason == nil { state.waiter = continuation }
                return state.reason
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
