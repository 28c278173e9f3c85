import Dispatch
import Foundation

/// Processes the bench started (daemons, private buses): killed when the bench is interrupted
/// (Ctrl-C, or `timeout` in scripts/bench), so nothing is left running behind it.
enum Cleanup {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pids: [Int32] = []
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Remembers a process to kill if the bench is interrupted.
    static func track(_ pid: Int32) { lock.withLock { pids.append(pid) } }

    /// On SIGINT or SIGTERM: SIGTERM to every tracked process, then exit 130.
    static func installSignalHandlers() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let victims = lock.withLock { pids }
                for pid in victims.reversed() { kill(pid, SIGTERM) }
                FileHandle.standardError.write(Data("retrocam-bench: interrupted; stopped \(victims.count) process(es)\n".utf8))
                exit(130)
            }
            source.resume()
            lock.withLock { sources.append(source) }
        }
    }
}
