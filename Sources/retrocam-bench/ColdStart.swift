import BusNames
import DBus
import RetrocamTesting
import Foundation

/// D-Bus activation from nothing running to the first answered call: a private dbus-daemon whose
/// only `<servicedir>` holds a generated `org.retrocam.Camera.service` that starts the built
/// retrocamd on the synthetic camera.
enum ColdStart {
    /// Starts the daemon through activation `times` times and answers the milliseconds to the first
    /// answered call (Describe), and to the first saved photo (the camera had to start too).
    static func measure(binDirectory: URL, times: Int) throws -> (firstCall: Stats, firstPhoto: Stats) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("retrocam-activation-\(getpid())")
        let home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = BenchDaemon.homeEnvironment(home).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let exec = (["/usr/bin/env"] + environment
            + [binDirectory.appendingPathComponent("retrocamd").path, "--source", "synthetic", "--no-portal", "--no-notifications"])
            .joined(separator: " ")
        try "[D-BUS Service]\nName=\(BusContract.busName)\nExec=\(exec)\n"
            .write(to: directory.appendingPathComponent("\(BusContract.busName).service"), atomically: true, encoding: .utf8)
        let bus = try PrivateBus(serviceDirectories: [directory.path])
        Cleanup.track(bus.pid)
        defer { bus.stop() }
        let connection = try bus.connect()
        defer { connection.close() }
        var calls: [Double] = [], photos: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<max(1, times) {
            // The first call to the name makes the bus start the daemon; the call waits for its answer.
            let start = clock.now
            _ = try connection.callSync(destination: BusContract.busName, path: BusContract.objectPath,
                                        interface: BusContract.cameraInterface, method: "Describe", [.string("zoom")],
                                        timeout: .seconds(60))
            calls.append(milliseconds(clock.now - start))
            _ = try connection.callSync(destination: BusContract.busName, path: BusContract.objectPath,
                                        interface: BusContract.intentsInterface, method: "TakePhoto", [], timeout: .seconds(60))
            photos.append(milliseconds(clock.now - start))
            try stopActivated(connection)
        }
        return (Stats(calls), Stats(photos))
    }

    /// Sends SIGTERM to the activated daemon and waits until it has left the bus.
    private static func stopActivated(_ connection: Connection) throws {
        let reply = try connection.callSync(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                            interface: "org.freedesktop.DBus", method: "GetConnectionUnixProcessID",
                                            [.string(BusContract.busName)])
        guard let pid = reply.first?.uint32Value else { throw BenchError("the bus did not name the daemon's process") }
        Cleanup.track(pid_t(pid))
        kill(pid_t(pid), SIGTERM)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let owned = try connection.callSync(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                interface: "org.freedesktop.DBus", method: "NameHasOwner",
                                                [.string(BusContract.busName)])
            if owned.first?.boolValue == false, kill(pid_t(pid), 0) != 0 { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw BenchError("the activated retrocamd did not stop")
    }
}
