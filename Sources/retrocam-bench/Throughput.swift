import BusNames
import DBus
import Foundation
import Synchronization

/// Many clients at once: calls per second and errors, and the daemon's memory before and after.
enum Throughput {
    /// `clients` connections on their own threads make `totalCalls` calls between them
    /// (SetDegree, Describe and a property read in turn), as fast as answers come.
    static func run(_ daemon: BenchDaemon, clients: Int, totalCalls: Int) throws -> [String] {
        let connections = try (0..<clients).map { _ in try daemon.bus.connect() }
        defer { connections.forEach { $0.close() } }
        let rssBefore = daemon.residentKiB
        let perClient = max(1, totalCalls / clients)
        let errors = Counter(), done = DispatchGroup()
        let clock = ContinuousClock()
        let start = clock.now
        for (number, connection) in connections.enumerated() {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                for index in 0..<perClient {
                    do {
                        switch (index + number) % 3 {
                        case 0:
                            _ = try connection.callSync(destination: BusContract.busName, path: BusContract.objectPath,
                                                        interface: BusContract.intentsInterface, method: "SetDegree",
                                                        [.string("\(index % 12 + 1)")], timeout: .seconds(30))
                        case 1:
                            _ = try connection.callSync(destination: BusContract.busName, path: BusContract.objectPath,
                                                        interface: BusContract.cameraInterface, method: "Describe",
                                                        [.string("zoom")], timeout: .seconds(30))
                        default:
                            _ = try connection.callSync(destination: BusContract.busName, path: BusContract.objectPath,
                                                        interface: "org.freedesktop.DBus.Properties", method: "Get",
                                                        [.string(BusContract.cameraInterface), .string("Degree")], timeout: .seconds(30))
                        }
                    } catch {
                        errors.add(error)
                    }
                }
            }
        }
        done.wait()
        let elapsed = clock.now - start
        let seconds = elapsed.seconds
        let calls = perClient * clients
        // Let the daemon release what the burst held before reading memory again.
        Thread.sleep(forTimeInterval: 0.5)
        let rssAfter = daemon.residentKiB
        var lines = [
            String(format: "throughput: %d clients, %d calls in %.2f s: %.0f calls/s, %d errors",
                   clients, calls, seconds, Double(calls) / seconds, errors.count),
            String(format: "daemon RSS (VmRSS) before %d calls %.1f MiB, after %.1f MiB (%+.1f MiB)",
                   calls, Double(rssBefore) / 1024, Double(rssAfter) / 1024, Double(rssAfter - rssBefore) / 1024),
        ]
        if let first = errors.first { lines.append("first error: \(first)") }
        return lines
    }
}

/// Counts errors from many threads and keeps the first.
final class Counter: Sendable {
    private let state = Mutex<(total: Int, first: String?)>((0, nil))
    func add(_ error: any Error) {
        let text = "\(error)"
        state.withLock {
            $0.total += 1
            if $0.first == nil { $0.first = text }
        }
    }
    var count: Int { state.withLock { $0.total } }
    var first: String? { state.withLock { $0.first } }
}
