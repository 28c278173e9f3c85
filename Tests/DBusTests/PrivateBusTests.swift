import DBus
import RetrocamTesting
import Foundation
import Testing

@Suite struct PrivateBusTests {
    @Test func startsAndStops() async throws {
        let bus = try PrivateBus()
        #expect(bus.address.hasPrefix("unix:"))
        let connection = try bus.connect()
        #expect(connection.isConnected)
        bus.stop()
        bus.stop()
        #expect(await Wait.until(30) { !connection.isConnected })
        connection.close()
    }

    @Test func activatesServicesFromItsServiceDirectory() async throws {
        let directory = NSTemporaryDirectory() + "dbus-activation-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A stand-in service: takes its name on the bus that started it, and lives until that bus is gone
        // (its socket reads end of file). The socket is non-blocking: it waits in select, or its first read
        // with nothing to read would end it, and its name with it.
        try """
            import dbus, os, select
            bus = dbus.bus.BusConnection(os.environ['DBUS_STARTER_ADDRESS'])
            bus.request_name('org.example.Activated')
            fd = bus.get_unix_fd()
            while True:
                select.select([fd], [], [])
                try:
                    if not os.read(fd, 4096):
                        break
                except BlockingIOError:
                    pass
            """.write(toFile: directory + "/service.py", atomically: true, encoding: .utf8)
        try """
            [D-BUS Service]
            Name=org.example.Activated
            Exec=/usr/bin/python3 \(directory)/service.py

            """.write(toFile: directory + "/org.example.Activated.service", atomically: true, encoding: .utf8)
        let bus = try PrivateBus(serviceDirectories: [directory])
        defer { bus.stop() }
        let connection = try bus.connect()
        defer { connection.close() }
        let activatable = try await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                    interface: "org.freedesktop.DBus", method: "ListActivatableNames", [])
        #expect(activatable.first?.stringArray?.contains("org.example.Activated") == true)
        let started = try await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                interface: "org.freedesktop.DBus", method: "StartServiceByName",
                                                ["org.example.Activated", .uint32(0)], timeout: .seconds(10))
        #expect(started == [.uint32(1)])
        #expect(try await connection.nameOwner("org.example.Activated") != nil)
    }
}
