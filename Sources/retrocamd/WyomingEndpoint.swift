import Desktop
import Intents

/// Starts the Wyoming endpoint for `--wyoming`; a failure is logged and the daemon carries on without it.
enum WyomingEndpoint {
    /// Callers are admitted by the bus's rules (`desktop`'s caller gate: this user; sandboxed apps with consent).
    static func start(_ address: WyomingAddress, controller: CameraController, desktop: DesktopIntegration) -> WyomingServer? {
        do {
            let server = try WyomingServer(address: address, handler: WyomingHandler(controller: controller),
                                           admit: { await desktop.refusal(forSocketPeer: $0) }) { Log.info($0) }
            Log.info("Wyoming endpoint listening on \(server.address)")
            return server
        } catch {
            Log.info(error.description)
            return nil
        }
    }
}
