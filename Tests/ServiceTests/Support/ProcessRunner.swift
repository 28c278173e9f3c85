import Foundation

/// What a finished child process left: exit status and both outputs.
struct ProcessOutput: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
    /// stdout without the trailing newline.
    var text: String { stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// Runs real command-line clients (`busctl`, `gdbus`, `dbus-send`, `retrocam`, `gst-discoverer-1.0`).
enum ProcessRunner {
    /// Runs `executable` with `arguments` and `environment`, waits at most `timeout` seconds
    /// (then kills it), and answers its status and outputs.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    timeout: TimeInterval = 30) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = ReadAll(out.fileHandleForReading), errData = ReadAll(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return ProcessOutput(status: process.terminationStatus, stdout: outData.wait(), stderr: errData.wait())
    }

    /// The folder holding the built executables (`retrocamd`, `retrocam`): next to the test bundle,
    /// or `RETROCAM_BIN_DIR`.
    static var binDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["RETROCAM_BIN_DIR"] { return URL(fileURLWithPath: dir) }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("retrocamd").path) { return url }
            url.deleteLastPathComponent()
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug")
    }

    /// The package's root folder (for `dbus/*.xml`, `shortcuts/`).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// Drains a pipe on a background thread so a chatty child never blocks on a full pipe.
final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)
    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }
    func wait() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
