import Desktop
import Intents

/// Starts the Wyoming endpoint for `--wyoming`; a failure is logged and the daemon carries on without it.
enum WyomingEndpoint {
    static func start(_ address: WyomingAddress, controller: CameraController) -> WyomingServer? {
        do {
            let server = try WyomingServer(address: address, handler: WyomingHandler(controller: controller)) { Log.info($0) }
            Log.info("Wyoming endpoint listening on \(server.address)")
            return server
        } catch {
            Log.info(error.description)
            return nil
        }
    }
}
