import DBus
import Foundation
import Testing

@Suite struct IntrospectionTests {
    static func fixture() async throws -> BusFixture {
        let fixture = try await BusFixture(interfaces: [SettingsService.table(Settings()), CalculatorService.table()])
        try fixture.objects.register("/org/example/Test/Child/Deeper", interfaces: [CalculatorService.table()])
        try fixture.objects.register("/org/example/Sibling", interfaces: [CalculatorService.table()])
        return fixture
    }

    @Test func xmlComesFromTheTables() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let xml = fixture.objects.introspectionXML(path: BusFixture.path)
        #expect(xml.hasPrefix("<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\""))
        for interface in ["org.freedesktop.DBus.Peer", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Properties",
                          SettingsService.interface, CalculatorService.interface] {
            #expect(xml.contains("<interface name=\"\(interface)\">"), "\(interface)")
        }
        #expect(xml.contains("""
                <method name="Add">
                  <arg name="a" type="i" direction="in"/>
                  <arg name="b" type="i" direction="in"/>
                  <arg name="sum" type="i" direction="out"/>
                </method>
            """))
        #expect(xml.contains("<method name=\"Nothing\"/>"))
        #expect(xml.contains("<property name=\"Count\" type=\"i\" access=\"read\"/>"))
        #expect(xml.contains("<property name=\"Name\" type=\"s\" access=\"readwrite\"/>"))
        #expect(xml.contains("""
                <property name="Serial" type="s" access="read">
                  <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="const"/>
                </property>
            """))
        #expect(xml.contains("<annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"invalidates\"/>"))
        #expect(xml.contains("<signal name=\"Bumped\">\n      <arg name=\"count\" type=\"i\"/>\n    </signal>"))
        #expect(xml.contains("<node name=\"Child\"/>"))
        #expect(!xml.contains("Deeper"))
        #expect(xml.hasSuffix("</node>\n"))
    }

    @Test func remoteIntrospectEqualsLocalXML() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        for path in ["/", "/org", "/org/example", BusFixture.path, "/org/example/Test/Child", "/org/example/Test/Child/Deeper"] {
            let remote = try await fixture.proxy("org.example.Any", path: path).introspect()
            #expect(remote == fixture.objects.introspectionXML(path: path), "\(path)")
        }
    }

    @Test func parentNodesListTheirChildren() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let root = fixture.objects.introspectionXML(path: "/")
        #expect(root.contains("<node name=\"org\"/>"))
        #expect(!root.contains("org.freedesktop.DBus.Properties"))
        let example = fixture.objects.introspectionXML(path: "/org/example")
        #expect(example.contains("<node name=\"Sibling\"/>\n  <node name=\"Test\"/>"))
    }

    @Test func introspectingNothingIsUnknownObject() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        await expectDBusError(DBusError.Names.unknownObject) {
            _ = try await fixture.proxy("org.example.Any", path: "/not/here").introspect()
        }
    }

    @Test func xmlParsesAndGdbusReadsIt() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        let result = try await runTool("/usr/bin/gdbus", ["introspect", "--address", fixture.bus.address,
                                                         "--dest", BusFixture.name, "--object-path", BusFixture.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("interface org.example.Settings1"))
        // The XML's property, not its value: gdbus fetches values with GetAll under a short fixed timeout of its own,
        // which a loaded test run can miss (it then prints "readonly i Count;"). `getAndGetAll` checks the values.
        #expect(result.stdout.contains("readonly i Count"))
        #expect(result.stdout.contains("Add(in  i a,"))
    }

    @Test func peerIsAnswered() async throws {
        let fixture = try await Self.fixture()
        defer { fixture.close() }
        try await fixture.proxy("org.example.Any").ping()
        let reply = try await fixture.client.call(destination: BusFixture.name, path: BusFixture.path,
                                                  interface: "org.freedesktop.DBus.Peer", method: "GetMachineId", [])
        #expect(reply.first?.stringValue?.count == 32)
    }
}
