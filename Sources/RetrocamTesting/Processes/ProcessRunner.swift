import Foundation

/// What a finished child process left: exit status, both outputs, and whether it had to be stopped.
public struct ProcessOutput: Sendable {
    /// The exit status (or the signal's number when it was killed).
    public let status: Int32
    /// Everything it wrote on stdout.
    public let stdout: String
    /// Everything it wrote on stderr.
    public let stderr: String
    /// True when it ran past its time and the runner killed it: its outputs are what it wrote until then.
    /// (A status of SIGKILL alone does not say so: anyone may have sent that signal.)
    public let timedOut: Bool
    /// stdout without the trailing newline.
    public var text: String { stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
    /// How it ended, for a failure's message: "exit 2", or "killed: ran out of time".
    public var ending: String { timedOut ? "killed: ran out of time" : "exit \(status)" }

    /// An output as a process left it.
    public init(status: Int32, stdout: String, stderr: String, timedOut: Bool = false) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.timedOut = timedOut
    }
}

/// Runs real command-line programs (`busctl`, `gdbus`, `dbus-send`, `retrocam`, `gst-discoverer-1.0`)
/// for the tests and the bench.
public enum ProcessRunner {
    /// Runs `executable` with `arguments` and `environment`, waits for it to exit (at most `timeout`
    /// seconds, then kills it with SIGKILL and says so in `timedOut`), and answers its status and
    /// outputs. `input` is written to
    /// its stdin. SIGKILL, because a child started from a thread of Swift's cooperative pool inherits
    /// that thread's mask, in which SIGTERM is blocked (see `stop`).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           input: String? = nil, timeout: TimeInterval = 30) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        process.standardInput = stdin ?? FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if let stdin, let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        let outData = ReadAll(out.fileHandleForReading), errData = ReadAll(err.fileHandleForReading)
        let timedOut = exited.wait(timeout: .now() + timeout) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        let output = ProcessOutput(status: process.terminationStatus, stdout: outData.wait(), stderr: errData.wait(),
                                   timedOut: timedOut)
        // Closed here: Foundation does not free a finished `Process` and its pipes, so their ends would stay
        // open in this process, three for every program run.
        for handle in [out.fileHandleForReading, err.fileHandleForReading] { try? handle.close() }
        return output
    }

    /// Waits for a started `process` to exit, at most `timeout` seconds; true when it did.
    public static func waitForExit(_ process: Process, timeout: TimeInterval) -> Bool {
        Wait.blockingUntil(timeout) { !process.isRunning }
    }

    /// Ends a started `process` and waits for it: SIGTERM, then SIGKILL when it is still there after
    /// 5 s. Foundation starts a child with the calling thread's signal mask, and a test runner's threads
    /// may block SIGTERM: such a child never sees `terminate()`, and `waitUntilExit()` would wait forever.
    public static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        if !waitForExit(process, timeout: 5) {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(process, timeout: 10)
        }
    }

    /// The package's root folder (for `dbus/*.xml`, `shortcuts/`, `docs/`).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The folder holding the built executables (`retrocamd`, `retrocam`): the first folder up from the
    /// running test bundle that has them, `RETROCAM_BIN_DIR`, or `.build/debug`.
    public static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["RETROCAM_BIN_DIR"] { return URL(fileURLWithPath: dir) }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("retrocamd").path) { return url }
            url.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug")
    }
}

/// Drains a pipe on a thread of its own so a chatty child never blocks on a full pipe.
public final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `handle` to its end.
    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything read, once the writer has closed the pipe.
    public func wait() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
