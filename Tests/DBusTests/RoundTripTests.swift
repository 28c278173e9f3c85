import DBus
import Testing

/// One value that must survive a trip to the echo service and back unchanged.
struct EchoCase: Sendable, CustomTestStringConvertible {
    let value: Value
    var signature: Signature { value.signature }
    var testDescription: String { value.signature.rawValue }

    /// The method name for this signature: `Echo_` plus a name-safe spelling of it.
    var method: String { EchoCase.methodName(for: signature) }

    static func methodName(for signature: Signature) -> String {
        var name = "Echo_"
        for character in signature.rawValue {
            switch character {
            case "{": name += "_D"
            case "}": name += "D_"
            case "(": name += "_S"
            case ")": name += "S_"
            default: name.append(character)
            }
        }
        return name
    }
}

/// A service with one echo method per signature, each declared in its table row.
enum EchoService {
    static let interface = "org.example.Echo"

    static func table(for signatures: [Signature]) -> Interface {
        let unique = Array(Set(signatures)).sorted { $0.rawValue < $1.rawValue }
        return Interface(interface, methods: unique.map { signature in
            Method(EchoCase.methodName(for: signature), in: [Argument("value", signature)], out: [Argument("value", signature)]) { call in
                call.arguments
            }
        })
    }
}

@Suite struct RoundTripTests {
    static let nestedDict = Value.stringDict([
        "name": "Retrocam ✓",
        "count": .uint32(3),
        "nested": .variant(.variant(.int32(-1))),
        "list": .strings(["a", "b"]),
        "inner": .stringDict(["x": .double(0.5), "path": .objectPath(try! ObjectPath("/a/b"))]),
    ])

    static let cases: [EchoCase] = [
        .init(value: .byte(255)), .init(value: .bool(true)), .init(value: .bool(false)),
        .init(value: .int16(-32768)), .init(value: .uint16(65535)),
        .init(value: .int32(Int32.min)), .init(value: .uint32(UInt32.max)),
        .init(value: .int64(Int64.min)), .init(value: .uint64(UInt64.max)),
        .init(value: .double(-3.25e10)), .init(value: .string("héllo, wörld — ✓ 🎞")), .init(value: .string("")),
        .init(value: .objectPath(try! ObjectPath("/org/retrocam/Camera"))),
        .init(value: .signature("a{sa{sv}}")),
        .init(value: .variant(.int32(42))),
        .init(value: .variant(.variant(.string("two deep")))),
        .init(value: .strings(["seventies", "eighties"])),
        .init(value: .strings([])),
        .init(value: .array("y", [.byte(0), .byte(1), .byte(255)])),
        .init(value: .array("d", [.double(1.5), .double(-0.25)])),
        .init(value: .array("ai", [.array("i", [.int32(1), .int32(2)]), .array("i", []), .array("i", [.int32(3)])])),
        .init(value: .array("(ssss)", [
            .structure([.string("decade"), .string("Decade"), .string("1970s"), .string("Swipe up or down")]),
            .structure([.string("rec"), .string("Record"), .string("Off"), .string("Double tap")]),
        ])),
        .init(value: nestedDict),
        .init(value: .dictionary(key: "s", value: "v", [])),
        .init(value: .dictionary(key: "s", value: "a{sv}", [
            DictEntry(key: "org.retrocam.Camera1", value: .stringDict(["Decade": "1970s", "Degree": .int32(7)])),
            DictEntry(key: "empty", value: .stringDict([:])),
        ])),
        .init(value: .dictionary(key: "i", value: "s", [DictEntry(key: .int32(2), value: "two"), DictEntry(key: .int32(1), value: "one")])),
        .init(value: .dictionary(key: "o", value: "b", [DictEntry(key: .objectPath(try! ObjectPath("/x")), value: .bool(true))])),
        .init(value: .structure([.int32(1), .structure([.string("a"), .string("b")]), .variant(.strings(["v"]))])),
        .init(value: .array("v", [.variant(.byte(1)), .variant(.string("s")), .variant(.stringDict(["k": .bool(false)]))])),
        .init(value: .array("as", [.strings(["a"]), .strings([])])),
        .init(value: .array("(yv)", [.structure([.byte(1), .variant(.uint64(9))])])),
    ]

    static func fixture() async throws -> BusFixture {
        try await BusFixture(interfaces: [EchoService.table(for: cases.map(\.signature))])
    }

    @Test(arguments: cases) func swiftClientRoundTrip(_ c: EchoCase) async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let reply = try await fixture.proxy(EchoService.interface).call(c.method, [c.value])
        #expect(reply == [c.value])
    }

    @Test func manySignaturesOnOneConnection() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let echo = fixture.proxy(EchoService.interface)
        for c in Self.cases {
            #expect(try await echo.call(c.method, [c.value]) == [c.value], "\(c.signature)")
        }
    }

    @Test func callSyncRoundTrip() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let value = Self.nestedDict
        let reply = try fixture.client.callSync(destination: BusFixture.name, path: BusFixture.path, interface: EchoService.interface,
                                                method: EchoCase.methodName(for: value.signature), [value])
        #expect(reply == [value])
    }

    @Test func malformedValuesAreRefusedBeforeSending() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let echo = fixture.proxy(EchoService.interface)
        // An array whose element does not match its declared type, a NUL in a string, an empty structure.
        for bad: Value in [.array("s", [.int32(1)]), .string("a\0b"), .structure([]),
                           .dictionary(key: "s", value: "v", [DictEntry(key: .int32(1), value: .variant(.int32(1)))])] {
            await expectDBusError(DBusError.Names.invalidArgs) { _ = try await echo.call("Echo_as", [bad]) }
        }
    }

    @Test func largeArrayRoundTrip() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let big = Value.array("(ssss)", (0..<2000).map { i in
            .structure([.string("id\(i)"), .string("Name \(i)"), .string(String(repeating: "v", count: 50)), .string("hint")])
        })
        let reply = try await fixture.proxy(EchoService.interface).call("Echo_a_SssssS_", [big])
        #expect(reply == [big])
    }
}
