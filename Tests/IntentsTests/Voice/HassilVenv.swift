import Foundation

/// A throwaway Python venv with hassil (and rhasspy-nlu, Padacioso) from PyPI, in the temporary folder:
/// made on the first run, reused by later ones (pip only checks what is installed), never part of the build.
enum HassilVenv {
    /// Why the venv could not be made, when it could not.
    nonisolated(unsafe) static var failure: String?

    /// The venv's python, made on first use; nil (with `failure` set) when venv or pip fails.
    static func python() -> String? { made }

    private static let made: String? = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-voice-venv")
        let python = folder.appendingPathComponent("bin/python3").path
        do {
            if !FileManager.default.isExecutableFile(atPath: python) {
                let base = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
                _ = try run(base, ["-m", "venv", folder.path])
            }
            _ = try run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "hassil"])
            return python
        } catch {
            failure = "\(error)"
            print("VoiceExportTests: HASSIL CHECK CANNOT RUN — \(error)")
            return nil
        }
    }()

    /// The venv's python with rhasspy-nlu added (its networkx needs numpy before 1.24), or nil.
    static func pythonWithRhasspy() -> String? { withRhasspy }

    private static let withRhasspy: String? = {
        guard let python = made else { return nil }
        do {
            _ = try run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "rhasspy-nlu", "numpy<1.24"])
            return python
        } catch {
            failure = "\(error)"
            print("VoiceExportTests: RHASSPY CHECK CANNOT RUN — \(error)")
            return nil
        }
    }()

    /// The venv's python with Padacioso (OVOS's pure-Python intent engine) added, or nil.
    static func pythonWithPadacioso() -> String? { withPadacioso }

    private static let withPadacioso: String? = {
        guard let python = made else { return nil }
        do {
            _ = try run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "padacioso"])
            return python
        } catch {
            failure = "\(error)"
            print("VoiceExportTests: OVOS CHECK CANNOT RUN — \(error)")
            return nil
        }
    }()

    /// Runs a program and answers its stdout; a non-zero exit throws with its stderr.
    static func run(_ program: String, _ arguments: [String], stdin: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        if stdin != nil { process.standardInput = input }
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HassilVenvError(message: "\(program) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): "
                + String(decoding: errors.suffix(2000), as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// A step of the hassil check that failed, with its output.
struct HassilVenvError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
