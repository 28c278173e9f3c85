import DBus
import Dispatch
import Foundation

/// What ends the daemon: SIGTERM, SIGINT, or the bus connection going away.
enum Termination {
    /// Waits for the first of SIGTERM, SIGINT or a lost bus, and names it.
    static func wait(connection: Connection) async -> String {
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        return await withCheckedContinuation { continuation in
            let once = Once(continuation)
            var sources: [DispatchSourceSignal] = []
            for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { once.resume(name) }
                source.resume()
                sources.append(source)
            }
            Termination.keepAlive = sources
            Thread.detachNewThread {
                while connection.isConnected { Thread.sleep(forTimeInterval: 0.2) }
                once.resume("the bus connection closed")
            }
        }
    }

    nonisolated(unsafe) private static var keepAlive: [DispatchSourceSignal] = []
}

/// Resumes a continuation once, whoever comes first.
private final class Once: @unchecked Sendable {
    private var continuation: CheckedContinuation<String, Never>?
    private let lock = NSLock()
    init(_ continuation: CheckedContinuation<String, Never>) { self.continuation = continuation }
    func resume(_ value: String) {
        lock.withLock {
            continuation?.resume(returning: value)
            continuation = nil
        }
    }
}
