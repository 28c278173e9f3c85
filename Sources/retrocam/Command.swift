import DBus

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
    /// Runs the command against the daemon.
    let run: @Sendable (Invocation) async throws -> Output

    /// The usage line: `retrocam set CONTROL VALUE`.
    var usage: String { "retrocam \(name)\(operands.isEmpty ? "" : " " + operands)" }
}

/// What a command gets to work with.
struct Invocation: Sendable {
    /// The daemon.
    let client: CameraClient
    /// The words after the command name.
    let operands: [String]
    /// Options given on the command line.
    let arguments: Arguments
    /// Prints one output right away (used by `status --follow`).
    let emit: @Sendable (Output) -> Void
}
