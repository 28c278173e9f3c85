import CommandLineOptions
import Foundation

/// Hold-to-talk: `retrocam listen --hold` runs from a key press and records until the release, which is any
/// of SIGUSR1, SIGTERM or SIGINT, its standard input closing (when it is a pipe), or `retrocam listen release`
/// (which signals the holder named in `$XDG_RUNTIME_DIR/retrocam/listen.pid`).
final class HoldToTalk: @unchecked Sendable {
    private var sources: [any DispatchSourceProtocol] = []
    private let pidFile: URL?
    private let queue = DispatchQueue(label: "retrocam.listen.release")

    /// Calls `release` (once per trigger) on a release, and names this process as the holder.
    init(environment: [String: String] = ProcessInfo.processInfo.environment, release: @escaping @Sendable () -> Void) {
        pidFile = Self.pidFile(environment)
        for number in [SIGUSR1, SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler(handler: release)
            source.resume()
            sources.append(source)
        }
        var status = stat()
        if fstat(STDIN_FILENO, &status) == 0, (status.st_mode & S_IFMT) == S_IFIFO || (status.st_mode & S_IFMT) == S_IFSOCK {
            let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
            input.setEventHandler {
                var scratch = [UInt8](repeating: 0, count: 512)
                // Closed (or failed): release, and stop reading (a cancelled source lets go of this handler).
                if read(STDIN_FILENO, &scratch, scratch.count) <= 0 {
                    input.cancel()
                    release()
                }
            }
            input.resume()
            sources.append(input)
        }
        if let pidFile { RuntimeFile.writePrivate(Data("\(getpid())\n".utf8), to: pidFile) }
    }

    /// Stops watching and forgets the pid file (when it still names this process).
    func finish() {
        sources.forEach { $0.cancel() }
        sources = []
        if let pidFile, Self.holder(pidFile) == getpid() { try? FileManager.default.removeItem(at: pidFile) }
    }

    /// Signals the process holding the key (`retrocam listen release`); throws when none is.
    static func release(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let file = pidFile(environment), let pid = holder(file) else {
            throw CommandFailure("No 'retrocam listen --hold' is recording.")
        }
        let commandLine = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        let words = commandLine.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard words.contains("listen"), words.first.map({ $0.hasSuffix("retrocam") }) == true else {
            try? FileManager.default.removeItem(at: file)
            throw CommandFailure("No 'retrocam listen --hold' is recording (process \(pid) is something else).")
        }
        guard kill(pid, SIGUSR1) == 0 else { throw CommandFailure("Cannot signal process \(pid): \(String(cString: strerror(errno))).") }
    }

    private static func pidFile(_ environment: [String: String]) -> URL? {
        RuntimeFile.url("listen.pid", environment: environment)
    }

    private static func holder(_ file: URL) -> pid_t? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

