import DBus
import Foundation
import Testing

/// Wrong types, empty, huge, out-of-range and malformed input on every published method: each
/// gets a named error with a sentence, and the daemon still answers Ping afterwards.
@Suite(.serialized) struct BadInputTests {
    /// One bad call made with busctl and the error name it must get.
    struct BadCall: Sendable, CustomTestStringConvertible {
        let interface: String
        let method: String
        let arguments: [String]
        let error: String
        let mentions: String?
        init(_ interface: String, _ method: String, _ arguments: [String], _ error: String, mentions: String? = nil) {
            self.interface = interface
            self.method = method
            self.arguments = arguments
            self.error = error
            self.mentions = mentions
        }
        var testDescription: String { "\(method)(\(arguments.joined(separator: " "))) → \(error)" }
    }

    static let intents = DaemonHarness.intents, camera = DaemonHarness.camera
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

    static let setters = ["SetDecade", "SetStyle", "SetDegree", "SetMode", "SetExposure", "SetZoom", "SetFormat",
                          "SetTimer", "SetAudio", "SetLight", "SetFacing"]
    static let noArgs = ["StartClip", "PauseClip", "TakePhoto", "ToggleRecord", "ToggleLight", "FlipCamera", "Undo",
                         "LastTake", "ListIntents"]

    static let cases: [BadCall] =
        setters.map { BadCall(intents, $0, ["i", "5"], invalidArgs) }
        + setters.map { BadCall(intents, $0, [], invalidArgs) }
        + setters.map { BadCall(intents, $0, ["s", ""], "org.retrocam.Error.NeedsValue") }
        + setters.map { BadCall(intents, $0, ["ss", "a", "b"], invalidArgs) }
        + noArgs.map { BadCall(intents, $0, ["s", "extra"], invalidArgs) }
        + [
            BadCall(intents, "SetDecade", ["s", "2090s"], "org.retrocam.Error.Unsupported", mentions: "1900s"),
            BadCall(intents, "SetDegree", ["s", "13"], "org.retrocam.Error.Unsupported", mentions: "1 to 12"),
            BadCall(intents, "SetZoom", ["s", "10x"], "org.retrocam.Error.Unsupported", mentions: "4.0x"),
            BadCall(intents, "SetExposure", ["s", "+3"], "org.retrocam.Error.Unsupported", mentions: "2"),
            BadCall(intents, "SetTimer", ["s", "5"], "org.retrocam.Error.Unsupported", mentions: "10"),
            BadCall(intents, "SetDecade", ["s", "purple"], "org.retrocam.Error.Unsupported"),
            BadCall(intents, "SetDecade", ["s", "\u{1F4F7}\u{0301}"], "org.retrocam.Error.Unsupported"),
            BadCall(intents, "PauseClip", [], "org.retrocam.Error.NotAllowed"),
            BadCall(intents, "Undo", [], "org.retrocam.Error.NotAllowed"),
            BadCall(intents, "LastTake", [], "org.retrocam.Error.NotFound"),
            BadCall(intents, "Perform", ["sa{sv}", "Explode", "0"], "org.retrocam.Error.NotFound", mentions: "TakePhoto"),
            BadCall(intents, "Perform", ["sa{sv}", "", "0"], "org.retrocam.Error.NotFound"),
            BadCall(intents, "Perform", ["sa{sv}", "SetDegree", "1", "value", "as", "1", "x"], invalidArgs),
            BadCall(intents, "Perform", ["sa{sv}", "SetDegree", "0"], "org.retrocam.Error.NeedsValue"),
            BadCall(intents, "Perform", ["s", "TakePhoto"], invalidArgs),
            BadCall(intents, "Resolve", ["sa{sv}", "SetZoom", "1", "value", "s", "9x"], "org.retrocam.Error.Unsupported"),
            BadCall(intents, "Interpret", ["sb", "what's the weather", "false"], "org.retrocam.Error.NotFound"),
            BadCall(intents, "Interpret", ["sb", "", "true"], "org.retrocam.Error.NotFound"),
            BadCall(intents, "Interpret", ["s", "take a photo"], invalidArgs),
            BadCall(camera, "Describe", ["s", "volume"], "org.retrocam.Error.NotFound", mentions: "decade"),
            BadCall(camera, "Describe", ["s", ""], "org.retrocam.Error.NotFound"),
            BadCall(camera, "Describe", ["i", "1"], invalidArgs),
            BadCall(camera, "Adjust", ["si", "nope", "1"], "org.retrocam.Error.NotFound"),
            BadCall(camera, "Adjust", ["ss", "zoom", "1"], invalidArgs),
            BadCall(camera, "Adjust", ["si", "flip", "1"], "org.retrocam.Error.NotAllowed"),
            BadCall(camera, "Rock", ["si", "nope", "1"], "org.retrocam.Error.NotFound"),
            BadCall(camera, "Rock", ["si", "", "1"], "org.retrocam.Error.NotFound"),
            BadCall(camera, "Rock", ["ss", "zoom", "1"], invalidArgs),
            BadCall(camera, "Rock", ["s", "zoom"], invalidArgs),
            BadCall(camera, "Rock", ["si", "decade", "1"], "org.retrocam.Error.NotAllowed", mentions: "not a rocker"),
            BadCall(camera, "Rock", ["si", "menu.date-imprint", "1"], "org.retrocam.Error.NotFound"),
            BadCall(camera, "Activate", ["s", "decade"], "org.retrocam.Error.NotAllowed"),
            BadCall(camera, "Activate", ["s", "warp-drive"], "org.retrocam.Error.NotFound"),
            BadCall(camera, "Shutter", ["s", "sideways"], "org.retrocam.Error.Unsupported", mentions: "press"),
            BadCall(camera, "Shutter", ["s", ""], "org.retrocam.Error.Unsupported"),
            BadCall(camera, "Shutter", ["b", "true"], invalidArgs),
            BadCall(camera, "NoSuchMethod", [], "org.freedesktop.DBus.Error.UnknownMethod"),
            BadCall(camera, "SelectClockField", ["s", "fortnight"], "org.retrocam.Error.Unsupported", mentions: "minute"),
            BadCall(camera, "SelectClockField", ["s", ""], "org.retrocam.Error.Unsupported"),
            BadCall(camera, "SelectClockField", ["i", "3"], invalidArgs),
            BadCall(camera, "Adjust", ["si", "adjust", "1"], "org.retrocam.Error.NotAllowed", mentions: "Select a clock field first"),
            BadCall(camera, "ListMenu", ["s", "x"], invalidArgs),
            BadCall(intents, "SetDateImprint", ["s", "maybe"], "org.retrocam.Error.Unsupported", mentions: "On or Off"),
            BadCall(intents, "SetDateImprint", ["b", "true"], invalidArgs),
            BadCall(intents, "InsertTape", ["s", "x"], invalidArgs),
            BadCall(intents, "FactOfTheDay", ["s", "x"], invalidArgs),
            BadCall(intents, "AdjustControl", ["ss", "zoom", "0"], "org.retrocam.Error.Unsupported", mentions: "-100 to +100"),
            BadCall(intents, "AdjustControl", ["ss", "zoom", "9999"], "org.retrocam.Error.Unsupported"),
            BadCall(intents, "AdjustControl", ["ss", "", "1"], "org.retrocam.Error.NeedsValue", mentions: "exposure"),
            BadCall(intents, "AdjustControl", ["ss", "zoom", ""], "org.retrocam.Error.NeedsValue"),
            BadCall(intents, "AdjustControl", ["ss", "flip", "1"], "org.retrocam.Error.Unsupported", mentions: "zoom"),
            BadCall(intents, "AdjustControl", ["ss", "zoom", "\u{1F4F7}"], "org.retrocam.Error.Unsupported"),
            BadCall(intents, "AdjustControl", ["s", "zoom"], invalidArgs),
            BadCall(intents, "AdjustControl", ["si", "zoom", "1"], invalidArgs),
            BadCall(intents, "AdjustControl", ["sss", "zoom", "1", "2"], invalidArgs),
            BadCall(intents, "Perform", ["sa{sv}", "AdjustControl", "2", "control", "s", "zoom", "steps", "b", "true"], invalidArgs),
            BadCall(intents, "SetFacing", ["s", "sideways"], "org.retrocam.Error.Unsupported", mentions: "front"),
        ]

    @Test func everyBadCallGetsItsNamedErrorAndTheDaemonLives() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        for bad in Self.cases {
            let reply = try daemon.busctlCall(bad.interface, bad.method, bad.arguments)
            #expect(reply.status != 0, "\(bad.testDescription) succeeded: \(reply.stdout)")
            // busctl prints "Call failed: <message>"; the error name comes from the JSON-less path,
            // so check it with our own connection too.
            let values = try busctlValues(bad.arguments)
            let connection = try daemon.connect()
            defer { connection.close() }
            do {
                _ = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                            interface: bad.interface, method: bad.method, values)
                Issue.record("\(bad.testDescription) succeeded")
            } catch let error as DBusError {
                #expect(error.name == bad.error, "\(bad.testDescription): got \(error.name): \(error.message)")
                #expect(!error.message.isEmpty && error.message.count < 600, "\(bad.testDescription): \(error.message)")
                if let mentions = bad.mentions {
                    #expect(error.message.contains(mentions), "\(bad.testDescription): \(error.message)")
                }
            }
        }
        #expect(daemon.answersPing())
    }

    @Test func hugeStringsAreRefusedQuicklyAndNothingIsLost() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        #expect(try daemon.busctlCall(DaemonHarness.intents, "StartClip").status == 0)
        let connection = try daemon.connect()
        defer { connection.close() }
        let huge = String(repeating: "seventies ", count: 100_000)  // 1 MB
        for (interface, method, args) in [
            (DaemonHarness.intents, "SetDecade", [Value.string(huge)]),
            (DaemonHarness.intents, "SetStyle", [.string(huge)]),
            (DaemonHarness.intents, "Interpret", [.string(huge), .bool(true)]),
            (DaemonHarness.intents, "Perform", [.string(huge), .stringDict([:])]),
            (DaemonHarness.camera, "Describe", [.string(huge)]),
            (DaemonHarness.camera, "Shutter", [.string(huge)]),
        ] {
            do {
                _ = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                            interface: interface, method: method, args, timeout: .seconds(10))
                Issue.record("\(method) accepted 1 MB")
            } catch let error as DBusError {
                #expect(error.name.hasPrefix("org.retrocam.Error."), "\(method): \(error.name)")
                #expect(error.message.count < 600, "\(method) echoed the input back: \(error.message.count) characters")
            }
        }
        #expect(daemon.answersPing())
        let pause = try daemon.busctlCall(DaemonHarness.intents, "PauseClip")
        #expect(pause.status == 0, "the take in progress was lost: \(pause.stderr)")
    }

    @Test func hugeAdjustStepsDoNotOverflow() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        for (id, steps) in [("degree", "2147483647"), ("zoom", "-2147483648"), ("exposure", "2147483647"),
                            ("decade", "-2147483648"), ("style", "2147483647")] {
            let reply = try daemon.busctlCall(DaemonHarness.camera, "Adjust", ["si", id, steps])
            #expect(reply.status == 0, "\(id) \(steps): \(reply.stderr)")
        }
        let exposure = try daemon.busctlCall(DaemonHarness.camera, "Describe", ["s", "exposure"])
        #expect(exposure.text.contains("+2.0 EV"), "\(exposure.text)")
        #expect(daemon.answersPing())
    }

    @Test func propertiesAreReadOnly() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let reply = try daemon.busctl(["set-property", DaemonHarness.busName, DaemonHarness.path,
                                       DaemonHarness.camera, "Degree", "i", "3"])
        #expect(reply.status != 0)
        #expect(reply.stderr.contains("read-only") || reply.stderr.contains("ReadOnly") || reply.stderr.contains("read only"),
                "\(reply.stderr)")
        #expect(daemon.answersPing())
    }
}

/// Turns busctl-style arguments (a signature, then the values) into D-Bus values for our own
/// connection, for the shapes the bad-input table uses.
func busctlValues(_ arguments: [String]) throws -> [Value] {
    guard let signature = arguments.first else { return [] }
    var rest = Array(arguments.dropFirst())
    func next() -> String { rest.isEmpty ? "" : rest.removeFirst() }
    var values: [Value] = []
    var chars = Array(signature)
    while !chars.isEmpty {
        let code = chars.removeFirst()
        switch code {
        case "s": values.append(.string(next()))
        case "i": values.append(.int32(Int32(next()) ?? 0))
        case "b": values.append(.bool(next() == "true"))
        case "a":
            // a{sv} with "count key type value…" or "as" with "count items…"
            if chars.first == "{" {
                chars.removeFirst(4)  // {sv}
                let count = Int(next()) ?? 0
                var entries: [(String, Value)] = []
                for _ in 0..<count {
                    let key = next(), type = next()
                    let inner = try busctlValues([type] + Array(rest))
                    if type == "as" {
                        let n = Int(rest.first ?? "0") ?? 0
                        rest.removeFirst(1 + n)
                    } else {
                        rest.removeFirst()
                    }
                    entries.append((key, inner[0]))
                }
                values.append(.orderedStringDict(entries))
            } else {
                chars.removeFirst()  // s
                let count = Int(next()) ?? 0
                values.append(.strings((0..<count).map { _ in next() }))
            }
        default: throw HarnessError("unsupported signature \(signature)")
        }
    }
    return values
}
