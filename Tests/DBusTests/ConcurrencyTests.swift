import CallOrder
import DBus
import Foundation
import Testing

/// Tells a test when a handler has started, and lets the `Gated` handler answer only when the test says.
final class Gate: Sendable {
    /// One element each time a `Gated` or `Never` handler starts.
    let entered: AsyncStream<Void>
    private let enter: AsyncStream<Void>.Continuation
    private let released: AsyncStream<Void>
    private let release: AsyncStream<Void>.Continuation

    init() {
        (entered, enter) = AsyncStream.makeStream(of: Void.self)
        (released, release) = AsyncStream.makeStream(of: Void.self)
    }

    /// A handler started.
    func handlerStarted() { enter.yield() }
    /// Waits until a handler has started.
    func waitForAHandler() async { for await _ in entered { return } }
    /// Lets the `Gated` handler answer.
    func open() { release.finish() }
    /// Waits until `open()`.
    func waitUntilOpen() async { for await _ in released {} }
}

/// A service whose `Gated` handler answers when its gate opens (having let the calls behind it go: its wait is
/// a slow tail) and whose `Never` handler never answers in time.
enum SlowService {
    static let interface = "org.example.Slow1"

    static func table(gate: Gate = Gate()) -> Interface {
        Interface(interface, methods: [
            Method("Gated", out: [Argument("done", "s")]) { _ in
                Turn.passCurrent()
                gate.handlerStarted()
                await gate.waitUntilOpen()
                return ["released"]
            },
            Method("Never") { _ in
                gate.handlerStarted()
                await Gate().waitUntilOpen()   // a gate nobody opens: the handler never answers
                return []
            },
            Method("Fast", out: [Argument("n", "i")]) { _ in [.int32(1)] },
        ], properties: [
            Property("Answer", "i", get: { .int32(42) }),
        ])
    }
}

@Suite struct ConcurrencyTests {
    /// While one handler waits in its slow tail (its gate shut, its turn passed), every other call is answered:
    /// were the server blocked by it, they could only time out. No clock is read.
    @Test func slowHandlerDoesNotBlockOtherCalls() async throws {
        let gate = Gate()
        let fixture = try await BusFixture(interfaces: [SlowService.table(gate: gate)])
        defer { fixture.close() }
        let slow = fixture.proxy(SlowService.interface)
        let slowReply = Task { try await slow.call("Gated", timeout: .seconds(60)) }
        await gate.waitForAHandler()
        try await slow.ping(timeout: .seconds(10))
        #expect(try await slow.get("Answer", timeout: .seconds(10)) == .int32(42))
        #expect(try await slow.call("Fast", timeout: .seconds(10)) == [.int32(1)])
        _ = try await slow.introspect(timeout: .seconds(10))
        gate.open()
        #expect(try await slowReply.value == ["released"])
    }

    @Test func callTimesOutWithNoReply() async throws {
        let fixture = try await BusFixture(interfaces: [SlowService.table()])
        defer { fixture.close() }
        let clock = ContinuousClock()
        let start = clock.now
        let error = await expectDBusError(DBusError.Names.noReply) {
            _ = try await fixture.proxy(SlowService.interface).call("Never", timeout: .milliseconds(300))
        }
        #expect(error?.isTimeout == true)
        #expect(clock.now - start >= .milliseconds(300), "a timeout is never early")
    }

    @Test func callSyncTimesOut() async throws {
        let fixture = try await BusFixture(interfaces: [SlowService.table()])
        defer { fixture.close() }
        do {
            _ = try fixture.proxy(SlowService.interface).callSync("Never", timeout: .milliseconds(200))
            Issue.record("no timeout")
        } catch let error as DBusError {
            #expect(error.name == DBusError.Names.noReply)
        }
    }

    @Test func manyConcurrentCallsFromManyTasks() async throws {
        let fixture = try await BusFixture(interfaces: [CalculatorService.table()])
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
        let gate = Gate()
        let fixture = try await BusFixture(interfaces: [SlowService.table(gate: gate)])
        defer { fixture.close() }
        let proxy = fixture.proxy(SlowService.interface)
        let pending = Task { try await proxy.call("Never", timeout: .seconds(10)) }
        await gate.waitForAHandler()
        fixture.client.close()
        await expectDBusError(DBusError.Names.disconnected) { _ = try await pending.value }
        await expectDBusError(DBusError.Names.disconnected) { _ = try await proxy.call("Fast") }
    }
}
