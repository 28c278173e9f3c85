import Blocking
import DBus
import Foundation
import Intents
import Synchronization

/// Who is calling, by unique bus name: `GetConnectionCredentials` and `/proc` once per name, cached
/// until the bus says the name is gone (`NameOwnerChanged` with no new owner). Unique names are
/// never reused on a bus, so a cached entry cannot describe another program. A name already known is
/// answered where the caller runs, without a hop.
final class CallerRegistry: Sendable {
    private let connection: Connection
    private let inspector: SandboxInspector
    private let known = Mutex<[String: Task<Caller, any Error>]>([:])

    init(connection: Connection, inspector: SandboxInspector = SandboxInspector()) {
        self.connection = connection
        self.inspector = inspector
    }

    /// Forgets callers as they leave the bus. Call once, at start (it waits for the bus to add the rule).
    func followDepartures() async throws {
        let rule = "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg2=''"
        try await connection.subscribe(matchRule: rule) { [weak self] signal in
            guard let name = signal.arguments.first?.stringValue, name.hasPrefix(":") else { return }
            self?.forget(name)
        }
    }

    /// The caller behind `uniqueName`; one lookup per name however many calls arrive at once.
    nonisolated(nonsending) func caller(_ uniqueName: String) async throws -> Caller {
        let (connection, inspector) = (self.connection, self.inspector)
        let lookup = known.withLock { known -> Task<Caller, any Error> in
            if let task = known[uniqueName] { return task }
            let task = Task { () async throws -> Caller in
                let credentials = try await connection.credentials(of: uniqueName)
                return try await inspector.caller(uniqueName, pid: credentials.pid, uid: credentials.uid,
                                                  securityLabel: credentials.securityLabel)
            }
            known[uniqueName] = task
            return task
        }
        do {
            return try await lookup.value
        } catch {
            known.withLock { known in if known[uniqueName] == lookup { known[uniqueName] = nil } }
            throw error
        }
    }

    /// Drops what is known about a name that left the bus.
    func forget(_ uniqueName: String) { known.withLock { _ = $0.removeValue(forKey: uniqueName) } }

    /// How many callers are remembered (for tests).
    var count: Int { known.withLock { $0.count } }
}

extension SandboxInspector {
    /// The caller `name` (a unique bus name, or where a socket peer came from) with process `pid`: its
    /// sandbox and program read off the request threads, 3 s at most.
    func caller(_ name: String, pid: UInt32?, uid: UInt32?, securityLabel: String?) async throws -> Caller {
        let (sandbox, processName) = try await BlockingPool.shared.run("reading who is calling", timeout: .seconds(3)) {
            inspect(pid: pid, securityLabel: securityLabel)
        }
        return Caller(uniqueName: name, pid: pid, uid: uid, sandbox: sandbox, processName: processName)
    }
}
