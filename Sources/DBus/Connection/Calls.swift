import CDBus
import Foundation
import Synchronization

/// A method call waiting for its reply.
struct PendingCall: Sendable {
    let complete: @Sendable (Result<[Value], DBusError>) -> Void
}

/// Method calls: send, match the reply by serial, time out on our own clock.
///
/// libdbus's pending calls need its timeout machinery in the main loop; matching replies
/// in the filter is simpler and lets a call be awaited, blocked on, or given a callback.
extension Connection {
    /// Calls a method and awaits its reply; a remote error is thrown as the `DBusError` it names,
    /// no reply within `timeout` throws `NoReply`.
    public func call(destination: String, path: String, interface: String, method: String, _ args: [Value],
                     timeout: Duration = .seconds(25)) async throws -> [Value] {
        let message = try Message.methodCall(destination: destination, path: path, interface: interface, method: method, arguments: args)
        let serialBox = Mutex<UInt32?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[Value], Error>) in
                do {
                    let serial = try send(call: message, timeout: timeout) { continuation.resume(with: $0.mapError { $0 }) }
                    serialBox.withLock { $0 = serial }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            if let serial = serialBox.withLock({ $0 }) {
                finishPendingCall(serial, with: .failure(DBusError.failed("The call to \(method) was cancelled.")))
            }
        }
    }

    /// Calls a method and blocks the current thread until the reply, for a program without tasks (the
    /// benchmark's clients). It holds the thread: never call it from a task (it would take a thread of
    /// the cooperative pool), a UI thread, or the connection's dispatch thread (that would wait forever).
    public func callSync(destination: String, path: String, interface: String, method: String, _ args: [Value],
                         timeout: Duration = .seconds(25)) throws -> [Value] {
        precondition(Thread.current != dispatchThread, "callSync on the D-Bus dispatch thread would deadlock; use call(…) from a Task")
        let message = try Message.methodCall(destination: destination, path: path, interface: interface, method: method, arguments: args)
        let outcome = Mutex<Result<[Value], DBusError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        try send(call: message, timeout: timeout) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }

    /// Sends a method call without asking for a reply (the `NO_REPLY_EXPECTED` flag).
    func send(callWithoutReply message: Message) throws {
        message.setNoReply(true)
        try send(message)
    }

    /// Sends a call and arranges for `complete` to run exactly once: with the reply, the
    /// error reply, a timeout, or a disconnection. Returns the call's serial.
    @discardableResult
    func send(call message: Message, timeout: Duration,
              complete: @escaping @Sendable (Result<[Value], DBusError>) -> Void) throws -> UInt32 {
        // The lock is held across the send so the reply cannot be routed before it is expected.
        let serial = try pendingCalls.withLock { pending -> UInt32 in
            let serial = try send(message)
            pending[serial] = PendingCall(complete: complete)
            return serial
        }
        let member = message.member ?? "method"
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak self] in
            self?.finishPendingCall(serial, with: .failure(DBusError.noReply(
                "Did not receive a reply to \(member) within \(Self.describe(seconds)); the remote side may be busy or gone.")))
        }
        return serial
    }

    /// Called on the dispatch thread for each method return and error; false when no call waits.
    func completePendingCall(with message: Message) -> Bool {
        let serial = message.replySerial
        guard pendingCalls.withLock({ $0[serial] != nil }) else { return false }
        let result: Result<[Value], DBusError> = message.kind == .error ? .failure(message.asError) : .success(message.arguments)
        finishPendingCall(serial, with: result)
        return true
    }

    func finishPendingCall(_ serial: UInt32, with result: Result<[Value], DBusError>) {
        guard let call = pendingCalls.withLock({ $0.removeValue(forKey: serial) }) else { return }
        call.complete(result)
    }

    func failAllPendingCalls(_ error: DBusError) {
        let all = pendingCalls.withLock { pending -> [PendingCall] in
            defer { pending.removeAll() }
            return Array(pending.values)
        }
        for call in all { call.complete(.failure(error)) }
    }

    private static func describe(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
