import Foundation

/// Runs a speech program to the end without blocking a thread: the caller awaits its exit.
enum SpeechProcess {
    /// Runs `executable` with `arguments`, writing `stdin` to it; answers when it exits, throwing when it
    /// cannot start or exits non-zero.
    static func run(_ executable: String, _ arguments: [String], stdin: String?) async throws(SpeechError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let status: Int32
        do {
            status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
                process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                do {
                    try process.run()
                } catch {
                    process.terminationHandler = nil
                    continuation.resume(throwing: error)
                    return
                }
                if let stdin {
                    input.fileHandleForWriting.write(Data(stdin.utf8))
                    try? input.fileHandleForWriting.close()
                }
            }
        } catch {
            throw .engineFailed("\(executable) could not start: \(error)")
        }
        guard status == 0 else {
            let message = String(decoding: errors.fileHandleForReading.availableData.prefix(500), as: UTF8.self)
            throw .engineFailed("\(URL(fileURLWithPath: executable).lastPathComponent) exited \(status) \(message)")
        }
    }
}
