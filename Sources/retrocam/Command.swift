import DBus
import Foundation
import Synchronization

/// One row of the client's command table. Help and dispatch are both generated from the
/// table, so they cannot drift apart (playerctl keeps its CLI the same way).
struct Command: Sendable {
    /// The word that selects the command.
    let name: String
    /// The operands, as shown in help (`decade|style|… VALUE`).
    let operands: String
    /// One line of help.
    let summary: String
    /// How many operands it takes.
    let arity: ClosedRange<Int>
    /// The words each operand position offers to shell completion (`[["start", "pause", "toggle"]]`).
    var choices: [[String]] = []
    /// Runs the command against the daemon.
    let run: @Sendable (Invocation) async throws -> Output

    /// The usage line: `retrocam set CONTROL VALUE`.
    var usage: String { "retrocam \(name)\(operands.isEmpty ? "" : " " + operands)" }
}

/// What a command gets to work with.
struct Invocation: Sendable {
    /// Connects to the daemon the first time a command asks (commands such as `export-phrases`
    /// never do, so they work without a bus).
    let connection: LazyClient
    /// The daemon.
    var client: CameraClient { get throws { try connection.client() } }
    /// The words after the command name.
    let operands: [String]
    /// Options given on the command line.
    let arguments: Arguments
    /// Prints one output right away (used by `status --follow`).
    let emit: @Sendable (Output) -> Void
}

/// The daemon's client, made on first use and then kept.
final class LazyClient: Sendable {
    private let make: @Sendable () throws -> CameraClient
    private let made = Mutex<CameraClient?>(nil)

    init(_ make: @escaping @Sendable () throws -> CameraClient) { self.make = make }

    /// The client, connecting now if this is the first call.
    func client() throws -> CameraClient {
        try made.withLock { made in
            if let made { return made }
            let client = try make()
            made = client
            return client
        }
    }
}
