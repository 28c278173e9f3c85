import DBus
import Foundation
import Testing

/// A service whose `Slow` handler sleeps, whose `Never` handler never answers in time.
enum SlowService {
    static let interface = "org.example.Slow1"

    static func table() -> Interface {
        Interface(interface, methods: [
            Method("Slow", out: [Argument("done", "s")]) { _ in
                try await Task.sleep(for: .seconds(2))
                return ["slept"]
            },
            Method("Never") { _ in
                try await Task.sleep(for: .seconds(30))
                return []
            },
            Method("Fast", out: [Argument("n", "i")]) { _ in [.int32(1)] },
        ], properties: [
            Property("Answer", "i", get: { .int32(42) }),
        ])
    }
}

@Suite struct ConcurrencyTests {
    @Test func slowHandlerDoesNotBlockOtherCalls() async throws {
        let fixture = try BusFixture(interfaces: [SlowService.table()])
        defer { fixture.close() }
        let slow = fixture.proxy(SlowService.interface)
        let clock = ContinuousClock()
        let start = clock.now
        let slowFinished = Inbox<ContinuousClock.Instant>()
        let slowReply = Task {
            let reply = try await slow.call("Slow")
            slowFinished.put(clock.now)
            return reply
        }
        try await Task.sleep(for: .milliseconds(100))
        try await slow.ping(timeout: .seconds(1))
        #expect(try await slow.get("Answer", timeout: .seconds(1)) == .int32(42))
        #expect(try await slow.call("Fast", timeout: .seconds(1)) == [.int32(1)])
        _ = try await slow.introspect(timeout: .seconds(1))
        let othersDone = clock.now
        // Generous bound: the whole suite runs in parallel on two cores.
        #expect(othersDone - start < .milliseconds(1800), "other calls took \(othersDone - start) while a handler slept")
        #expect(slowFinished.all.isEmpty, "the other calls were answered only after the slow handler finished")
        #expect(try await slowReply.value == ["slept"])
        #expect(clock.now - start >= .seconds(2))
    }

    @Test func callTimesOutWithNoReply() async throws {
        let fixture = try BusFixture(interfaces: [SlowService.table()])
        defer { fixture.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let error = await expectDBusError(DBusError.Names.noReply) {
            _ = try await fixture.proxy(SlowService.interface).call("Never", timeout: .milliseconds(300))
        }
        #expect(error?.isTimeout == true)
        let waited = clock.now - start
        #expect(waited >= .milliseconds(300) && waited < .seconds(3))
    }

    @Test func callSyncTimesOut() throws {
        let fixture = try BusFixture(interfaces: [SlowService.table()])
        defer { fixture.close() }
        do {
            _ = try fixture.proxy(SlowService.interface).callSync("Never", timeout: .milliseconds(200))
            Issue.record("no timeout")
        } catch let error as DBusError {
            #expect(error.name == DBusError.Names.noReply)
        }
    }

    @Test func manyConcurrentCallsFromManyTasks() async throws {
        let fixture = try BusFixture(interfaces: [CalculatorService.table()])
        defer { fixture.close() }
        let calculator = fixture.proxy(CalculatorService.interface)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<200 {
                group.addTask {
                    let sum = try await calculator.call("Add", [.int32(Int32(i)), .int32(1)])
                    #expect(sum == [.int32(Int32(i) + 1)])
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func closingFailsPendingCalls() async throws {
        let fixture = try BusFixture(interfaces: [SlowService.table()])
        defer { fixture.close() }
        let proxy = fixture.proxy(SlowService.interface)
        let pending = Task { try await proxy.call("Never", timeout: .seconds(10)) }
        try await Task.sleep(for: .milliseconds(200))
        fixture.client.close()
        await expectDBusError(DBusError.Names.disconnected) { _ = try await pending.value }
        await expectDBusError(DBusError.Names.disconnected) { _ = try await proxy.call("Fast") }
    }
}
