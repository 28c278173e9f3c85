@testable import DBus
import RetrocamTesting
import Foundation
import Testing

@Suite struct ConnectionTests {
    @Test func uniqueNamesAndNameOwnership() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let first = try bus.connect(), second = try bus.connect()
        defer { first.close(); second.close() }
        #expect(first.uniqueName.hasPrefix(":"))
        #expect(first.uniqueName != second.uniqueName)
        #expect(try await first.requestName("org.example.Owned"))
        #expect(try await first.requestName("org.example.Owned"), "asking again for a name already held is still success")
        #expect(try await !second.requestName("org.example.Owned"), "a name owned by another connection is refused, not queued")
        #expect(try await second.nameOwner("org.example.Owned") == first.uniqueName)
        #expect(try await second.nameOwner("org.example.Nobody") == nil)
        #expect(try await first.releaseName("org.example.Owned"))
        #expect(try await second.requestName("org.example.Owned"))
        await #expect(throws: DBusError.self) { try await first.requestName("not a name") }
    }

    @Test func sessionUsesTheEnvironment() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        // The process's own address is put back: later tests in this process read it (and this bus goes).
        let outer = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
        defer { if let outer { setenv("DBUS_SESSION_BUS_ADDRESS", outer, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") } }
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        let connection = try Connection.session()
        defer { connection.close() }
        #expect(connection.isConnected)
    }

    @Test func badAddressThrows() {
        #expect(throws: DBusError.self) { try Connection(address: "unix:path=/nonexistent/bus-socket") }
        #expect(throws: DBusError.self) { try Connection(address: "not an address") }
    }

    @Test func callToAMissingServiceIsServiceUnknown() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let connection = try bus.connect()
        defer { connection.close() }
        await expectDBusError(DBusError.Names.serviceUnknown) {
            _ = try await connection.call(destination: "org.example.Missing", path: "/", interface: "org.example.X", method: "Y", [])
        }
        await expectDBusError(DBusError.Names.invalidArgs) {
            _ = try await connection.call(destination: "org.example.Missing", path: "no/slash", interface: "org.example.X", method: "Y", [])
        }
    }

    @Test func signalsAreFilteredBySenderPathAndMember() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let emitter = try bus.connect(), other = try bus.connect(), listener = try bus.connect()
        defer { emitter.close(); other.close(); listener.close() }
        #expect(try await emitter.requestName("org.example.Emitter"))
        let fromEmitter = Inbox<SignalMessage>()
        let everything = Inbox<SignalMessage>()
        let token = try await listener.onSignal(sender: "org.example.Emitter", path: "/e", interface: "org.example.Events", member: "Tick") {
            fromEmitter.put($0)
        }
        try await listener.onSignal(interface: "org.example.Events") { everything.put($0) }
        try other.emitSignal(path: "/e", interface: "org.example.Events", name: "Tick", [.int32(0)])
        try emitter.emitSignal(path: "/elsewhere", interface: "org.example.Events", name: "Tick", [.int32(1)])
        try emitter.emitSignal(path: "/e", interface: "org.example.Events", name: "Tock", [.int32(2)])
        try emitter.emitSignal(path: "/e", interface: "org.example.Events", name: "Tick", [.int32(3), "payload"])
        let all = await everything.wait(for: 4)
        #expect(all.count == 4)
        let received = fromEmitter.all
        #expect(received.count == 1)
        #expect(received.first?.arguments == [.int32(3), "payload"])
        #expect(received.first?.sender == emitter.uniqueName)
        #expect(received.first?.signature == "is")
        listener.unsubscribe(token)
        try emitter.emitSignal(path: "/e", interface: "org.example.Events", name: "Tick", [.int32(4)])
        _ = await everything.wait(for: 5)
        #expect(fromEmitter.all.count == 1)
    }

    @Test func subscribeWithARawMatchRule() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let emitter = try bus.connect(), listener = try bus.connect()
        defer { emitter.close(); listener.close() }
        let got = Inbox<SignalMessage>()
        try await listener.subscribe(matchRule: "type='signal',interface='org.example.Events',arg0='wanted'") { got.put($0) }
        try emitter.emitSignal(path: "/e", interface: "org.example.Events", name: "Tick", ["unwanted"])
        try emitter.emitSignal(path: "/e", interface: "org.example.Events", name: "Tick", ["wanted"])
        // One sender's signals arrive in order: had "unwanted" been delivered, it would be here before "wanted".
        let received = await got.wait()
        #expect(received.map(\.arguments) == [["wanted"]])
        #expect(got.all.count == 1)
        await #expect(throws: DBusError.self) { try await listener.subscribe(matchRule: "type='nonsense'") { _ in } }
    }

    @Test func sendingFromManyThreadsAtOnce() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let emitter = try bus.connect(), listener = try bus.connect()
        defer { emitter.close(); listener.close() }
        let got = Inbox<Int32>()
        try await listener.onSignal(interface: "org.example.Burst") { got.put($0.arguments.first?.int32Value ?? -1) }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<50 {
                try? emitter.emitSignal(path: "/b", interface: "org.example.Burst", name: "Item", [.int32(Int32(thread * 50 + i))])
            }
        }
        let received = await got.wait(for: 400)
        #expect(Set(received) == Set(0..<400))
    }

    @Test func unixFileDescriptorsTravel() async throws {
        let fixture = try await BusFixture(interfaces: [Interface("org.example.Files", methods: [
            Method("Write", Arg<Value>("fd", "h"), Arg<String>("text")) { descriptor, text in
                guard case .unixFD(let fd) = descriptor else { throw DBusError.invalidArgs("no fd") }
                // The object server closes the descriptor after the handler returns.
                _ = text.withCString { write(fd, $0, strlen($0)) }
            },
        ])])
        defer { fixture.close() }
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        _ = try await fixture.proxy("org.example.Files").call("Write", [.unixFD(fds[1]), "through the bus"])
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fds[0], &buffer, buffer.count)
        close(fds[0])
        #expect(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "through the bus")
    }

    @Test func closeIsIdempotentAndCallsAfterCloseFail() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let connection = try bus.connect()
        connection.close()
        connection.close()
        #expect(!connection.isConnected)
        await expectDBusError(DBusError.Names.disconnected) {
            _ = try await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                          interface: "org.freedesktop.DBus", method: "GetId", [])
        }
        #expect(throws: DBusError.self) { try connection.emitSignal(path: "/", interface: "org.example.X", name: "Y", []) }
    }

    /// Names are checked once per destination, path, interface and member, and a bad one is refused however many
    /// good ones went before it (libdbus would abort the daemon on it), beside a known path, interface or name.
    @Test func aMessageWithABadNameIsRefusedAfterManyGoodOnes() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let emitter = try bus.connect()
        defer { emitter.close() }
        for i in 0..<200 {
            try emitter.emitSignal(path: "/e\(i % 70)", interface: "org.example.Events", name: "Tick", [.int32(Int32(i))])
        }
        for (path, interface, name) in [("/e1", "org.example.Events", "Tick!"), ("/e1/", "org.example.Events", "Tick"),
                                        ("/e1", "org..Events", "Tick"), ("/e1", "org.example.Events", ""),
                                        ("/e1", "org.example.Events", String(repeating: "T", count: 300))] {
            #expect(throws: DBusError.self, "\(path) \(interface) \(name.prefix(20))") {
                try emitter.emitSignal(path: path, interface: interface, name: name, [])
            }
        }
        for _ in 0..<3 {
            _ = try await emitter.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                       interface: "org.freedesktop.DBus", method: "GetId", [])
        }
        for destination in ["org..freedesktop.DBus", "org.freedesktop.DBus.", ":", "9org.freedesktop"] {
            await expectDBusError(DBusError.Names.invalidArgs) {
                _ = try await emitter.call(destination: destination, path: "/org/freedesktop/DBus",
                                           interface: "org.freedesktop.DBus", method: "GetId", [])
            }
        }
        await expectDBusError(DBusError.Names.invalidArgs) {
            _ = try await emitter.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                       interface: "org.freedesktop.DBus", method: "Get-Id", [])
        }
    }

    /// A closed connection is freed, with its wake-up pipe: a daemon or a test run that opens many
    /// connections over its life keeps none of their descriptors.
    @Test func aClosedConnectionIsFreedWithItsDescriptors() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        func openDescriptors() -> Int { OpenDescriptors.current.count }
        weak var first: Connection?
        do {
            let connection = try bus.connect()
            first = connection
            _ = try await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                          interface: "org.freedesktop.DBus", method: "GetId", [])
            connection.close()
        }
        #expect(Wait.blockingUntil(10) { first == nil }, "the closed connection was freed")
        let before = openDescriptors()
        for _ in 0..<20 { try bus.connect().close() }
        // Each connection's dispatch thread frees it as its loop ends, just after close() returns.
        #expect(Wait.blockingUntil(10) { openDescriptors() <= before }, "open descriptors: \(openDescriptors()), before the connections: \(before)")
    }

    /// A connection's descriptors (its bus socket, its wake-up pipe) are close-on-exec: a program that
    /// another thread starts while the connection is open does not inherit them.
    @Test func aConnectionsDescriptorsAreCloseOnExec() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let connection = try bus.connect()
        defer { connection.close() }
        // The connection's own descriptors: tests running beside this one open others meanwhile.
        let held = connection.descriptors
        #expect(held.count == 3, "the bus socket and the wake-up pipe's two ends: \(held)")
        let inherited = held.filter { fcntl($0, F_GETFD) & FD_CLOEXEC == 0 }
        #expect(inherited.isEmpty, "open across exec: \(inherited)")
    }

    @Test func losingTheBusFailsPendingCalls() async throws {
        let gate = Gate()
        let fixture = try await BusFixture(interfaces: [SlowService.table(gate: gate)])
        defer { fixture.close() }
        let pending = Task { try await fixture.proxy(SlowService.interface).call("Never", timeout: .seconds(10)) }
        await gate.waitForAHandler()
        fixture.bus.stop()
        await expectDBusError(DBusError.Names.disconnected) { _ = try await pending.value }
        #expect(!fixture.client.isConnected)
    }
}
