import BusNames
import DBus
import RetrocamTesting
import Desktop
import Foundation
import Intents

/// A private bus with the daemon side (a controller over a fake camera, an object server, the
/// desktop integration), optional notification server, and a client connection.
final class DesktopHarness: @unchecked Sendable {
    let bus: PrivateBus
    let daemon: Connection
    let client: Connection
    let server: ObjectServer
    let controller: CameraController
    let camera: FakeCamera
    let desktop: DesktopIntegration
    let notifications: NotificationServer?
    let log = LogLines()
    let home: URL

    /// `configure` adjusts the options (portal off and keys off unless it turns them on);
    /// `config` is written to the config file first when given; `started` sees the desktop side the
    /// moment it is made, before anything else happens on the bus.
    init(still: Bool = false, notificationServer: Bool = true, config: String? = nil,
         bus given: PrivateBus? = nil, configure: (inout DesktopOptions) -> Void = { _ in },
         started: (DesktopIntegration) -> Void = { _ in }) async throws {
        bus = try given ?? PrivateBus()
        home = try temporaryFolder()
        notifications = notificationServer ? try await NotificationServer(bus: bus) : nil
        daemon = try bus.connect()
        server = ObjectServer(connection: daemon)
        (controller, camera) = await makeCamera(still: still)
        var options = DesktopOptions(environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path],
                                     log: log.sink)
        options.shortcutDirectories = [shippedShortcuts, home.appendingPathComponent("config/retrocam/shortcuts")]
        options.portal = false
        options.portalTimeout = .seconds(3)
        configure(&options)
        if let config {
            try FileManager.default.createDirectory(at: options.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try config.write(to: options.configFile, atomically: true, encoding: .utf8)
        }
        desktop = try await DesktopIntegration(controller: controller, connection: daemon, server: server, options: options)
        started(desktop)
        guard try await daemon.requestName(BusContract.busName) else { throw DBusError.failed("name taken") }
        client = try bus.connect()
    }

    /// `org.retrocam.Shortcuts1` as a client sees it.
    var shortcuts: Proxy {
        Proxy(connection: client, destination: BusContract.busName, path: BusContract.objectPath, interface: BusContract.shortcutsInterface)
    }

    /// The user's shortcut folder (created).
    func userShortcuts() throws -> URL {
        let folder = home.appendingPathComponent("config/retrocam/shortcuts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func close() {
        desktop.stop()
        client.close()
        daemon.close()
        notifications?.close()
        bus.stop()
        try? FileManager.default.removeItem(at: home)
    }
}

extension DesktopHarness {
    /// How many match rules the daemon side's connection has on the bus now (the bus's
    /// `Debug.Stats.GetConnectionStats`), once the bus has read everything that connection sent before.
    func daemonMatchRules() async throws -> UInt32? {
        let bus = (destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus")
        // The bus answers one connection's messages in order: this reply comes after its RemoveMatch calls.
        _ = try await daemon.call(destination: bus.destination, path: bus.path, interface: "org.freedesktop.DBus", method: "GetId", [])
        let stats = try await client.call(destination: bus.destination, path: bus.path, interface: "org.freedesktop.DBus.Debug.Stats",
                                          method: "GetConnectionStats", [.string(daemon.uniqueName)])
        return stats.first?.variantDictionary?["MatchRules"]?.uint32Value
    }
}

/// The D-Bus error a call throws, or nil.
func busError(_ call: () async throws -> Any) async -> DBusError? {
    do {
        _ = try await call()
        return nil
    } catch {
        return error as? DBusError
    }
}
