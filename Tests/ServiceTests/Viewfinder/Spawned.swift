import Foundation
import RetrocamTesting

/// A helper program of a test desktop (Xvfb, the AT-SPI bus, the viewfinder), started with
/// `posix_spawn` and a clean signal mask: the test runner's threads block signals, and a child
/// started by Foundation's `Process` inherits that mask, so SIGTERM would never reach it.
final class Spawned: @unchecked Sendable {
    let pid: pid_t
    private var status: Int32?

    /// Starts `path` with `arguments` and `environment`; stdout and stderr go to `log` (appended),
    /// and `pipeTo3` (a pipe's write end), when given, becomes the child's fd 3.
    init(_ path: String, _ arguments: [String], environment: [String: String], log: URL, pipeTo3: Int32? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The child keeps none of the test runner's other files (a pipe it held would never end).
        for fd in OpenDescriptors.current where fd > 2 && fd != pipeTo3 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let pipeTo3 { posix_spawn_file_actions_adddup2(&actions, pipeTo3, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw HarnessError("\(path) could not start (error \(result)).") }
        pid = child
    }

    /// True until the process has exited (and been reaped).
    var isRunning: Bool {
        if status != nil { return false }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
        status = raw
        return false
    }

    /// Sends `signal`, waits up to `seconds`, then SIGKILL; answers the wait status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM, seconds: Double = 10) -> Int32 {
        if isRunning { kill(pid, signal) }
        if !Wait.blockingUntil(seconds, { !isRunning }) {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            if waitpid(pid, &raw, 0) == pid { status = raw }
        }
        return status ?? -1
    }

    /// The exit code when it exited normally.
    var exitCode: Int32? {
        guard let status, status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }
}
