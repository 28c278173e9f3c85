import Foundation
import Testing

/// The dials come back as the user left them when retrocamd starts again — after SIGTERM and after
/// kill -9 — and a settings file that cannot be used is set aside with a log line, never fatal.
@Suite(.serialized) struct SettingsRestartTests {
    /// The properties a real camera body keeps, read with busctl.
    static let kept = ["Decade", "Style", "Degree", "Mode", "Exposure", "Zoom", "Format", "Timer", "Light", "Audio", "Facing"]

    static func read(_ daemon: DaemonHarness) throws -> [String: String] {
        var values: [String: String] = [:]
        for name in kept { values[name] = try daemon.property(name) }
        values["imprint"] = try daemon.busctlCall(DaemonHarness.camera, "Describe", ["s", "menu.date-imprint"]).text
        return values
    }

    @Test(arguments: [SIGTERM, SIGKILL])
    func everyDialComesBackAfterARestart(signal: Int32) throws {
        let first = try DaemonHarness()
        defer { first.stop() }
        let calls: [(String, [String])] = [
            ("SetDecade", ["the forties"]), ("SetFormat", ["4:3"]), ("SetMode", ["still"]), ("SetStyle", ["noir"]),
            ("SetDegree", ["9"]), ("SetExposure", ["+1"]), ("SetZoom", ["2x"]), ("SetTimer", ["3"]),
            ("SetAudio", ["stereo"]), ("SetLight", ["on"]), ("FlipCamera", []), ("SetDateImprint", ["on"]),
        ]
        for (method, args) in calls {
            let reply = try first.busctlCall(DaemonHarness.intents, method, args.isEmpty ? [] : ["s"] + args)
            #expect(reply.status == 0, "\(method): \(reply.stderr)")
        }
        let before = try Self.read(first)
        #expect(before["Decade"] == "s \"1940s\"" && before["Degree"] == "i 9" && before["Facing"] == "s \"front\"", "\(before)")
        // SIGTERM saves what is pending; for kill -9, wait until the last change is in the file (it is
        // written just after the answer): what was written survives, whole.
        if signal == SIGKILL {
            let file = first.home.appendingPathComponent("state/retrocam/settings.json")
            #expect(first.waitUntil(10) {
                ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains("\"dateImprint\" : true")
            })
        }
        first.terminate(signal: signal)

        let second = try DaemonHarness(reusing: first)
        defer { second.terminate() }
        let after = try Self.read(second)
        #expect(after == before)
        #expect(!second.logText.contains("settings:"), "\(second.logText)")
        let file = first.home.appendingPathComponent("state/retrocam/settings.json")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    struct Damaged: Sendable, CustomTestStringConvertible {
        let label: String
        let contents: Data
        let logged: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        Damaged(label: "corrupt", contents: Data(#"{"version": 1, "settings": {"deca"#.utf8), logged: "it is not a JSON object"),
        Damaged(label: "empty", contents: Data(), logged: "it is empty"),
        Damaged(label: "huge", contents: Data(repeating: 0x7B, count: 5 * 1024 * 1024), logged: "more than a settings file holds"),
        Damaged(label: "future version", contents: Data(#"{"version": 99, "settings": {"decade": 1950}}"#.utf8),
                logged: "it was written by a newer Retrocam (format 99; this one reads 1)"),
        Damaged(label: "binary", contents: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }), logged: "it is not a JSON object"),
    ])
    func anUnusableSettingsFileIsSetAsideAndTheCameraStartsFromTheFactory(damaged: Damaged) throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        try damaged.contents.write(to: state.appendingPathComponent("settings.json"))
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_STATE_DIR": state.path])
        defer { daemon.stop() }
        #expect(try daemon.property("Decade") == "s \"1970s\"")
        #expect(try daemon.property("Degree") == "i 6")
        let line = daemon.logText.split(separator: "\n").first { $0.contains("settings:") }.map(String.init) ?? ""
        #expect(line.contains(damaged.logged) && line.contains("set aside as settings.json.set-aside-"), "\(daemon.logText)")
        let names = try FileManager.default.contentsOfDirectory(atPath: state.path)
        let setAside = try #require(names.first { $0.hasPrefix("settings.json.set-aside-") }, "\(names)")
        #expect(try Data(contentsOf: state.appendingPathComponent(setAside)).count == damaged.contents.count, "kept as it was")
        // The camera works, and the next change writes a good file.
        #expect(try daemon.busctlCall(DaemonHarness.intents, "SetDegree", ["s", "3"]).status == 0)
        #expect(daemon.waitUntil(10) {
            ((try? String(contentsOf: state.appendingPathComponent("settings.json"), encoding: .utf8)) ?? "").contains("\"degree\" : 3")
        })
        #expect(try daemon.busctlCall(DaemonHarness.intents, "TakePhoto").status == 0)
    }

    @Test func aValueOutOfRangeInTheFileIsLoggedAndTheRestComesBack() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        try Data(#"{"version": 1, "settings": {"decade": 1950, "degree": 99, "zoom": 17.5, "mode": "Still", "audio": "Off"}}"#.utf8)
            .write(to: state.appendingPathComponent("settings.json"))
        let daemon = try DaemonHarness(extraEnvironment: ["RETROCAM_STATE_DIR": state.path])
        defer { daemon.stop() }
        #expect(try daemon.property("Decade") == "s \"1950s\"")
        #expect(try daemon.property("Mode") == "s \"Still\"")
        #expect(try daemon.property("Audio") == "s \"Off\"")
        #expect(try daemon.property("Degree") == "i 6", "out of range: the factory position")
        #expect(try daemon.property("Zoom") == "d 1")
        #expect(daemon.logText.contains("settings: degree 99: Degree goes from 1 to 12. That control starts at the factory position."),
                "\(daemon.logText)")
        #expect(daemon.logText.contains("settings: zoom 17.5: Zoom goes from 1.0x to 4.0x"), "\(daemon.logText)")
    }
}
