import BusNames
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
        + setters.map { BadCall(intents, $0, ["s", ""], BusContract.ErrorName.needsValue.name) }
        + setters.map { BadCall(intents, $0, ["ss", "a", "b"], invalidArgs) }
        + noArgs.map { BadCall(intents, $0, ["s", "extra"], invalidArgs) }
        + [
            BadCall(intents, "SetDecade", ["s", "2090s"], BusContract.ErrorName.unsupported.name, mentions: "1900s"),
            BadCall(intents, "SetDegree", ["s", "13"], BusContract.ErrorName.unsupported.name, mentions: "1 to 12"),
            BadCall(intents, "SetZoom", ["s", "10x"], BusContract.ErrorName.unsupported.name, mentions: "4.0x"),
            BadCall(intents, "SetExposure", ["s", "+3"], BusContract.ErrorName.unsupported.name, mentions: "2"),
            BadCall(intents, "SetTimer", ["s", "5"], BusContract.ErrorName.unsupported.name, mentions: "10"),
            BadCall(intents, "SetDecade", ["s", "purple"], BusContract.ErrorName.unsupported.name),
            BadCall(intents, "SetDecade", ["s", "\u{1F4F7}\u{0301}"], BusContract.ErrorName.unsupported.name),
            BadCall(intents, "PauseClip", [], BusContract.ErrorName.notAllowed.name),
            BadCall(intents, "Undo", [], BusContract.ErrorName.notAllowed.name),
            BadCall(intents, "LastTake", [], BusContract.ErrorName.notFound.name),
            BadCall(intents, "Perform", ["sa{sv}", "Explode", "0"], BusContract.ErrorName.notFound.name, mentions: "TakePhoto"),
            BadCall(intents, "Perform", ["sa{sv}", "", "0"], BusContract.ErrorName.notFound.name),
            BadCall(intents, "Perform", ["sa{sv}", "SetDegree", "1", "value", "as", "1", "x"], invalidArgs),
            BadCall(intents, "Perform", ["sa{sv}", "SetDegree", "0"], BusContract.ErrorName.needsValue.name),
            BadCall(intents, "Perform", ["s", "TakePhoto"], invalidArgs),
            BadCall(intents, "Resolve", ["sa{sv}", "SetZoom", "1", "value", "s", "9x"], BusContract.ErrorName.unsupported.name),
            BadCall(intents, "Interpret", ["sb", "what's the weather", "false"], BusContract.ErrorName.notFound.name),
            BadCall(intents, "Interpret", ["sb", "", "true"], BusContract.ErrorName.notFound.name),
            BadCall(intents, "Interpret", ["s", "take a photo"], invalidArgs),
            BadCall(camera, "Describe", ["s", "volume"], BusContract.ErrorName.notFound.name, mentions: "decade"),
            BadCall(camera, "Describe", ["s", ""], BusContract.ErrorName.notFound.name),
            BadCall(camera, "Describe", ["i", "1"], invalidArgs),
            BadCall(camera, "Adjust", ["si", "nope", "1"], BusContract.ErrorName.notFound.name),
            BadCall(camera, "Adjust", ["ss", "zoom", "1"], invalidArgs),
            BadCall(camera, "Adjust", ["si", "flip", "1"], BusContract.ErrorName.notAllowed.name),
            BadCall(camera, "Rock", ["si", "nope", "1"], BusContract.ErrorName.notFound.name),
            BadCall(camera, "Rock", ["si", "", "1"], BusContract.ErrorName.notFound.name),
            BadCall(camera, "Rock", ["ss", "zoom", "1"], invalidArgs),
            BadCall(camera, "Rock", ["s", "zoom"], invalidArgs),
            BadCall(camera, "Rock", ["si", "decade", "1"], BusContract.ErrorName.notAllowed.name, mentions: "not a rocker"),
            BadCall(camera, "Rock", ["si", "menu.date-imprint", "1"], BusContract.ErrorName.notFound.name),
            BadCall(camera, "Activate", ["s", "decade"], BusContract.ErrorName.notAllowed.name),
            BadCall(camera, "Activate", ["s", "warp-drive"], BusContract.ErrorName.notFound.name),
            BadCall(camera, "Shutter", ["s", "sideways"], BusContract.ErrorName.unsupported.name, mentions: "press"),
            BadCall(camera, "Shutter", ["s", ""], BusContract.ErrorName.unsupported.name),
            BadCall(camera, "Shutter", ["b", "true"], invalidArgs),
            BadCall(camera, "NoSuchMethod", [], "org.freedesktop.DBus.Error.UnknownMethod"),
            BadCall(camera, "SelectClockField", ["s", "fortnight"], BusContract.ErrorName.unsupported.name, mentions: "minute"),
            BadCall(camera, "SelectClockField", ["s", ""], BusContract.ErrorName.unsupported.name),
            BadCall(camera, "SelectClockField", ["i", "3"], invalidArgs),
            BadCall(camera, "Adjust", ["si", "adjust", "1"], BusContract.ErrorName.notAllowed.name, mentions: "Select a clock field first"),
            BadCall(camera, "ListMenu", ["s", "x"], invalidArgs),
            BadCall(camera, "Choose", ["ss", "menu.virtual-camera", "maybe"], BusContract.ErrorName.unsupported.name,
                    mentions: "Choices: Off, On."),
            BadCall(camera, "Choose", ["ss", "menu.virtual-camera", ""], BusContract.ErrorName.unsupported.name, mentions: "empty"),
            BadCall(camera, "Choose", ["ss", "menu.date-imprint", "2"], BusContract.ErrorName.unsupported.name, mentions: "Off, On"),
            BadCall(camera, "Choose", ["ss", "menu.insert-tape", "On"], BusContract.ErrorName.notAllowed.name,
                    mentions: "menu.virtual-camera"),
            BadCall(camera, "Choose", ["ss", "warp-drive", "On"], BusContract.ErrorName.notFound.name, mentions: "menu.date-imprint"),
            BadCall(camera, "Choose", ["ss", "", ""], BusContract.ErrorName.notFound.name),
            BadCall(camera, "Choose", ["sb", "menu.virtual-camera", "true"], invalidArgs),
            BadCall(camera, "Choose", ["si", "menu.virtual-camera", "1"], invalidArgs),
            BadCall(camera, "Choose", ["s", "menu.virtual-camera"], invalidArgs),
            BadCall(camera, "Choose", ["sss", "menu.virtual-camera", "On", "now"], invalidArgs),
            BadCall(camera, "Adjust", ["ss", "menu.virtual-camera", "up"], invalidArgs),
            BadCall(camera, "Rock", ["si", "menu.virtual-camera", "1"], BusContract.ErrorName.notFound.name),
            BadCall(intents, "SetDateImprint", ["s", "maybe"], BusContract.ErrorName.unsupported.name, mentions: "On or Off"),
            BadCall(intents, "SetDateImprint", ["b", "true"], invalidArgs),
            BadCall(intents, "InsertTape", ["s", "x"], invalidArgs),
            BadCall(intents, "FactOfTheDay", ["s", "x"], invalidArgs),
            BadCall(intents, "AdjustControl", ["ss", "zoom", "0"], BusContract.ErrorName.unsupported.name, mentions: "-100 to +100"),
            BadCall(intents, "AdjustControl", ["ss", "zoom", "9999"], BusContract.ErrorName.unsupported.name),
            BadCall(intents, "AdjustControl", ["ss", "", "1"], BusContract.ErrorName.needsValue.name, mentions: "exposure"),
            BadCall(intents, "AdjustControl", ["ss", "zoom", ""], BusContract.ErrorName.needsValue.name),
            BadCall(intents, "AdjustControl", ["ss", "flip", "1"], BusContract.ErrorName.unsupported.name, mentions: "zoom"),
            BadCall(intents, "AdjustControl", ["ss", "zoom", "\u{1F4F7}"], BusContract.ErrorName.unsupported.name),
            BadCall(intents, "AdjustControl", ["s", "zoom"], invalidArgs),
            BadCall(intents, "AdjustControl", ["si", "zoom", "1"], invalidArgs),
            BadCall(intents, "AdjustControl", ["sss", "zoom", "1", "2"], invalidArgs),
            BadCall(intents, "Perform", ["sa{sv}", "AdjustControl", "2", "control", "s", "zoom", "steps", "b", "true"], invalidArgs),
            BadCall(intents, "SetFacing", ["s", "sideways"], BusContract.ErrorName.unsupported.name, mentions: "front"),
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
            (DaemonHarness.camera, "Choose", [.string(huge), .string("On")]),
            (DaemonHarness.camera, "Choose", [.string("menu.virtual-camera"), .string(huge)]),
        ] {
            do {
                _ = try connection.callSync(destination: DaemonHarness.busName, path: DaemonHarness.path,
                                            interface: interface, method: method, args, timeout: .seconds(10))
                Issue.record("\(method) accepted 1 MB")
            } catch let error as DBusError {
                #expect(error.name.hasPrefix(BusContract.errorPrefix), "\(method): \(error.name)")
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
        #expect(exposure.text.contains("+2 EV"), "\(exposure.text)")
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
