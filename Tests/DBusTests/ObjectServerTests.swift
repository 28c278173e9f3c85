import DBus
import Foundation
import Testing

/// An error that is not a `DBusError`, to check the `Failed` mapping.
struct DiskOnFire: Error, CustomStringConvertible {
    var description: String { "the disk is on fire" }
}

/// A small service table exercising every dispatch outcome.
enum CalculatorService {
    static let interface = "org.example.Calculator1"

    static func table() -> Interface {
        Interface(interface, methods: [
            Method("Add", Arg<Int32>("a"), Arg<Int32>("b"), returns: Arg<Int32>("sum")) { a, b in a &+ b },
            Method("Describe", Arg<String>("id"), returns: Arg<String>("text")) { id in
                guard id == "zoom" else {
                    throw DBusError(name: "org.example.Error.NotFound", message: "There is no control called \(id).")
                }
                return "Zoom, 2.0x"
            },
            Method("Explode", out: [Argument("never", "s")]) { _ in throw DiskOnFire() },
            Method("LieAboutTypes", out: [Argument("text", "s")]) { _ in [.int32(1)] },
            Method("WhoAmI", out: [Argument("sender", "s")]) { call in [.string(call.sender ?? "")] },
            Method("Nothing") { _ in [] },
        ])
    }
}

@Suite struct ObjectServerTests {
    static func fixture() async throws -> BusFixture {
        try await BusFixture(interfaces: [CalculatorService.table()])
    }

    @Test func answersFromTheTable() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let calculator = fixture.proxy(CalculatorService.interface)
        #expect(try await calculator.call("Add", [.int32(40), .int32(2)]) == [.int32(42)])
        #expect(try await calculator.call("Describe", ["zoom"]) == ["Zoom, 2.0x"])
        #expect(try await calculator.call("Nothing") == [])
        #expect(try await calculator.call("WhoAmI") == [.string(fixture.client.uniqueName)])
    }

    @Test func wrongArgumentSignatureIsInvalidArgsNamingTheExpectedSignature() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let calculator = fixture.proxy(CalculatorService.interface)
        let error = await expectDBusError(DBusError.Names.invalidArgs) { _ = try await calculator.call("Add", ["forty", "two"]) }
        #expect(error?.message.contains("\"ii\"") == true)
        #expect(error?.message.contains("\"ss\"") == true)
        await expectDBusError(DBusError.Names.invalidArgs) { _ = try await calculator.call("Add", []) }
    }

    @Test func unknownMethodInterfaceAndObject() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        await expectDBusError(DBusError.Names.unknownMethod) {
            _ = try await fixture.proxy(CalculatorService.interface).call("Subtract")
        }
        await expectDBusError(DBusError.Names.unknownInterface) {
            _ = try await fixture.proxy("org.example.Nope").call("Add", [.int32(1), .int32(2)])
        }
        await expectDBusError(DBusError.Names.unknownObject) {
            _ = try await fixture.proxy(CalculatorService.interface, path: "/org/example/Elsewhere").call("Add", [.int32(1), .int32(2)])
        }
    }

    @Test func handlerErrorsBecomeErrorReplies() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let calculator = fixture.proxy(CalculatorService.interface)
        let named = await expectDBusError("org.example.Error.NotFound") { _ = try await calculator.call("Describe", ["flux"]) }
        #expect(named?.message == "There is no control called flux.")
        let failed = await expectDBusError(DBusError.Names.failed) { _ = try await calculator.call("Explode") }
        #expect(failed?.message == "the disk is on fire")
    }

    @Test func replyNotMatchingTheOutSignatureIsRefused() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let error = await expectDBusError(DBusError.Names.failed) {
            _ = try await fixture.proxy(CalculatorService.interface).call("LieAboutTypes")
        }
        #expect(error?.message.contains("declares \"s\"") == true)
    }

    @Test func callWithoutInterfaceFindsTheMethod() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        // dbus-send, busctl and gdbus all insist on an interface; dbus-python lets it be omitted.
        let script = """
            import dbus, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            print(int(bus.call_blocking(sys.argv[2], sys.argv[3], None, 'Add', 'ii', (2, 3))))
            """
        let result = try await runTool("/usr/bin/python3", ["-c", script, fixture.bus.address, BusFixture.name, BusFixture.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "5\n")
    }

    @Test func registrationRejectsBadTables() async throws {
        let fixture = try await BusFixture(interfaces: [])
        defer { fixture.close() }
        #expect(throws: DBusError.self) { try fixture.objects.register("//", interfaces: [CalculatorService.table()]) }
        #expect(throws: DBusError.self) { try fixture.objects.register("/a", interfaces: [Interface("bad")]) }
        #expect(throws: DBusError.self) {
            try fixture.objects.register("/a", interfaces: [Interface("org.example.X", methods: [Method("Bad-Name") { _ in [] }])])
        }
        #expect(throws: DBusError.self) {
            try fixture.objects.register("/a", interfaces: [Interface("org.example.X", signals: [Signal("Twice"), Signal("Twice")])])
        }
        #expect(throws: DBusError.self) {
            try fixture.objects.register("/a", interfaces: [Interface("org.freedesktop.DBus.Properties")])
        }
    }

    @Test func unregisteredObjectDisappears() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        fixture.objects.unregister(BusFixture.path)
        await expectDBusError(DBusError.Names.unknownObject) {
            _ = try await fixture.proxy(CalculatorService.interface).call("Nothing")
        }
    }
}
