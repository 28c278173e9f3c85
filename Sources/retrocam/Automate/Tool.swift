import CommandLineOptions
import Foundation

/// A program the client runs (systemctl, systemd-analyze) and what it said.
struct ToolRun: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String

    /// What the program said, stderr first, trimmed: systemd's own words for an error.
    var said: String {
        [stderr, stdout].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty } ?? "exit status \(status)"
    }
}

/// Runs a program found on `PATH` to its end, its outputs read as it goes (so a full pipe never stalls it).
enum Tool {
    static func run(_ name: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ToolRun {
        guard let executable = find(name) else { throw CommandFailure("\(name) is not installed (it is part of systemd).") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // stderr is drained on a thread of its own (not Swift's small cooperative pool) while stdout is read here.
        let errors = DataBox()
        let drained = DispatchGroup()
        DispatchQueue.global().async(group: drained) { errors.data = err.fileHandleForReading.readDataToEndOfFile() }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        drained.wait()
        let errorData = errors.data
        return ToolRun(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                       stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs `words` (an absolute program and its arguments) with this process's outputs; answers its exit status.
    static func execute(_ words: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: words[0])
        process.arguments = Array(words.dropFirst())
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The program called `name` on `PATH` (or the usual system folders).
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        return folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

private final class DataBox: @unchecked Sendable { var data = Data() }
