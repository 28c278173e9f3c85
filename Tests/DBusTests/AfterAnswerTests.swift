import CallOrder
import Synchronization
import Testing

/// Work left until a call's answer has gone out runs after the answer, in order, and is never lost.
@Suite struct AfterAnswerTests {
    @Test func outsideAnAnswerWorkRunsAtOnce() {
        let ran = Mutex(false)
        AfterAnswer.run { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
    }

    @Test func workKeptWhileAnsweringRunsAfterTheAnswerInOrder() {
        let log = Mutex<[String]>([])
        let answer = AfterAnswer.answering { () -> Int in
            AfterAnswer.run { log.withLock { $0.append("first kept") } }
            AfterAnswer.run { log.withLock { $0.append("second kept") } }
            log.withLock { $0.append("answer sent") }
            return 42
        }
        #expect(answer == 42)
        #expect(log.withLock { $0 } == ["answer sent", "first kept", "second kept"])
    }

    @Test func workKeptBeforeAnAnswerThrowsStillRuns() {
        struct Refused: Error {}
        let ran = Mutex(false)
        #expect(throws: Refused.self) {
            try AfterAnswer.answering {
                AfterAnswer.run { ran.withLock { $0 = true } }
                throw Refused()
            }
        }
        #expect(ran.withLock { $0 })
    }

    @Test func aTaskStartedWhileAnsweringRunsItsLaterWorkAtOnce() async {
        // The task inherits the scope; work it hands over once the scope has ended must run, not be kept forever.
        let (released, release) = AsyncStream<Void>.makeStream()
        let task = AfterAnswer.answering {
            Task { () -> Bool in
                for await _ in released { break }
                let ran = Mutex(false)
                AfterAnswer.run { ran.withLock { $0 = true } }
                return ran.withLock { $0 }
            }
        }
        release.yield()
        #expect(await task.value)
    }
}
