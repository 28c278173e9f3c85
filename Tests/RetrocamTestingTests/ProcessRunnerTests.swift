import Foundation
import RetrocamTesting
import Testing

/// The runner the tests start programs with: it says itself when it had to kill one.
@Suite struct ProcessRunnerTests {
    @Test func aProgramThatOutlivesItsTimeIsKilledAndSaysSo() throws {
        // Prints, then sleeps far past its time.
        let output = try ProcessRunner.run("/bin/sh", ["-c", "echo started; exec sleep 600"], timeout: 0.5)
        #expect(output.timedOut)
        #expect(output.status == SIGKILL)
        #expect(output.text == "started", "what it wrote before it was killed is kept")
        #expect(output.ending == "killed: ran out of time")
    }

    @Test func aProgramKilledByAnotherHandIsNotATimeout() throws {
        let output = try ProcessRunner.run("/bin/sh", ["-c", "kill -KILL $$"], timeout: 60)
        #expect(output.status == SIGKILL)
        #expect(!output.timedOut, "a SIGKILL status alone does not mean the runner's time ran out")
        #expect(output.ending == "exit 9")
    }

    /// A program run leaves none of its pipes open here (stdin, stdout, stderr and Foundation's own).
    @Test func aProgramRunLeavesNoDescriptorOpen() throws {
        // The first run also opens what Foundation keeps for every later one (its process manager's).
        _ = try ProcessRunner.run("/bin/true", [])
        let before = OpenDescriptors.current.count
        for _ in 0..<10 {
            let output = try ProcessRunner.run("/bin/sh", ["-c", "read line; echo \"$line\"; echo err >&2"], input: "in\n")
            #expect(output.text == "in" && output.stderr == "err\n")
        }
        // Foundation closes its socket to the child on its own thread, once it has reaped the child.
        #expect(Wait.blockingUntil(10) { OpenDescriptors.current.count <= before },
                "open descriptors: \(OpenDescriptors.current.count), before the runs: \(before)")
    }

    @Test func aProgramThatEndsInTimeIsNotATimeout() throws {
        let output = try ProcessRunner.run("/bin/sh", ["-c", "read line; echo \"$line\"; exit 3"], input: "hello\n", timeout: 60)
        #expect(!output.timedOut)
        #expect(output.status == 3 && output.text == "hello")
        #expect(output.ending == "exit 3")
    }
}
