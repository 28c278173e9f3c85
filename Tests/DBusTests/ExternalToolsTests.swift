import DBus
import Foundation
import Testing

/// One call made by a stock command-line tool, and what it must print.
struct ToolCase: Sendable, CustomTestStringConvertible {
    let signature: Signature
    let arguments: [String]
    let expected: String
    var testDescription: String { signature.rawValue }
    var method: String { EchoCase.methodName(for: signature) }
}

/// busctl, gdbus and dbus-send talk to the Swift echo service: values go in through the
/// tool's own encoder, come back through ours, and the tool prints what it decoded.
@Suite struct ExternalToolsTests {
    static let busctlCases: [ToolCase] = [
        .init(signature: "as", arguments: ["2", "a", "b c"], expected: "as 2 \"a\" \"b c\""),
        .init(signature: "a{sv}", arguments: ["3", "a", "i", "1", "b", "v", "s", "deep", "c", "as", "1", "x"],
              expected: "a{sv} 3 \"a\" i 1 \"b\" v s \"deep\" \"c\" as 1 \"x\""),
        .init(signature: "a(ssss)", arguments: ["2", "a", "b", "c", "d", "e", "f", "g", "h"],
              expected: "a(ssss) 2 \"a\" \"b\" \"c\" \"d\" \"e\" \"f\" \"g\" \"h\""),
        .init(signature: "aai", arguments: ["2", "2", "1", "2", "0"], expected: "aai 2 2 1 2 0"),
        .init(signature: "a{sa{sv}}", arguments: ["1", "outer", "2", "inner", "i", "5", "more", "b", "true"],
              expected: "a{sa{sv}} 1 \"outer\" 2 \"inner\" i 5 \"more\" b true"),
        .init(signature: "v", arguments: ["v", "i", "3"], expected: "v v i 3"),
        .init(signature: "(i(ss)v)", arguments: ["1", "a", "b", "s", "z"], expected: "(i(ss)v) 1 \"a\" \"b\" s \"z\""),
        .init(signature: "d", arguments: ["2.5"], expected: "d 2.5"),
        .init(signature: "b", arguments: ["true"], expected: "b true"),
        .init(signature: "x", arguments: ["--", "-9"], expected: "x -9"),
        .init(signature: "t", arguments: ["18446744073709551615"], expected: "t 18446744073709551615"),
        .init(signature: "y", arguments: ["255"], expected: "y 255"),
        .init(signature: "o", arguments: ["/a/b"], expected: "o \"/a/b\""),
        .init(signature: "g", arguments: ["a{sv}"], expected: "g \"a{sv}\""),
        .init(signature: "s", arguments: ["héllo ✓"], expected: "s \"h\\303\\251llo \\342\\234\\223\""), // busctl prints octal escapes
    ]

    static let gdbusCases: [ToolCase] = [
        .init(signature: "a{sv}", arguments: ["{'a': <1>, 'b': <<'x'>>, 'c': <@as ['p']>}"], expected: "({'a': <1>, 'b': <<'x'>>, 'c': <['p']>},)"),
        .init(signature: "a{sa{sv}}", arguments: ["{'o': {'i': <int64 5>}}"], expected: "({'o': {'i': <int64 5>}},)"),
        .init(signature: "(i(ss)v)", arguments: ["(1, ('a', 'b'), <true>)"], expected: "((1, ('a', 'b'), <true>),)"),
        .init(signature: "a(ssss)", arguments: ["[('a','b','c','d')]"], expected: "([('a', 'b', 'c', 'd')],)"),
        .init(signature: "as", arguments: ["@as []"], expected: "(@as [],)"),
        .init(signature: "aai", arguments: ["[[1, 2], []]"], expected: "([[1, 2], []],)"),
        .init(signature: "u", arguments: ["uint32 4294967295"], expected: "(uint32 4294967295,)"),
    ]

    static let dbusSendCases: [ToolCase] = [
        .init(signature: "as", arguments: ["array:string:a,b"], expected: "array [\n      string \"a\"\n      string \"b\"\n   ]"),
        .init(signature: "a{is}", arguments: ["dict:int32:string:2,two,1,one"],
              expected: "array [\n      dict entry(\n         int32 2\n         string \"two\"\n      )\n      dict entry(\n         int32 1\n         string \"one\"\n      )\n   ]"),
        .init(signature: "v", arguments: ["variant:int32:5"], expected: "variant       int32 5"),
        .init(signature: "d", arguments: ["double:1.5"], expected: "double 1.5"),
        .init(signature: "q", arguments: ["uint16:65535"], expected: "uint16 65535"),
    ]

    static func fixture() async throws -> BusFixture {
        let signatures = (busctlCases + gdbusCases + dbusSendCases).map(\.signature)
        return try await BusFixture(interfaces: [EchoService.table(for: signatures), CalculatorService.table()])
    }

    @Test(arguments: busctlCases) func busctl(_ c: ToolCase) async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let result = try await runTool("/usr/bin/busctl", ["--address=\(fixture.bus.address)", "call", BusFixture.name, BusFixture.path,
                                                          EchoService.interface, c.method, c.signature.rawValue] + c.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == c.expected + "\n")
    }

    @Test(arguments: gdbusCases) func gdbus(_ c: ToolCase) async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        // gdbus finds the bus through the environment, as a user's script would.
        let result = try await runTool("/usr/bin/gdbus", ["call", "--session", "--dest", BusFixture.name, "--object-path", BusFixture.path,
                                                         "--method", "\(EchoService.interface).\(c.method)"] + c.arguments,
                                       environment: fixture.bus.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == c.expected + "\n")
    }

    @Test(arguments: dbusSendCases) func dbusSend(_ c: ToolCase) async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let result = try await runTool("/usr/bin/dbus-send", ["--bus=\(fixture.bus.address)", "--print-reply", "--dest=\(BusFixture.name)",
                                                             BusFixture.path, "\(EchoService.interface).\(c.method)"] + c.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\n   " + c.expected + "\n"), "\(result.stdout)")
    }

    @Test func toolsSeeOurErrors() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let wrong = try await runTool("/usr/bin/busctl", ["--address=\(fixture.bus.address)", "call", BusFixture.name, BusFixture.path,
                                                         CalculatorService.interface, "Add", "s", "x"])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("expects arguments of signature \"ii\", but got \"s\""))
        let named = try await runTool("/usr/bin/gdbus", ["call", "--address", fixture.bus.address, "--dest", BusFixture.name,
                                                        "--object-path", BusFixture.path, "--method", "\(CalculatorService.interface).Describe", "flux"])
        #expect(named.status != 0)
        #expect(named.stderr.contains("org.example.Error.NotFound: There is no control called flux."))
    }

    @Test func busctlReadsProperties() async throws {
        let fixture = try await BusFixture(interfaces: [SettingsService.table(Settings())])
        defer { fixture.close() }
        let get = try await runTool("/usr/bin/busctl", ["--address=\(fixture.bus.address)", "get-property", BusFixture.name, BusFixture.path,
                                                       SettingsService.interface, "Name", "Count", "Cache"])
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.stdout == "s \"retro\"\ni 3\nas 1 \"a\"\n")
        let set = try await runTool("/usr/bin/busctl", ["--address=\(fixture.bus.address)", "set-property", BusFixture.name, BusFixture.path,
                                                       SettingsService.interface, "Name", "s", "vhs"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try await fixture.proxy(SettingsService.interface).get("Name") == "vhs")
        let readOnly = try await runTool("/usr/bin/busctl", ["--address=\(fixture.bus.address)", "set-property", BusFixture.name,
                                                            BusFixture.path, SettingsService.interface, "Count", "i", "1"])
        #expect(readOnly.status != 0)
        #expect(readOnly.stderr.contains("read-only"))
    }

    @Test func dbusPythonIntrospectsAndCalls() async throws {
        let fixture = try await BusFixture(interfaces: [SettingsService.table(Settings()), CalculatorService.table()])
        defer { fixture.close() }
        // dbus-python parses our introspection XML before its first call.
        let script = """
            import dbus, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            obj = bus.get_object('org.example.Test', '/org/example/Test')
            calc = dbus.Interface(obj, 'org.example.Calculator1')
            print(int(calc.Add(40, 2)))
            props = dbus.Interface(obj, 'org.freedesktop.DBus.Properties')
            all = props.GetAll('org.example.Settings1')
            print(sorted(str(k) for k in all.keys()), str(all['Name']), int(all['Count']))
            try:
                calc.Describe('flux')
            except dbus.DBusException as e:
                print(e.get_dbus_name(), e.get_dbus_message())
            """
        let result = try await runTool("/usr/bin/python3", ["-c", script, fixture.bus.address])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            42
            ['Anything', 'Cache', 'Count', 'Name', 'Serial'] retro 3
            org.example.Error.NotFound There is no control called flux.

            """)
    }
}
