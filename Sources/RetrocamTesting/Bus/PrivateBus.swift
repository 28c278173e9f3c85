import CDBus
import CSpawn
import DBus
import Foundation
import Synchronization

/// A private `dbus-daemon` for tests and benchmarks: started on creation, killed by `stop()`
/// (or when the value is released).
///
/// Tests of this package and of the service use it so nothing touches the user's session bus.
public final class PrivateBus: @unchecked Sendable {
    /// The bus address, for `Connection(address:)` or `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    /// The daemon's process id.
    public let pid: Int32
    private let stopped = Mutex(false)
    /// The configuration file written for `serviceDirectories`, removed by `stop()`.
    private let configFile: String

    /// Starts `dbus-daemon --session --fork --print-address=1 --print-pid=1` and reads its address and pid.
    ///
    /// The bus is hermetic: its only activation directories are `serviceDirectories` (none by
    /// default), so a desktop service installed on the machine (xdg-desktop-portal, a
    /// notification server) is never started behind a test's back.
    /// Spawned with `posix_spawn` rather than Foundation's `Process`, whose `waitUntilExit`
    /// never returns here: the forked daemon keeps the output pipe open.
    public init(serviceDirectories: [String] = [], executable: String = "/usr/bin/dbus-daemon") throws {
        configFile = NSTemporaryDirectory() + "retrocam-bus-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).conf"
        try PrivateBus.configuration(serviceDirectories: serviceDirectories).write(toFile: configFile, atomically: true, encoding: .utf8)
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { throw DBusError.failed("Could not create a pipe for dbus-daemon (errno \(errno)).") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The daemon lives on: it must not hold other pipes of this process open (a tool's
        // output pipe would then never reach end of file).
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        // Threads of a test runner often block signals; the daemon must not inherit that mask,
        // or `stop()`'s SIGTERM stays pending forever.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        retrocam_spawnattr_clean(&attributes, 0)
        let arguments = [executable, "--config-file=\(configFile)", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, &argv, environ)
        close(pipeFDs[1])
        defer { close(pipeFDs[0]) }
        guard spawned == 0 else {
            unlink(configFile)
            throw DBusError(name: DBusError.Names.noServer, message: "Could not start \(executable) (error \(spawned)).")
        }
        // The forked daemon keeps the pipe open, so read lines rather than to end of file.
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 512)
        while text.split(separator: "\n").count < 2 {
            let count = read(pipeFDs[0], &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        var status: Int32 = 0
        waitpid(child, &status, 0)
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.count >= 2, let pid = Int32(lines[1]) else {
            unlink(configFile)
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
        guard first else { return }
        kill(pid, SIGTERM)
        unlink(configFile)
    }

    /// The session bus's own limits, far above the built-in defaults (which allow a connection only
    /// 128 pending replies): a test of many concurrent calls must meet the limits a desktop has.
    private static let sessionLimits = [
        ("max_incoming_bytes", 1_000_000_000), ("max_incoming_unix_fds", 250_000_000),
        ("max_outgoing_bytes", 1_000_000_000), ("max_outgoing_unix_fds", 250_000_000),
        ("max_message_size", 1_000_000_000), ("service_start_timeout", 120_000), ("auth_timeout", 240_000),
        ("pending_fd_timeout", 150_000), ("max_completed_connections", 100_000),
        ("max_incomplete_connections", 10_000), ("max_connections_per_user", 100_000),
        ("max_pending_service_starts", 10_000), ("max_names_per_connection", 50_000),
        ("max_match_rules_per_connection", 50_000), ("max_replies_per_connection", 50_000),
    ].map { "  <limit name=\"\($0.0)\">\($0.1)</limit>\n" }.joined()

    /// A session-bus configuration that activates services only from `serviceDirectories`.
    static func configuration(serviceDirectories: [String]) -> String {
        let directories = serviceDirectories.map { "  <servicedir>\(XMLText.escaped($0))</servicedir>\n" }.joined()
        return """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <keep_umask/>
              <listen>unix:tmpdir=/tmp</listen>
              <auth>EXTERNAL</auth>
            \(directories)  <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
              <!-- The limits a desktop session bus has (/usr/share/dbus-1/session.conf). -->
            \(sessionLimits)</busconfig>

            """
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
