import BusNames
import DBus
import Foundation
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
                Thread.sleep(forTimeInterval: 1.5)
            },
            State(description: "self-timer counting") { daemon in
                try ok(try daemon.busctlCall(DaemonHarness.intents, "SetTimer", ["s", "10"]), "SetTimer")
                try ok(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto"), "TakePhoto")
            },
            State(description: "a shortcut waiting") { daemon in
                let folder = daemon.home.appendingPathComponent("config/retrocam/shortcuts")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try "wait 30s\nphoto\n".write(to: folder.appendingPathComponent("slow.retrocam"), atomically: true, encoding: .utf8)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/busctl")
                process.arguments = ["--address=\(daemon.bus.address)", "--timeout=60", "call", DaemonHarness.busName, DaemonHarness.path,
                                     BusContract.shortcutsInterface, "RunShortcut", "s", "slow"]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                Thread.sleep(forTimeInterval: 1)
            },
            State(description: "four calls of many clients in flight") { daemon in
                for _ in 0..<4 {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/busctl")
                    process.arguments = ["--address=\(daemon.bus.address)", "call", DaemonHarness.busName, DaemonHarness.path,
                                         BusContract.shortcutsInterface, "RunShortcut", "s", "timelapse"]
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                }
                Thread.sleep(forTimeInterval: 1)
            },
        ]

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
