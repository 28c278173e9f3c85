import DBus
import RetrocamTesting
import Foundation
import Testing

/// A private bus with a service connection (owning `name`, serving `interfaces` at `path`)
/// and a separate client connection.
final class BusFixture: Sendable {
    static let name = "org.example.Test"
    static let path = "/org/example/Test"

    let bus: PrivateBus
    let service: Connection
    let client: Connection
    let objects: ObjectServer

    init(interfaces: [Interface], path: String = BusFixture.path, servingCallsOn actor: (any Actor)? = nil) async throws {
        bus = try PrivateBus()
        service = try bus.connect()
        client = try bus.connect()
        objects = ObjectServer(connection: service, servingCallsOn: actor)
        if !interfaces.isEmpty { try objects.register(path, interfaces: interfaces) }
        guard try await service.requestName(BusFixture.name) else { throw DBusError.failed("the test name was taken") }
    }

    /// A proxy on the client connection.
    func proxy(_ interface: String, path: String = BusFixture.path) -> Proxy {
        Proxy(connection: client, destination: BusFixture.name, path: path, interface: interface)
    }

    func close() {
        client.close()
        service.close()
        bus.stop()
    }
}

/// The outcome of running a command-line tool.
/// Runs `executable` on a thread of its own and awaits its exit: blocking a thread of the
/// two-thread cooperative pool would starve the service's handler tasks.
func runTool(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) async throws -> ProcessOutput {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(with: Result { try runToolBlocking(executable, arguments, environment: environment) })
        }.start()
    }
}

/// Runs `executable` with `arguments` (and `environment`), blocking until it exits.
func runToolBlocking(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> ProcessOutput {
    try ProcessRunner.run(executable, arguments, environment: environment, timeout: 120)
}

/// Expects `body` to throw a `DBusError` named `name`, and returns it for further checks.
@discardableResult
func expectDBusError(_ name: String, sourceLocation: SourceLocation = #_sourceLocation,
                     _ body: () async throws -> Void) async -> DBusError? {
    do {
        try await body()
        Issue.record("expected \(name), but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as DBusError {
        #expect(error.name == name, "\(error)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected \(name), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Collects values delivered on another thread, for tests that wait for signals.
final class Inbox<T: Sendable>: @unchecked Sendable {
    private var items: [T] = []
    private let lock = NSLock()

    func put(_ item: T) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [T] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    /// Waits up to `seconds` for at least `count` items.
    func wait(for count: Int = 1, seconds: Double = 30) async -> [T] {
        await Wait.until(seconds) { all.count >= count }
        return all
    }
}
