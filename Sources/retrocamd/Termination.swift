import DBus
import Dispatch
import Foundation

/// What ends the daemon: SIGTERM, SIGINT, or the bus connection going away.
///
/// `listen()` is called first thing at start-up, so a signal that arrives while the camera is still
/// starting is kept (not lost, and not the default action that would kill the daemon before it saved
/// anything); `wait(connection:)` then answers it at once.
enum Termination {
    private static let state = NSLock()
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var received: String?
    nonisolated(unsafe) private static var waiter: CheckedContinuation<String, Never>?

    /// Starts catching SIGTERM and SIGINT (idempotent).
    static func listen() {
        state.withLock {
            guard sources.isEmpty else { return }
            for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { end(name) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Waits for the first of SIGTERM, SIGINT (since `listen()`) or a lost bus, and names it.
    static func wait(connection: Connection) async -> String {
        listen()
        return await withCheckedContinuation { continuation in
            let early = state.withLock { () -> String? in
                if let received { return received }
                waiter = continuation
                return nil
            }
            if let early { return continuation.resume(returning: early) }
            Thread.detachNewThread {
                while connection.isConnected { Thread.sleep(forTimeInterval: 0.2) }
                end("the bus connection closed")
            }
        }
    }

    /// The first reason to end wins.
    private static func end(_ reason: String) {
        let resume = state.withLock { () -> CheckedContinuation<String, Never>? in
            guard received == nil else { return nil }
            received = reason
            defer { waiter = nil }
            return waiter
        }
        resume?.resume(returning: reason)
    }
}
