@testable import Blocking
import Foundation
import Synchronization
import Testing

/// A gate that blocking work waits at (a read on a pipe) until the test opens it: work that really
/// blocks a thread, as a stalled disk or a GStreamer state change does.
final class Gate: Sendable {
    private let ends: (read: Int32, write: Int32)

    init() {
        var pair: [Int32] = [0, 0]
        precondition(pipe(&pair) == 0)
        ends = (pair[0], pair[1])
    }

    deinit {
        close(ends.read)
        close(ends.write)
    }

    /// Blocks the calling thread until `open` lets one waiter through.
    func pass() {
        var byte: UInt8 = 0
        _ = read(ends.read, &byte, 1)
    }

    /// Lets `count` waiters through.
    func open(_ count: Int = 1) {
        let bytes = [UInt8](repeating: 1, count: count)
        _ = write(ends.write, bytes, count)
    }
}

/// How many pieces of work ran at once, at most.
final class Concurrency: Sendable {
    private let counts = Mutex((now: 0, most: 0))
    func enter() { counts.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
    func leave() { counts.withLock { $0.now -= 1 } }
    var most: Int { counts.withLock { $0.most } }
}

@Suite struct BlockingPoolTests {
    @Test func workAnswersItsResultAndItsError() async throws {
        let pool = BlockingPool(name: "test-answers", maximumThreads: 2)
        #expect(try await pool.run("adding") { 40 + 2 } == 42)
        struct Refused: Error, Equatable {}
        await #expect(throws: Refused()) { try await pool.run("refusing") { throw Refused() } }
        await pool.shutdown()
    }

    @Test func moreWorkThanThreadsWaitsInLineAndTheBoundHolds() async throws {
        let pool = BlockingPool(name: "test-bound", maximumThreads: 2)
        let gate = Gate()
        let concurrency = Concurrency()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<6 {
                group.addTask {
                    try await pool.run("waiting at the gate") {
                        concurrency.enter()
                        defer { concurrency.leave() }
                        gate.pass()
                        return index
                    }
                }
            }
            gate.open(6)
            var answered: Set<Int> = []
            for try await index in group { answered.insert(index) }
            #expect(answered == Set(0..<6))
        }
        #expect(concurrency.most <= 2)
        #expect(pool.statistics.started <= 2, "threads are started only up to the bound")
        await pool.shutdown()
        #expect(pool.statistics.threads == 0)
    }

    @Test func aTimeoutAnswersWhileTheWorkIsStillStuck() async throws {
        let pool = BlockingPool(name: "test-timeout", maximumThreads: 1)
        let gate = Gate()
        do {
            _ = try await pool.run("moving the take to the Trash", timeout: .milliseconds(200)) { gate.pass() }
            Issue.record("stuck work answered")
        } catch let error as BlockingPoolError {
            #expect(error == .timedOut(what: "moving the take to the Trash", after: .milliseconds(200)))
            #expect(error.description == "Moving the take to the Trash did not finish within 0.2 seconds.")
        }
        gate.open()
        // The stuck work finished behind the answer; the pool serves again.
        #expect(try await pool.run("after") { "free" } == "free")
        await pool.shutdown()
    }

    /// Work that blocks every thread of the pool leaves Swift's cooperative threads free: tasks go on.
    @Test func blockedWorkNeverHoldsTheCooperativeThreads() async throws {
        let threads = ProcessInfo.processInfo.activeProcessorCount + 2
        let pool = BlockingPool(name: "test-cooperative", maximumThreads: threads)
        let gate = Gate()
        let stuck = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<threads { group.addTask { try await pool.run("blocking") { gate.pass() } } }
                try await group.waitForAll()
            }
        }
        // More blocked calls than cooperative threads, and still other tasks run to the end.
        let sum = await withTaskGroup(of: Int.self) { group in
            for value in 1...100 { group.addTask { await Task.yield(); return value } }
            return await group.reduce(0, +)
        }
        #expect(sum == 5050)
        gate.open(threads)
        try await stuck.value
        await pool.shutdown()
    }

    @Test func aShutDownPoolRefusesNewWorkWithASentence() async throws {
        let pool = BlockingPool(name: "test-shutdown", maximumThreads: 2)
        _ = try await pool.run("warming up") { 1 }
        await pool.shutdown()
        #expect(pool.statistics.threads == 0)
        await #expect(throws: BlockingPoolError.shutDown(what: "saving the settings")) {
            try await pool.run("saving the settings") { 1 }
        }
        #expect(BlockingPoolError.shutDown(what: "saving the settings").description
            == "Saving the settings was not done: the camera is stopping.")
    }
}

@Suite struct DescriptorWatcherTests {
    @Test func aWaitEndsWhenThePipeHasDataAndTimesOutWhenItHasNone() async throws {
        let pool = BlockingPool(name: "test-watch", maximumThreads: 1)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(try await pool.descriptors.wait(for: .readable, on: ends[0], timeout: .milliseconds(100)) == false)
        let (read, write) = (ends[0], ends[1])
        async let ready = pool.descriptors.wait(for: .readable, on: read, timeout: .seconds(30))
        var byte: UInt8 = 7
        _ = Glibc.write(write, &byte, 1)
        #expect(try await ready == true)
        #expect(try await pool.descriptors.wait(for: .writable, on: write) == true)
        await pool.shutdown()
    }

    @Test func aCancelledWaitEndsAtOnceAndAShutDownEndsTheRest() async throws {
        let pool = BlockingPool(name: "test-watch-cancel", maximumThreads: 1)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let read = ends[0]
        let cancelled = Task { try await pool.descriptors.wait(for: .readable, on: read) }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        let waiting = Task { try await pool.descriptors.wait(for: .readable, on: read) }
        await Task.yield()
        await pool.shutdown()
        await #expect(throws: BlockingPoolError.self) { try await waiting.value }
    }

    /// Waits cancelled while the watcher shuts down, again and again: its wake-up pipe is written to and closed under
    /// one lock, so no wake reaches a pipe whose reading end is closed (which killed the test process with SIGPIPE
    /// once) or a descriptor number reused since.
    @Test func wakesBesideAShutDownNeverWriteToAClosedPipe() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let read = ends[0]
        for round in 0..<200 {
            let pool = BlockingPool(name: "test-watch-race-\(round)", maximumThreads: 1)
            let waits = (0..<3).map { _ in Task { try await pool.descriptors.wait(for: .readable, on: read) } }
            waits[0].cancel()
            await Task.yield()
            await pool.shutdown()
            waits[1].cancel()
            for wait in waits { _ = try? await wait.value }
            #expect(pool.descriptors.count == 0)
        }
    }
}
