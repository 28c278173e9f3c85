import DBus
import Foundation

/// Reading a sentence aloud at launch: given to the screen reader when one runs (it speaks the
/// notification), otherwise to speech-dispatcher's `spd-say` when it is installed.
enum Speech {
    /// Says `text` with `spd-say` unless a screen reader is running (asked on the bus, AT-SPI's
    /// `org.a11y.Status.ScreenReaderEnabled`); answers how it went, for the log.
    static func sayAloud(_ text: String, connection: Connection) async -> String {
        if await screenReaderRunning(connection) { return "left to the screen reader" }
        guard let program = which("spd-say") else { return "not spoken: spd-say (speech-dispatcher) is not installed" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["--", text]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return "spoken with \(program)"
        } catch {
            return "not spoken: \(program) failed (\(error))"
        }
    }

    private static func screenReaderRunning(_ connection: Connection) async -> Bool {
        let reply = try? await connection.call(destination: "org.a11y.Bus", path: "/org/a11y/bus",
                                               interface: "org.freedesktop.DBus.Properties", method: "Get",
                                               [.string("org.a11y.Status"), .string("ScreenReaderEnabled")],
                                               timeout: .seconds(2))
        return reply?.first?.unwrapped.boolValue ?? false
    }

    /// The first executable called `name` on `$PATH`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
