import DBus
import Foundation
import Testing

/// Mutable state behind the property table.
final class Settings: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = ["Name": "retro", "Count": .int32(3), "Cache": .strings(["a"]), "Anything": .variant(.int32(1))]

    subscript(name: String) -> Value {
        get { lock.lock(); defer { lock.unlock() }; return values[name]! }
        set { lock.lock(); values[name] = newValue; lock.unlock() }
    }
}

enum SettingsService {
    static let interface = "org.example.Settings1"

    static func table(_ settings: Settings) -> Interface {
        Interface(interface, properties: [
            Property("Name", "s", get: { settings["Name"] }, set: { value in
                guard let text = value.stringValue, !text.isEmpty else { throw DBusError.invalidArgs("A name cannot be empty.") }
                settings["Name"] = value
            }),
            Property("Count", "i", get: { settings["Count"] }),
            Property("Serial", "s", change: .const, get: { "RC-0001" }),
            Property("Cache", "as", change: .invalidates, get: { settings["Cache"] }, set: { settings["Cache"] = $0 }),
            Property("Anything", "v", get: { settings["Anything"] }, set: { settings["Anything"] = $0 }),
        ], signals: [
            Signal("Bumped", [Argument("count", "i")]),
        ])
    }
}

@Suite struct PropertiesTests {
    let settings = Settings()

    func fixture() async throws -> BusFixture {
        try await BusFixture(interfaces: [SettingsService.table(settings)])
    }

    @Test func getAndGetAll() async throws {
        let fixture = try await fixture()
        defer { fixture.close() }
        let proxy = fixture.proxy(SettingsService.interface)
        #expect(try await proxy.get("Name") == "retro")
        #expect(try await proxy.get("Anything") == .variant(.int32(1)))
        let all = try await proxy.getAll()
        #expect(all["Count"] == .int32(3))
        #expect(all["Serial"] == "RC-0001")
        #expect(all["Cache"] == .strings(["a"]))
        #expect(Set(all.keys) == ["Name", "Count", "Serial", "Cache", "Anything"])
    }

    @Test func setWritesAndAnnouncesTheChange() async throws {
        let fixture = try await fixture()
        defer { fixture.close() }
        let proxy = fixture.proxy(SettingsService.interface)
        let changes = Inbox<[String: Value]>()
        let invalidations = Inbox<[String]>()
        try await proxy.onPropertiesChanged { changed, invalidated in
            if !changed.isEmpty { changes.put(changed) }
            if !invalidated.isEmpty { invalidations.put(invalidated) }
        }
        try await proxy.set("Name", "super8")
        #expect(try await proxy.get("Name") == "super8")
        #expect(await changes.wait().first == ["Name": "super8"])
        try await proxy.set("Cache", .strings(["b", "c"]))
        #expect(await invalidations.wait().first == ["Cache"])
        try await proxy.set("Anything", .variant(.string("now a string")))
        #expect(try await proxy.get("Anything") == .variant(.string("now a string")))
    }

    @Test func setRefusals() async throws {
        let fixture = try await fixture()
        defer { fixture.close() }
        let proxy = fixture.proxy(SettingsService.interface)
        let readOnly = await expectDBusError(DBusError.Names.propertyReadOnly) { try await proxy.set("Count", .int32(9)) }
        #expect(readOnly?.message.contains("Count") == true)
        await expectDBusError(DBusError.Names.propertyReadOnly) { try await proxy.set("Serial", "x") }
        let wrongType = await expectDBusError(DBusError.Names.invalidArgs) { try await proxy.set("Name", .int32(5)) }
        #expect(wrongType?.message.contains("\"s\"") == true)
        await expectDBusError(DBusError.Names.invalidArgs) { try await proxy.set("Name", "") }
        await expectDBusError(DBusError.Names.unknownProperty) { try await proxy.set("Nope", "x") }
        #expect(try await proxy.get("Count") == .int32(3))
    }

    @Test func unknownPropertyInterfaceAndObject() async throws {
        let fixture = try await fixture()
        defer { fixture.close() }
        await expectDBusError(DBusError.Names.unknownProperty) { _ = try await fixture.proxy(SettingsService.interface).get("Nope") }
        await expectDBusError(DBusError.Names.unknownInterface) { _ = try await fixture.proxy("org.example.Other").get("Name") }
        await expectDBusError(DBusError.Names.unknownInterface) { _ = try await fixture.proxy("org.example.Other").getAll() }
        await expectDBusError(DBusError.Names.unknownObject) {
            _ = try await fixture.proxy(SettingsService.interface, path: "/nowhere").get("Name")
        }
        await expectDBusError(DBusError.Names.invalidArgs) {
            _ = try await fixture.client.call(destination: BusFixture.name, path: BusFixture.path,
                                              interface: "org.freedesktop.DBus.Properties", method: "Get", ["only one"])
        }
    }

    @Test func emitPropertiesChangedReachesProxies() async throws {
        let fixture = try await fixture()
        defer { fixture.close() }
        let changes = Inbox<[String: Value]>()
        try await fixture.proxy(SettingsService.interface).onPropertiesChanged { changes.put($0) }
        // A PropertiesChanged for another interface on the same object must not be delivered.
        try fixture.service.emitSignal(path: BusFixture.path, interface: "org.freedesktop.DBus.Properties", name: "PropertiesChanged",
                                       ["org.example.Other", .stringDict(["Count": .int32(100)]), .strings([])])
        settings["Count"] = .int32(4)
        try fixture.objects.emitPropertiesChanged(path: BusFixture.path, interface: SettingsService.interface, changed: ["Count": .int32(4)])
        // Both signals come from the service's connection, in order: the other interface's would be first.
        let received = await changes.wait()
        #expect(received.first == ["Count": .int32(4)])
        #expect(changes.all.count == 1)
    }

    @Test func emitChecksTheTable() async throws {
        let fixture = try await fixture()
        defer { fixture.close() }
        #expect(throws: DBusError.self) {
            try fixture.objects.emitPropertiesChanged(path: BusFixture.path, interface: SettingsService.interface, changed: ["Count": "four"])
        }
        #expect(throws: DBusError.self) {
            try fixture.objects.emitPropertiesChanged(path: BusFixture.path, interface: SettingsService.interface, changed: ["Missing": "x"])
        }
        #expect(throws: DBusError.self) { try fixture.objects.emit(path: BusFixture.path, interface: SettingsService.interface, signal: "Bumped", ["x"]) }
        #expect(throws: DBusError.self) { try fixture.objects.emit(path: BusFixture.path, interface: SettingsService.interface, signal: "Nope", []) }
        try fixture.objects.emit(path: BusFixture.path, interface: SettingsService.interface, signal: "Bumped", [.int32(1)])
    }

    @Test func tableSignalsReachProxies() async throws {
        let fixture = try await fixture()
        defer { fixture.close() }
        let bumps = Inbox<[Value]>()
        try await fixture.proxy(SettingsService.interface).onSignal("Bumped") { bumps.put($0) }
        try fixture.objects.emit(path: BusFixture.path, interface: SettingsService.interface, signal: "Bumped", [.int32(7)])
        #expect(await bumps.wait().first == [.int32(7)])
    }
}
