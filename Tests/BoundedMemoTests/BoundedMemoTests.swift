import BoundedMemo
import Synchronization
import Testing

/// The memo answers from memory what it worked out before, never holds more than its bound, and keeps no error.
@Suite struct BoundedMemoTests {
    @Test func anAnswerWorkedOutOnceIsGivenAgainWithoutTheWork() {
        let memo = BoundedMemo<String, Int>(capacity: 4)
        let runs = Atomic(0)
        let work = { runs.add(1, ordering: .relaxed); return 42 }
        #expect(memo.answer(for: "a", work) == 42)
        #expect(memo.answer(for: "a", work) == 42)
        #expect(runs.load(ordering: .relaxed) == 1)
    }

    @Test func manyKeysNeverGrowItPastItsBound() {
        let memo = BoundedMemo<Int, Int>(capacity: 8)
        for key in 0..<1000 {
            #expect(memo.answer(for: key) { key * 2 } == key * 2)
            #expect(memo.count <= 8)
        }
    }

    @Test func aKeyWorkedOutAgainWhenFullDoesNotEmptyIt() {
        let memo = BoundedMemo<Int, Int>(capacity: 2)
        _ = memo.answer(for: 1) { 1 }
        _ = memo.answer(for: 2) { 2 }
        // Two threads may work out the same new key at once; the second keeping it finds it there already.
        _ = memo.answer(for: 2) { 2 }
        #expect(memo.count == 2)
    }

    @Test func aThrownErrorIsNotKept() {
        struct Refused: Error {}
        let memo = BoundedMemo<String, Int>(capacity: 4)
        #expect(throws: Refused.self) { try memo.answer(for: "bad") { throw Refused() } }
        #expect(memo.count == 0)
        #expect(memo.answer(for: "bad") { 1 } == 1)
    }

    @Test func threadsAskingAtOnceAllGetTheAnswer() async {
        let memo = BoundedMemo<Int, Int>(capacity: 16)
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask { memo.answer(for: index % 40) { (index % 40) + 1 } == (index % 40) + 1 }
            }
            for await right in group { #expect(right) }
        }
        #expect(memo.count <= 16)
    }
}
