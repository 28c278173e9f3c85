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

    /// Blocks the calling thread until nothing runs or waits on the actor.
    nonisolated func waitUntilIdle() {
        let idle = DispatchSemaphore(value: 0)
        executor.whenIdle { idle.signal() }
        idle.wait()
    }

    /// Returns once nothing runs or waits on the actor.
    nonisolated func untilIdle() async { await executor.untilIdle() }

    /// Runs `work` isolated to the actor on the calling thread when nothing runs or waits on it; nil otherwise.
    nonisolated func enter<T: Sendable>(_ work: @Sendable (isolated EnterableActor) -> T) -> T? {
        executor.runIfIdle { assumeIsolated { work($0) } }
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
        await actor.untilIdle()
        #expect(actor.appendAtOnce("after"))
        #expect(await actor.entries == ["after"])
    }

    /// Jobs and threads entering at once, from many sides: never two at the same moment, nothing lost, and the
    /// threads did get in (each tries 2,000 times, then, until it has, waits for the actor to be idle and tries).
    @Test func jobsAndThreadsThatEnterNeverOverlap() async {
        let actor = EnterableActor()
        // Each thread answers how often it entered when it is done; the jobs answer 0.
        let enteredCount = await withTaskGroup(of: Int.self) { group in
            for side in 0..<2 {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
                        Thread {
                            // The jobs may keep the actor busy throughout the 2,000 tries; then each wait for
                            // idle is ended by a job or by the other thread leaving, and the jobs are finite.
                            var entered = 0, index = 0
                            while index < 2_000 || entered == 0 {
                                if index >= 2_000 { actor.waitUntilIdle() }
                                if actor.appendAtOnce("thread \(side) \(index)") { entered += 1 }
                                index += 1
                            }
                            done.resume(returning: entered)
                        }.start()
                    }
                }
            }
            for index in 0..<2_000 { group.addTask { await actor.append("job \(index)"); return 0 } }
            return await group.reduce(0, +)
        }
        #expect(enteredCount > 0)
        #expect(await actor.overlaps == 0)
        #expect(await actor.entries.count == 2_000 + enteredCount)
    }

    /// A job enqueued while a thread has entered waits for it: a second entry is refused, the job has not run
    /// when the thread leaves, and runs after it.
    @Test func aJobEnqueuedWhileEnteredRunsWhenTheThreadLeaves() async {
        let actor = EnterableActor()
        let job = Mutex<Task<Void, Never>?>(nil)
        let seen = await withCheckedContinuation { (answer: CheckedContinuation<(nestedEntered: Bool, ranBeforeLeaving: [String])?, Never>) in
            Thread {
                answer.resume(returning: actor.enter { isolated in
                    let started = DispatchSemaphore(value: 0)
                    job.withLock { $0 = Task.detached { started.signal(); await actor.append("job") } }
                    started.wait()
                    let nestedEntered = actor.appendAtOnce("nested")
                    return (nestedEntered, isolated.entries)
                })
            }.start()
        }
        #expect(seen?.nestedEntered == false)
        #expect(seen?.ranBeforeLeaving == [])
        await job.withLock { $0 }?.value
        #expect(job.withLock { $0 } != nil)
        #expect(await actor.entries == ["job"])
    }
}
