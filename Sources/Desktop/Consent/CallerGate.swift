import Body
import CallOrder
import DBus
import Foundation
import Intents
import Service

/// Admits the caller of every call whose row films, shows the live picture or destroys a take (the rows
/// say so: `Method.Captures`), before it does: ordinary processes of the user are trusted, as on any
/// desktop; a sandboxed one (Flatpak, Snap) only with the desktop's consent (`CameraConsent`); anything
/// else is refused with `NotAllowed` and a sentence saying how to allow it. The call then runs with
/// `Requester.current` naming the caller, so the notification can say for whom the camera films.
/// Installed as the object server's capture gate.
final class CallerGate: Sendable {
    private let registry: CallerRegistry
    private let consent: CameraConsent
    private let log: @Sendable (String) -> Void

    init(connection: Connection, inspector: SandboxInspector = SandboxInspector(),
         consentTimeout: Duration = .seconds(5), log: @escaping @Sendable (String) -> Void) async throws {
        registry = CallerRegistry(connection: connection, inspector: inspector)
        consent = CameraConsent(connection: connection, timeout: consentTimeout)
        self.log = log
        try await registry.followDepartures()
    }

    /// Installs the gate on `server`.
    func install(on server: ObjectServer) {
        server.guardCaptures(with: admit)
    }

    /// Runs `proceed` for a call whose caller may capture, under its requester; refuses the rest. Isolated to the
    /// call's actor, so setting the requester does not move the call off it.
    func admit(_ call: MethodCall, _ proceed: nonisolated(nonsending) @Sendable () async throws -> Void,
               isolation: isolated (any Actor)?) async throws {
        // A peer-to-peer connection has no bus and no sender: only the daemon's own process can make one.
        guard let sender = call.sender else { return try await proceed() }
        let caller: Caller
        do { caller = try await registry.caller(sender) } catch {
            log("refused \(call.member) to \(sender): who is calling could not be read (\(Self.describe(error)))")
            throw DBusError(IntentError.notAllowed(
                "Retrocam could not tell which program is calling (\(Self.describe(error))), so it does not film for it."))
        }
        if let refusal = await refusal(for: caller) {
            log("refused \(call.member) to \(caller.appName) (\(sender)): \(refusal)")
            throw DBusError(IntentError.notAllowed(refusal))
        }
        try await Requester.$current.withValue(.caller(caller)) { try await proceed() }
    }

    /// Nil when `caller` may film; otherwise the sentence that says why not and what to do. Asking the
    /// desktop's permission store lets the calls behind this one go meanwhile (`Turn.stepAside`): the
    /// capture takes effect once the answer is in, as sd-bus does with polkit.
    nonisolated(nonsending) func refusal(for caller: Caller) async -> String? {
        if let uid = caller.uid, uid != getuid() {
            return "\(caller.appName) runs as another user (uid \(uid)); Retrocam films only for its own user."
        }
        switch caller.sandbox {
        case .none:
            return nil
        case .unidentified(let why):
            return "\(caller.appName) seems to run in a sandbox that cannot be identified. \(why) Run it outside the sandbox, or as a Flatpak or Snap the desktop can allow."
        case .flatpak(let id), .snap(let id):
            let program = caller.processName ?? id
            return await Turn.stepAside { [consent] in await consent.refusal(for: id, program: program) }
        }
    }

    private static func describe(_ error: any Error) -> String {
        (error as? DBusError)?.message ?? (error as? IntentError)?.message ?? "\(error)"
    }
}
