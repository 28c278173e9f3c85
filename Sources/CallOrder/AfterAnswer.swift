import Synchronization

/// Work that a call answered on the spot leaves until its answer has gone out: waking another thread (a
/// look to put on the picture, the settings to write) costs the answering thread, and on two cores the
/// woken thread competes with the bus for the core that would carry the answer.
///
/// The bus's dispatch thread opens a scope around a call it answers at once (`answering`); inside it,
/// `run` keeps its work, and the scope runs it, in order, once the answer is sent — before the thread reads
/// the next call, so nothing delivered later can overtake it. Outside a scope, or once the scope has
/// ended (a Task started inside it inherits it), `run` runs the work straight away.
public final class AfterAnswer: Sendable {
    @TaskLocal private static var current: AfterAnswer?
    /// The work kept, in order; nil once the scope has ended.
    private let kept = Mutex<[@Sendable () -> Void]?>([])

    private init() {}

    /// Runs `work` once the answer of the call being answered on this thread has gone out, or now when
    /// there is no such call.
    public static func run(_ work: @escaping @Sendable () -> Void) {
        let keptIt = current?.kept.withLock { kept -> Bool in
            guard kept != nil else { return false }
            kept?.append(work)
            return true
        } ?? false
        if !keptIt { work() }
    }

    /// Runs `answer` (which computes a call's answer and sends it) in a scope of its own, then the work
    /// that `run` kept meanwhile.
    public static func answering<Result>(_ answer: () throws -> Result) rethrows -> Result {
        let scope = AfterAnswer()
        defer {
            for work in scope.kept.withLock({ kept in defer { kept = nil }; return kept ?? [] }) { work() }
        }
        return try $current.withValue(scope, operation: answer)
    }
}
