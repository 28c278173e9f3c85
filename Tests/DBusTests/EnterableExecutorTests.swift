import CallOrder
import Foundation
import RetrocamTesting
import Synchronization
import Testing

/// An actor on an `EnterableExecutor`: its jobs and the threads that enter it record whether anything else
/// ran on it at the same moment.
actor EnterableActor {
    private let executor = EnterableExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// What ran on the actor, in order.
    private(set) var entries: [String] = []
    /// True while something runs on the actor.
    private var inside = false
    /// How many times something found the actor already occupied.
    private(set) var overlaps = 0
    /// What the busy work of `occupy` adds up to.
    private var sum = 0

    /// Records `entry`, staying a while on the actor, as a job.
    func append(_ entry: String) { occupy(entry) }

    /// Records `entry` from the calling thread when nothing runs or waits on the actor; false otherwise.
    nonisolated func appendAtOnce(_ entry: String) -> Bool {
        executor.runIfIdle { assumeIsolated { $0.occupy(entry) } } != nil
    }

    /// Runs on the actor until `release` opens, after telling `started`.
    func hold(started: Gate, release: Gate) async {
        inside = true
        started.handlerStarted()
        // Blocks this job's thread (the executor's own worker, not the cooperative pool): the actor stays busy.
        let released = DispatchSemaphore(value: 0)
        Task.detached { await release.waitUntilOpen(); released.signal() }
        released.wait()
        inside = false
    }

    private func occupy(_ entry: String) {
        if inside { overlaps += 1 }
        inside = true
        // Long enough for another thread to run into it, were it let in.
        for step in 0..<2_000 { sum &+= step &* 31 }
        entries.append(entry)
        inside = false
    }
}

@Suite struct EnterableExecutorTests {
    /// A thread that is not Swift's (as the bus's dispatch thread) enters an idle actor and runs isolated to it.
    @Test func aThreadOutsideSwiftsPoolEntersAnIdleActor() async {
        let actor = EnterableActor()
        let entered = await withCheckedContinuation { (answer: CheckedContinuation<Bool, Never>) in
            Thread { answer.resume(returning: actor.appendAtOnce("at once")) }.start()
        }
        #expect(entered)
        #expect(await actor.entries == ["at once"])
    }

    /// While a job runs on the actor, nobody enters; once it is done, a thread may again.
    @Test func anActorRunningAJobIsNotEntered() async {
        let actor = EnterableActor()
        let started = Gate(), release = Gate()
        let holding = Task { await actor.hold(started: started, release: release) }
        await started.waitForAHandler()
        #expect(!actor.appendAtOnce("while held"))
        release.open()
        await holding.value
        #expect(await Wait.until(10) { actor.appendAtOnce("after") })
        #expect(await actor.entries == ["after"])
    }

    /// Jobs and threads entering at once, from many sides: never two at the same moment, nothing lost.
    @Test func jobsAndThreadsThatEnterNeverOverlap() async {
        let actor = EnterableActor()
        let enteredCount = Mutex(0)
        let threads = (0..<2).map { side in
            Thread {
                for index in 0..<2_000 where actor.appendAtOnce("thread \(side) \(index)") {
                    enteredCount.withLock { $0 += 1 }
                }
            }
        }
        threads.forEach { $0.start() }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<2_000 { group.addTask { await actor.append("job \(index)") } }
        }
        #expect(await Wait.until(30) { threads.allSatisfy(\.isFinished) })
        #expect(await actor.overlaps == 0)
        #expect(await actor.entries.count == 2_000 + enteredCount.withLock { $0 })
    }
}
