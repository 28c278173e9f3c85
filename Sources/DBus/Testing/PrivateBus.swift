import Foundation

/// A private `dbus-daemon` for tests and benchmarks: started on creation, killed by `stop()`
/// (or when the value is released).
///
/// Tests of this package and of the service use it so nothing touches the user's session bus.
public final class PrivateBus: @unchecked Sendable {
    /// The bus address, for `Connection(address:)` or `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    /// The daemon's process id.
    public let pid: Int32
    private let stopped = Locked(false)

    /// Starts `dbus-daemon --session --fork --print-address=1 --print-pid=1` and reads its address and pid.
    public init() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw DBusError(name: DBusError.Names.noServer, message: "Could not start /usr/bin/dbus-daemon: \(error).")
        }
        // The forked daemon keeps the pipe open, so read lines rather than to end of file.
        var text = ""
        let reader = output.fileHandleForReading
        while text.split(separator: "\n").count < 2 {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        process.waitUntilExit()
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count >= 2, let pid = Int32(lines[1]) else {
            throw DBusError(name: DBusError.Names.noServer, message: "dbus-daemon did not print an address and a pid (got \"\(text)\").")
        }
        address = lines[0]
        self.pid = pid
    }

    /// Kills the daemon; safe to call more than once.
    public func stop() {
        let first = stopped.withLock { flag -> Bool in
            defer { flag = true }
            return !flag
        }
        if first { kill(pid, SIGTERM) }
    }

    /// A new connection to this bus.
    public func connect() throws -> Connection { try Connection(address: address) }

    /// The environment for a child process that should use this bus as its session bus.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        return environment
    }

    deinit { stop() }
}
