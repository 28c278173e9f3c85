import Dispatch
import Foundation
import Synchronization

/// Runs work that may wait on the disk or another program on a thread of its own (devices, the desktop
/// side), never on the cooperative pool that answers the bus (two threads on two cores: two blocked calls there and no
/// other call is answered, nor SIGTERM). With a `timeout`, the caller is answered then with
/// `IntentError.noCamera(sentence)` even if the work is still stuck; the work finishes (or not) behind it.
public func offThread<T: Sendable>(_ what: String, timeout: Duration? = nil,
                            _ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, Error>) in
        let once = ResumeOnce(continuation)
        DispatchQueue.global(qos: .userInitiated).async { once.resume(with: Result { try work() }) }
        if let timeout {
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                once.resume(with: .failure(IntentError.noCamera(
                    "\(what.prefix(1).uppercased() + what.dropFirst()) did not finish within \(Int(seconds)) seconds; the disk may be stalled.")))
            }
        }
    }
}

/// Resumes a continuation with the first result only.
private final class ResumeOnce<T: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<T, Error>?>

    init(_ continuation: CheckedContinuation<T, Error>) { self.continuation = Mutex(continuation) }

    func resume(with result: Result<T, Error>) {
        let waiting = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }
}
