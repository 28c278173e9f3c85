import DBus
import Foundation
import RetrocamTesting
import Testing

/// Unix file descriptors a peer sends are never leaked: the object server closes the ones a call
/// carries after its handler (whatever the handler did, wherever in the arguments they were), and
/// replies and signals close theirs on receipt.
@Suite(.serialized) struct DescriptorTests {
    /// This process's open descriptors.
    static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }

    static func pipeEnds() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        precondition(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    /// Waits (bounded) until the descriptor count is back at most at `limit`; the count then.
    static func settle(to limit: Int) async -> Int {
        await Wait.until(30) { openDescriptors() <= limit }
        return openDescriptors()
    }

    struct Shape: Sendable, CustomStringConvertible {
        let description: String
        let signature: String
        let wrap: @Sendable (Int32) -> Value
    }

    static let shapes: [Shape] = [
        Shape(description: "a bare h", signature: "h") { .unixFD($0) },
        Shape(description: "a variant", signature: "v") { .variant(.unixFD($0)) },
        Shape(description: "an a{sv}", signature: "a{sv}") { .stringDict(["fd": .unixFD($0), "name": .string("x")]) },
        Shape(description: "an array in a struct in a variant", signature: "v") {
            .variant(.structure([.string("x"), .array("h", [.unixFD($0), .unixFD($0)])]))
        },
    ]

    @Test(arguments: shapes)
    func descriptorsInArgumentsAreClosedAfterTheHandler(_ shape: Shape) async throws {
        let fixture = try await BusFixture(interfaces: [Interface("org.example.Sink", methods: [
            Method("Take", in: [Argument("thing", try! Signature(shape.signature))]) { call in
                // Open while the handler runs.
                for fd in Value.descriptors(in: call.arguments) { #expect(fcntl(fd, F_GETFD) >= 0) }
                return []
            },
            Method("Refuse", in: [Argument("thing", try! Signature(shape.signature))]) { _ in
                throw DBusError.invalidArgs("no thanks")
            },
        ])])
        defer { fixture.close() }
        let proxy = fixture.proxy("org.example.Sink")
        let ends = Self.pipeEnds()
        defer { close(ends.read); close(ends.write) }
        _ = try await proxy.call("Take", [shape.wrap(ends.write)])
        let before = Self.openDescriptors()
        for index in 0..<300 {
            do { _ = try await proxy.call(index % 2 == 0 ? "Take" : "Refuse", [shape.wrap(ends.write)]) } catch {}
        }
        let after = await Self.settle(to: before)
        #expect(after <= before, "\(before) descriptors before 300 calls carrying \(shape), \(after) after")
    }

    @Test func descriptorsInRepliesAreClosedOnReceipt() async throws {
        let ends = Self.pipeEnds()
        defer { close(ends.read); close(ends.write) }
        let fixture = try await BusFixture(interfaces: [Interface("org.example.Source", methods: [
            Method("Give", out: [Argument("thing", "v")]) { _ in [.variant(.unixFD(ends.write))] },
        ])])
        defer { fixture.close() }
        let proxy = fixture.proxy("org.example.Source")
        _ = try await proxy.call("Give")
        let before = Self.openDescriptors()
        for _ in 0..<300 {
            let reply = try await proxy.call("Give")
            #expect(Value.descriptors(in: reply) == [-1])
        }
        let after = await Self.settle(to: before)
        #expect(after <= before, "\(before) descriptors before 300 replies carrying one, \(after) after")
    }

    @Test func aCallOfTheWrongSignatureCarryingDescriptorsLeaksNone() async throws {
        let fixture = try await BusFixture(interfaces: [Interface("org.example.Sink", methods: [
            Method("Name", in: [Argument("name", "s")]) { _ in [] },
        ])])
        defer { fixture.close() }
        let proxy = fixture.proxy("org.example.Sink")
        let ends = Self.pipeEnds()
        defer { close(ends.read); close(ends.write) }
        let before = Self.openDescriptors()
        for _ in 0..<200 {
            await expectDBusError(DBusError.Names.invalidArgs) { _ = try await proxy.call("Name", [.unixFD(ends.write)]) }
        }
        let after = await Self.settle(to: before)
        #expect(after <= before, "\(before) before, \(after) after")
    }
}
