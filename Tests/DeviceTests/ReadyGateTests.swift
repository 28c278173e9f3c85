import Testing
@testable import Device

/// Callers wait for the engine to start, and none is left behind when it has.
@Suite struct ReadyGateTests {
    @Test(.timeLimit(.minutes(1))) func everyCallerWaitingWhenTheGateOpensGoesOn() async {
        let gate = ReadyGate()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 { group.addTask { await gate.wait() } }
            // Opened while some callers are still arriving: each is either let go or let through.
            group.addTask { gate.open() }
            for _ in 0..<200 { group.addTask { await gate.wait() } }
        }
    }

    @Test(.timeLimit(.minutes(1))) func aCallerAfterTheGateOpenedGoesThrough() async {
        let gate = ReadyGate()
        gate.open()
        gate.open()
        await gate.wait()
        await gate.wait()
    }
}
