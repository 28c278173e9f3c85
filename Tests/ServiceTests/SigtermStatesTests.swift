import BusNames
import DBus
import Foundation
import RetrocamTesting
import Testing

extension CallerEndToEndTests {
    /// SIGTERM is honoured in every state. Times are printed, not asserted (the bench measures them); a
    /// daemon that does not exit within the harness's 20 s fails. What becomes of a take in progress is
    /// ResilienceTests.sigtermMidTakeKeepsAPlayableIndexedTake's.
    @Suite struct SigtermStatesTests {
        struct State: Sendable, CustomStringConvertible {
            let description: String
            let enter: @Sendable (DaemonHarness) throws -> Void
        }

        static let states: [State] = [
            State(description: "idle") { _ in },
            State(description: "recording") { daemon in
                try ok(try daemon.busctlCall(DaemonHarness.intents, "StartClip"), "StartClip")
                #expect(daemon.waitForRecordedFrames(5))
            },
            State(description: "self-timer counting") { daemon in
                try ok(try daemon.busctlCall(DaemonHarness.intents, "SetTimer", ["s", "10"]), "SetTimer")
                try ok(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto"), "TakePhoto")
            },
            State(description: "a shortcut waiting") { daemon in
                let progress = try shortcutSteps(daemon)
                try startSlowShortcut(daemon, named: "slow")
                // Its first step done, the shortcut waits its 30 s.
                #expect(daemon.waitUntil(60) { progress.all.contains { $0.arguments.first?.stringValue == "slow" } })
            },
            State(description: "four calls of many clients in flight") { daemon in
                // Four shortcuts of their own: one shortcut runs once at a time (a second RunShortcut of the
                // same name is refused at once), and these four calls are to stay in flight.
                let progress = try shortcutSteps(daemon)
                let names = (1...4).map { "slow-\($0)" }
                for name in names { try startSlowShortcut(daemon, named: name) }
                // All four runs under way: each has done its first step and waits.
                #expect(daemon.waitUntil(60) {
                    Set(progress.all.compactMap { $0.arguments.first?.stringValue }).isSuperset(of: names)
                })
            },
        ]

        /// Writes a shortcut `name` that waits 30 s before its photo into the user's folder, and starts a
        /// `busctl` call of it that stays in flight while the shortcut waits.
        static func startSlowShortcut(_ daemon: DaemonHarness, named name: String) throws {
            let folder = daemon.home.appendingPathComponent("config/retrocam/shortcuts")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "set timer off\nwait 30s\nphoto\n".write(to: folder.appendingPathComponent("\(name).retrocam"),
                                                       atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/busctl")
            process.arguments = ["--address=\(daemon.bus.address)", "--timeout=60", "call", DaemonHarness.busName, DaemonHarness.path,
                                 BusContract.shortcutsInterface, "RunShortcut", "s", name]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// The `ShortcutProgress` signals the daemon sends from now on (one per step done).
        static func shortcutSteps(_ daemon: DaemonHarness) throws -> HeardSignals {
            let connection = try daemon.connect()
            let heard = HeardSignals()
            _ = try BlockingWait.run {
                try await connection.onSignal(path: DaemonHarness.path, interface: BusContract.shortcutsInterface,
                                              member: "ShortcutProgress") { heard.add($0) }
            }
            heard.keep(connection)
            return heard
        }

        @Test(arguments: states)
        func sigtermEndsTheDaemon(_ state: State) throws {
            let daemon = try DaemonHarness()
            defer { daemon.stop() }
            try state.enter(daemon)
            let clock = ContinuousClock()
            let start = clock.now
            let status = daemon.terminate(signal: SIGTERM)
            let took = clock.now - start
            print("SIGTERM while \(state): exited \(status) after \(took)")
            #expect(status == 0, "log: \(daemon.logText)")
        }
    }
}
