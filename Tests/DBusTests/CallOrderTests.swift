import CallOrder
import DBus
import Dispatch
import Foundation
import RetrocamTesting
import Synchronization
import Testing

/// Runs an actor's jobs on a dispatch queue a handler can recognise (`isCurrent`), so a test can tell
/// whether a handler ran on the actor that serves the calls.
final class RecognisableExecutor: SerialExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "org.example.serving")
    private static let key = DispatchSpecificKey<Bool>()

    init() { queue.setSpecific(key: Self.key, value: true) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    /// True on the executor's queue.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// The actor the ordered calls of these tests are served on.
actor ServingActor {
    private let executor = RecognisableExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
}

/// A service that records the order its calls take effect in.
final class Ledger: Sendable {
    static let interface = "org.example.Ledger1"
    private let entries = Mutex<[String]>([])
    /// Opens the gates of `Slow` and `Hold`.
    let gate = Gate()
    /// The members the capture gate was asked about, in order.
    let admitted = Mutex<[String]>([])
    /// What each `Peek` answered, in order.
    let peeks = Mutex<[[String]]>([])

    var all: [String] { entries.withLock { $0 } }

    func table() -> Interface {
        Interface(Self.interface, methods: [
            // Yields a few times before writing, so calls started at once would finish in any order.
            Method("Append", Arg<String>("entry")) { entry in
                for _ in 0..<3 { await Task.yield() }
                self.entries.withLock { $0.append(entry) }
            },
            Method("Read", returns: Arg<[String]>("entries")) { self.all },
            // A read that may be answered at once on the dispatch thread: it says (and records) where it ran, and what it read.
            Method.read("Peek", returns: Arg<[String]>("entries")) {
                let seen = [RecognisableExecutor.isCurrent ? "in the lane" : "at once"] + self.all
                self.peeks.withLock { $0.append(seen) }
                return seen
            },
            // A slow tail: it has taken effect (written) and lets the calls behind it go, then waits.
            Method("Slow", returns: Arg<String>("done")) {
                self.entries.withLock { $0.append("slow") }
                Turn.passCurrent()
                self.gate.handlerStarted()
                await self.gate.waitUntilOpen()
                return "done"
            },
            // Holds its turn until the gate opens: the calls behind it wait.
            Method("Hold") {
                self.gate.handlerStarted()
                await self.gate.waitUntilOpen()
                self.entries.withLock { $0.append("held") }
            },
            // A change the service makes on the spot: at once on the dispatch thread when nothing is before it,
            // else in the lane; the entry says which.
            Method("Note", Arg<String>("entry"), returns: Arg<Bool>("done"), atOnce: { entry in
                self.entries.withLock { $0.append("\(entry) at once") }
                return true
            }) { entry in
                self.entries.withLock { $0.append("\(entry) \(RecognisableExecutor.isCurrent ? "in the lane" : "elsewhere")") }
                return true
            },
            Method("Catalog", returns: Arg<String>("text"), order: .anyOrder) {
                "\(self.all.count) entries"
            },
            Method("OnTheServingActor", returns: Arg<Bool>("yes")) { RecognisableExecutor.isCurrent },
            Method("AdmittedOnTheServingActor", Arg<String>("who"), Arg<Int32>("times"), returns: Arg<Bool>("yes"),
                   captures: .always) { _, _ in RecognisableExecutor.isCurrent },
            Method("Film", captures: .always) {},
            Method("Maybe", Arg<Bool>("films"), captures: .when { $0 }) { _ in },
            Method("Ask", Arg<Bool>("films"), captures: .askedByHandler) { films in
                guard films, let call = MethodCall.current else { return }
                try await call.admitted {}
            },
            Method("Plain") {},
        ], properties: [
            Property("Count", "i") { .int32(Int32(self.all.count)) },
            Property("ReadOnTheServingActor", "b") { .bool(RecognisableExecutor.isCurrent) },
        ])
    }

    /// Refuses `Film`, admits every other call it is asked about, and records each.
    func install(on server: ObjectServer) { server.guardCaptures(with: admit) }

    func admit(_ call: MethodCall, _ proceed: nonisolated(nonsending) @Sendable () async throws -> Void,
               isolation: isolated (any Actor)?) async throws {
        admitted.withLock { $0.append(call.member) }
        guard call.member != "Film" else { throw DBusError(name: "org.example.Error.NotAllowed", message: "No filming.") }
        try await proceed()
    }
}

@Suite struct CallOrderTests {
    static func fixture(_ ledger: Ledger, on actor: (any Actor)? = ServingActor()) async throws -> BusFixture {
        let fixture = try await BusFixture(interfaces: [ledger.table()], servingCallsOn: actor)
        ledger.install(on: fixture.objects)
        return fixture
    }

    /// 200 calls sent without waiting for a reply, then one that waits: they took effect in the order sent.
    @Test func callsSentWithoutWaitingTakeEffectInTheOrderSent() async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let proxy = fixture.proxy(Ledger.interface)
        let sent = (0..<200).map { "entry \($0)" }
        for entry in sent { try proxy.send("Append", [.string(entry)]) }
        #expect(try await proxy.call("Read") == [.strings(sent)])
    }

    /// A property read behind a call that changes it reads the change.
    @Test func aPropertyReadBehindAChangeReadsIt() async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let proxy = fixture.proxy(Ledger.interface)
        for round in 1...20 {
            try proxy.send("Append", [.string("entry \(round)")])
            #expect(try await proxy.get("Count") == .int32(Int32(round)))
        }
    }

    /// Two processes, as a script runs them: `busctl --expect-reply=no` then another `busctl` that waits. The
    /// second always sees what the first did — an ordered call (`Read`), and a read answered at once when
    /// nothing is before it or in the lane when something is (`Peek`).
    @Test(arguments: ["Read", "Peek"]) func aCallFromAnotherProcessSeesTheCallSentBeforeIt(reader: String) async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let busctl = ["--address=\(fixture.bus.address)", "call"]
        let target = [BusFixture.name, BusFixture.path, Ledger.interface]
        for round in 0..<32 {
            let sent = try await runTool("/usr/bin/busctl", busctl + ["--expect-reply=no"] + target + ["Append", "s", "entry \(round)"])
            #expect(sent.status == 0, "\(sent.stderr)")
            let read = try await runTool("/usr/bin/busctl", busctl + target + [reader])
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout.hasSuffix("\"entry \(round)\"\n"), "round \(round): \(read.stdout)")
        }
        #expect(ledger.all == (0..<32).map { "entry \($0)" })
    }

    /// A call in its slow tail (it passed its turn) holds nothing up; the ones behind it run and answer.
    @Test func aCallInItsSlowTailHoldsNothingUp() async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let proxy = fixture.proxy(Ledger.interface)
        let slow = Task { try await proxy.call("Slow", timeout: .seconds(60)) }
        await ledger.gate.waitForAHandler()
        try await proxy.call("Append", ["behind"])
        #expect(try await proxy.call("Read", timeout: .seconds(10)) == [.strings(["slow", "behind"])])
        ledger.gate.open()
        #expect(try await slow.value == ["done"])
    }

    /// A call that holds its turn makes the ones behind it wait — but not a row that shares nothing, nor Ping
    /// or Introspect.
    @Test func aCallHoldingItsTurnMakesOnlyOrderedCallsWait() async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let proxy = fixture.proxy(Ledger.interface)
        let held = Task { try await proxy.call("Hold", timeout: .seconds(60)) }
        await ledger.gate.waitForAHandler()
        let behind = Task { try await proxy.call("Read", timeout: .seconds(60)) }
        #expect(try await proxy.call("Catalog", timeout: .seconds(10)) == ["0 entries"])
        try await proxy.ping(timeout: .seconds(10))
        _ = try await proxy.introspect(timeout: .seconds(10))
        ledger.gate.open()
        _ = try await held.value
        #expect(try await behind.value == [.strings(["held"])], "the read waited for the held call to take effect")
    }

    /// A read is answered at once (not on the serving actor) when nothing is before it, and still sees every
    /// call sent before it: 200 calls sent without waiting, then the read.
    @Test func aReadAnsweredAtOnceSeesEveryCallBeforeIt() async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let proxy = fixture.proxy(Ledger.interface)
        #expect(try await proxy.call("Peek") == [.strings(["at once"])])
        let sent = (0..<200).map { "entry \($0)" }
        for entry in sent { try proxy.send("Append", [.string(entry)]) }
        let peeked = try await proxy.call("Peek")
        #expect(peeked == [.strings(["in the lane"] + sent)] || peeked == [.strings(["at once"] + sent)], "\(peeked)")
        try await proxy.call("Append", ["answered"])
        // The answer goes out first, then the call stops counting: a read close behind may still take the lane.
        #expect(await Wait.until(10) { try await proxy.call("Peek") == [.strings(["at once"] + sent + ["answered"])] },
                "a read behind an answered call is soon answered at once")
    }

    /// While a call holds its turn, a read waits in the lane behind it and reads what it did.
    @Test func aReadBehindACallHoldingItsTurnWaitsForIt() async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let proxy = fixture.proxy(Ledger.interface)
        let held = Task { try await proxy.call("Hold", timeout: .seconds(60)) }
        await ledger.gate.waitForAHandler()
        // Sent from here, before the gate opens; Catalog's answer says the server has read it.
        try proxy.send("Peek")
        #expect(try await proxy.call("Catalog", timeout: .seconds(10)) == ["0 entries"])
        #expect(ledger.peeks.withLock { $0 }.isEmpty, "the read waits for the held call")
        ledger.gate.open()
        _ = try await held.value
        _ = try await proxy.call("Read", timeout: .seconds(10))
        #expect(ledger.peeks.withLock { $0 } == [["in the lane", "held"]])
    }

    /// A change made on the spot (`atOnce`) is made at once when nothing is before it, and behind a call that
    /// holds its turn waits in the lane and takes effect after it.
    @Test func aChangeMadeAtOnceWaitsForTheCallHoldingItsTurn() async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let proxy = fixture.proxy(Ledger.interface)
        try await proxy.call("Note", ["first"])
        let held = Task { try await proxy.call("Hold", timeout: .seconds(60)) }
        await ledger.gate.waitForAHandler()
        // Sent from here, before the gate opens; Catalog's answer says the server has read it.
        try proxy.send("Note", ["behind"])
        #expect(try await proxy.call("Catalog", timeout: .seconds(10)) == ["1 entries"], "the change waits for the held call")
        ledger.gate.open()
        _ = try await held.value
        #expect(try await proxy.call("Read", timeout: .seconds(10)) == [.strings(["first at once", "held", "behind in the lane"])])
    }

    /// The handler of an ordered call runs on the actor the server was given (no hop to reach it), behind the
    /// capture gate too, and so do property reads.
    @Test func orderedCallsRunOnTheServingActor() async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let proxy = fixture.proxy(Ledger.interface)
        #expect(try await proxy.call("OnTheServingActor") == [.bool(true)])
        #expect(try await proxy.call("AdmittedOnTheServingActor", ["me", .int32(2)]) == [.bool(true)])
        #expect(try await proxy.get("ReadOnTheServingActor") == .bool(true))
    }

    /// The capture gate hears exactly the calls whose row says they capture, and refuses what it refuses.
    @Test func theCaptureGateReadsTheRows() async throws {
        let ledger = Ledger()
        let fixture = try await Self.fixture(ledger)
        defer { fixture.close() }
        let proxy = fixture.proxy(Ledger.interface)
        await expectDBusError("org.example.Error.NotAllowed") { _ = try await proxy.call("Film") }
        _ = try await proxy.call("Maybe", [.bool(false)])
        _ = try await proxy.call("Maybe", [.bool(true)])
        _ = try await proxy.call("Ask", [.bool(false)])
        _ = try await proxy.call("Ask", [.bool(true)])
        _ = try await proxy.call("Plain")
        #expect(ledger.admitted.withLock { $0 } == ["Film", "Maybe", "Ask"])
    }
}

/// The lane on its own: turns, passing, stepping aside.
@Suite struct CallLaneTests {
    /// Runs `work` as a call of `lane`; the task answers when it is done.
    static func call(_ lane: CallLane, _ work: @escaping @Sendable (_ actor: isolated any Actor) async -> Void) -> Task<Void, Never> {
        let (done, finish) = AsyncStream.makeStream(of: Void.self)
        lane.submit { actor in
            await work(actor)
            finish.finish()
        }
        return Task { for await _ in done {} }
    }

    @Test func aCallThatStepsAsideTakesEffectAfterTheCallsThatCameMeanwhile() async {
        let lane = CallLane()
        let server = Task { await lane.serve(on: ServingActor()) }
        defer { lane.finish(); server.cancel() }
        let order = Mutex<[String]>([])
        let answer = Gate()
        let first = Self.call(lane) { _ in
            // Asks another program, and lets the lane go on meanwhile.
            await Turn.stepAside { answer.handlerStarted(); await answer.waitUntilOpen() }
            order.withLock { $0.append("first") }
        }
        await answer.waitForAHandler()
        let second = Self.call(lane) { _ in order.withLock { $0.append("second") } }
        await second.value
        answer.open()
        await first.value
        #expect(order.withLock { $0 } == ["second", "first"])
    }

    /// A task-local value of the call running in this task, to see whether it reaches other calls.
    @TaskLocal static var label: String?

    @Test func theCallsBehindACallThatPassedRunWithoutItsTaskLocalValues() async {
        let lane = CallLane()
        let server = Task { await lane.serve(on: ServingActor()) }
        defer { lane.finish(); server.cancel() }
        let tail = Gate()
        let firstTurn = Mutex<Turn?>(nil)
        let first = Self.call(lane) { _ in
            await Self.$label.withValue("first") {
                firstTurn.withLock { $0 = Turn.current }
                Turn.passCurrent()
                tail.handlerStarted()
                await tail.waitUntilOpen()
            }
        }
        await tail.waitForAHandler()
        let seen = Mutex<(label: String?, ownTurn: Bool)?>(nil)
        await Self.call(lane) { _ in
            let ownTurn = Turn.current != nil && Turn.current !== firstTurn.withLock({ $0 })
            seen.withLock { $0 = (Self.label, ownTurn) }
        }.value
        #expect(seen.withLock { $0?.label } == .some(nil), "the call behind saw the first call's task-local value")
        #expect(seen.withLock { $0?.ownTurn } == true, "the call behind ran without a turn of its own")
        tail.open()
        await first.value
    }

    /// Calls that pass their turn early and calls that never do, mixed: each takes effect in the order
    /// submitted, on the serving actor, and the lane goes on after the ones that passed have finished.
    @Test func callsThatPassAndCallsThatDoNotTakeEffectInOrderOnTheServingActor() async {
        let lane = CallLane()
        let server = Task { await lane.serve(on: ServingActor()) }
        defer { lane.finish(); server.cancel() }
        let order = Mutex<[Int]>([])
        let offActor = Mutex(0)
        let calls = (0..<60).map { index in
            Self.call(lane) { _ in
                if !RecognisableExecutor.isCurrent { offActor.withLock { $0 += 1 } }
                order.withLock { $0.append(index) }
                guard index % 3 == 0 else { return }
                Turn.passCurrent()
                for _ in 0..<3 { await Task.yield() }
                if !RecognisableExecutor.isCurrent { offActor.withLock { $0 += 1 } }
            }
        }
        for call in calls { await call.value }
        #expect(order.withLock { $0 } == Array(0..<60))
        #expect(offActor.withLock { $0 } == 0)
    }

    /// The lane is idle only when every call submitted has passed its turn or finished, and a call that
    /// stepped aside counts again once it queues for its new turn.
    @Test func theLaneIsIdleOnlyWhenEveryCallHasTakenEffect() async {
        let lane = CallLane()
        #expect(lane.isIdle)
        let holding = Gate(), tail = Gate(), answer = Gate()
        let held = Self.call(lane) { _ in holding.handlerStarted(); await holding.waitUntilOpen() }
        #expect(!lane.isIdle, "submitted, not yet served")
        let server = Task { await lane.serve(on: ServingActor()) }
        defer { lane.finish(); server.cancel() }
        await holding.waitForAHandler()
        #expect(!lane.isIdle, "the call holds its turn")
        holding.open()
        await held.value
        #expect(await Wait.until(10) { lane.isIdle }, "the call finished")
        let passed = Self.call(lane) { _ in Turn.passCurrent(); tail.handlerStarted(); await tail.waitUntilOpen() }
        await tail.waitForAHandler()
        #expect(lane.isIdle, "a call in its slow tail has taken effect")
        tail.open()
        await passed.value
        let asking = Self.call(lane) { _ in await Turn.stepAside { answer.handlerStarted(); await answer.waitUntilOpen() } }
        await answer.waitForAHandler()
        #expect(lane.isIdle, "a call that stepped aside waits for another program, not for a turn")
        answer.open()
        await asking.value
        #expect(await Wait.until(10) { lane.isIdle }, "it took its new turn and finished")
    }

    @Test func callsRunOnTheServingActor() async {
        let lane = CallLane()
        let server = Task { await lane.serve(on: ServingActor()) }
        defer { lane.finish(); server.cancel() }
        let seen = Mutex<Bool?>(nil)
        await Self.call(lane) { _ in seen.withLock { $0 = RecognisableExecutor.isCurrent } }.value
        #expect(seen.withLock { $0 } == true)
    }

    @Test func withoutALaneTurnsDoNothing() async {
        #expect(Turn.current == nil)
        Turn.passCurrent()
        #expect(await Turn.stepAside { 7 } == 7)
    }
}
