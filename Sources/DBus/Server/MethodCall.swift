/// One incoming method call, as the object server hands it to a row's handler.
public struct MethodCall: Sendable {
    /// The decoded arguments; their types already match the row.
    public let arguments: [Value]
    /// The caller's unique name.
    public let sender: String?
    /// The object path called.
    public let path: String
    /// The interface called.
    public let interface: String
    /// The method called.
    public let member: String
    /// The object server's capture gate, for `admitted(_:)`.
    let gate: CaptureGate?
    /// The actor the call runs on (the lane's), where the gate runs too.
    let isolation: (any Actor)?

    /// Describes a call; `gate` admits its captures (nil: every caller may).
    init(arguments: [Value], sender: String?, path: String, interface: String, member: String, gate: CaptureGate? = nil,
         isolation: (any Actor)? = nil) {
        self.arguments = arguments
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.gate = gate
        self.isolation = isolation
    }

    /// The call whose handler runs in this task: a handler reads its sender, or asks for its caller to be
    /// admitted, from here.
    @TaskLocal public static var current: MethodCall?

    /// Runs `body` once the capture gate has admitted the caller (in the gate's context, which names the
    /// caller); throws the gate's refusal. For rows whose handler decides whether the call captures
    /// (`Method.Captures.askedByHandler`): it asks once it knows, and only then does what captures.
    public func admitted<T: Sendable>(_ body: nonisolated(nonsending) @Sendable () async throws -> T) async throws -> T {
        guard let gate else { return try await body() }
        let result = Outcome<T>()
        try await gate(self, { result.value = try await body() }, isolation)
        guard let value = result.value else { preconditionFailure("the capture gate admitted \(member) without running it") }
        return value
    }
}

/// Decides whether the caller of a call that captures may, and runs the call in a context of its own
/// (which names the caller), or throws the refusal; isolated to the actor the call runs on. Installed with
/// `ObjectServer.guardCaptures(with:)`.
public typealias CaptureGate = @Sendable (
    _ call: MethodCall, _ proceed: nonisolated(nonsending) @Sendable () async throws -> Void, _ isolation: isolated (any Actor)?
) async throws -> Void

/// The value a gated body produced, carried out of the gate (which runs it in the same task, before it returns).
final class Outcome<T>: @unchecked Sendable {
    var value: T?
}
