import CSpawn
import Dispatch
import Foundation
import Synchronization

/// One run of a hook program: spawned in a process group of its own with a clean slate — standard input
/// from /dev/null, its output on the daemon's standard error (the journal, under systemd), no other
/// descriptor of the daemon (the bus, the camera, the instance lock), no blocked or ignored signals
/// (the daemon ignores SIGTERM to catch it itself; a child must not inherit that) — and watched through
/// a pidfd, so no thread waits for it.
final class HookProcess: Sendable {
    /// How a run ended.
    enum Ending: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
    }

    /// The process id, also its process group's.
    let pid: pid_t
    private let pidfd: Int32
    private let queue = DispatchQueue(label: "org.retrocam.hook-process")
    private let state = Mutex<State>(State())

    /// Watches the pidfd; made once in `init`, cancelled by its own handler when the process is reaped.
    nonisolated(unsafe) private let source: DispatchSourceRead

    private struct State {
        var ending: Ending?
        var waiter: CheckedContinuation<Ending, Never>?
    }

    private init(pid: pid_t, pidfd: Int32) {
        self.pid = pid
        self.pidfd = pidfd
        source = DispatchSource.makeReadSource(fileDescriptor: pidfd, queue: queue)
    }

    /// Starts `path` with exactly `environment`; throws a sentence when it cannot start.
    static func spawn(_ path: String, environment: [String: String]) throws(HookFailure) -> HookProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        retrocam_spawnattr_clean(&attributes, 1)
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, &argv, &envp)
        guard spawned == 0 else { throw HookFailure("could not start: \(String(cString: strerror(spawned)))") }
        let pidfd = pidfd_open(pid, 0)
        guard pidfd >= 0 else {
            let reason = String(cString: strerror(errno))
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            throw HookFailure("could not be watched (pidfd_open: \(reason)), so it was stopped")
        }
        let process = HookProcess(pid: pid, pidfd: pidfd)
        process.watch()
        return process
    }

    /// Waits for the end of the run.
    func ending() async -> Ending {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state -> Ending? in
                if state.ending == nil { state.waiter = continuation }
                return state.ending
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    /// Sends `signal` to the hook and everything it started (its process group); nothing once it ended.
    func signal(_ signal: Int32) {
        guard state.withLock({ $0.ending == nil }) else { return }
        kill(-pid, signal)
    }

    /// The pidfd turns readable when the process ends: it is reaped then, and the waiter resumed.
    private func watch() {
        source.setEventHandler { [weak self] in self?.reap() }
        source.setCancelHandler { [pidfd] in close(pidfd) }
        source.resume()
    }

    private func reap() {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return }
        let ending: Ending = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        let waiter = state.withLock { state in
            state.ending = ending
            defer { state.waiter = nil }
            return state.waiter
        }
        source.cancel()
        waiter?.resume(returning: ending)
    }
}

/// Why a hook did not run or did not end well: a few words for its log line.
struct HookFailure: Error, Sendable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
