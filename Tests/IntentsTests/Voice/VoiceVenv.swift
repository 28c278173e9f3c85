import Foundation
import Testing

/// A Python venv with hassil, rhasspy-nlu and Padacioso from PyPI, made once per set of requirements under
/// the temporary folder and reused by later runs (and by other checkouts on the same machine): it is built
/// in a folder of its own and renamed into place when complete, so two runs at once never share a half-made
/// venv. Never part of the build.
enum VoiceVenv {
    /// Pinned, so CI reads the exports with the versions the figures were measured with. rhasspy-nlu's
    /// networkx needs numpy before 1.24.
    static let requirements = ["hassil==3.13.0", "padacioso==1.0.0", "rhasspy-nlu==0.4.0", "numpy<1.24"]

    /// What making the venv came to.
    enum Outcome: Sendable {
        /// The venv's python.
        case ready(String)
        /// PyPI cannot be reached from here: the checks are skipped, saying so.
        case unreachable(String)
        /// Something else went wrong: the checks fail with it.
        case failed(String)
    }

    /// Made on first use.
    static let outcome: Outcome = make()

    /// The venv's python; cancels (skips) the calling test with the reason when PyPI is unreachable, and
    /// throws when the venv could not be made for another reason.
    static func python() throws -> String {
        switch outcome {
        case .ready(let python): return python
        case .unreachable(let reason):
            print("VOICE LIBRARY CHECK SKIPPED: PyPI is unreachable (\(reason))")
            try Test.cancel("PyPI is unreachable, so hassil, rhasspy-nlu and Padacioso cannot be installed: \(reason)")
        case .failed(let reason):
            throw VoiceVenvError(message: "could not make the venv with \(requirements.joined(separator: " ")): \(reason)")
        }
    }

    /// The venv's folder: one per set of requirements.
    static var folder: URL {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325   // FNV-1a: stable across runs, unlike hashValue
        for byte in requirements.joined(separator: " ").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-voice-venv-\(String(hash, radix: 16))")
    }

    private static func make() -> Outcome {
        let files = FileManager.default
        let ready = folder.appendingPathComponent("ready")
        let python = folder.appendingPathComponent("bin/python3").path
        if files.fileExists(atPath: ready.path) { return .ready(python) }
        let building = folder.deletingLastPathComponent()
            .appendingPathComponent("\(folder.lastPathComponent).building-\(UUID().uuidString)")
        defer { try? files.removeItem(at: building) }
        let base = files.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        do {
            _ = try run(base, ["-m", "venv", building.path])
            let pip = building.appendingPathComponent("bin/python3").path
            do {
                _ = try run(pip, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--retries", "2", "--timeout", "30"] + requirements)
            } catch {
                if let unreachable = pypiUnreachable(base) { return .unreachable(unreachable) }
                throw error
            }
            try Data().write(to: building.appendingPathComponent("ready"))
            do {
                try files.moveItem(at: building, to: folder)
            } catch where files.fileExists(atPath: ready.path) {
                // Another run finished first: use its venv.
            }
            return .ready(python)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Why PyPI cannot be reached, or nil when it can.
    private static func pypiUnreachable(_ python: String) -> String? {
        let probe = "import urllib.request; urllib.request.urlopen('https://pypi.org/simple/pip/', timeout=10).read(1)"
        do {
            _ = try run(python, ["-c", probe])
            return nil
        } catch {
            return "\(error)".split(separator: "\n").last.map(String.init) ?? "\(error)"
        }
    }

    /// Runs a program and answers its stdout; a non-zero exit throws with its stderr.
    static func run(_ program: String, _ arguments: [String], stdin: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        if stdin != nil { process.standardInput = input }
        try process.run()
        // Read both pipes while writing, so neither side blocks on a full pipe.
        let errors = LockedData()
        let reader = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        if let stdin {
            let writer = input.fileHandleForWriting
            let data = Data(stdin.utf8)
            Thread {
                writer.write(data)
                try? writer.close()
            }.start()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errors.wait()
        guard process.terminationStatus == 0 else {
            throw VoiceVenvError(message: "\(program) \(arguments.prefix(4).joined(separator: " ")) exited \(process.terminationStatus): "
                + String(decoding: errors.data.suffix(2000), as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Data another thread hands over once.
private final class LockedData: @unchecked Sendable {
    private let handedOver = DispatchSemaphore(value: 0)
    private var value = Data()
    /// Called once, by the thread that read it.
    func set(_ data: Data) {
        value = data
        handedOver.signal()
    }
    /// Waits for `set`.
    func wait() { handedOver.wait() }
    /// The data; read after `wait`.
    var data: Data { value }
}

/// A step of the library checks that failed, with its output.
struct VoiceVenvError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
