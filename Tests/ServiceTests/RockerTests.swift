import DBus
import Foundation
import Testing

/// The physical EXPOSURE and ZOOM rockers over the bus (`Camera1.Rock`) and the client (`retrocam rock`):
/// the seed's screen-reader swipe stops EXPOSURE at ±2, the rocker itself wraps.
@Suite struct RockerTests {
    @Test func exposureWrapsPastTwoWhereTheSwipeStops() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        let swiped = try daemon.busctlCall(DaemonHarness.camera, "Adjust", ["si", "exposure", "5"])
        #expect(swiped.text == "s \"Exposure, +2 EV\"", "\(swiped.stderr)")
        #expect(try daemon.busctlCall(DaemonHarness.camera, "Adjust", ["si", "exposure", "1"]).text == "s \"Exposure, +2 EV\"")
        let rocked = try daemon.busctlCall(DaemonHarness.camera, "Rock", ["si", "exposure", "1"])
        #expect(rocked.text == "s \"Exposure, -2 EV\"", "\(rocked.stderr)")
        #expect(try daemon.property("Exposure") == "d -2")
        let back = try daemon.gdbusCall(DaemonHarness.camera, "Rock", ["--", "exposure", "-1"])
        #expect(back.text == "('Exposure, +2 EV',)", "\(back.stderr)")
        let client = try daemon.retrocam(["rock", "exposure", "+2"])
        #expect(client.status == 0 && client.text == "Exposure, -1.5 EV", "\(client.stdout)\(client.stderr)")
    }

    @Test func zoomStopsAtItsEnds() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        #expect(try daemon.retrocam(["rock", "zoom", "+3"]).text == "Zoom, 2.5x")
        #expect(try daemon.retrocam(["rock", "zoom", "+100"]).text == "Zoom, 4.0x")
        #expect(try daemon.retrocam(["rock", "zoom", "-100"]).text == "Zoom, 1.0x")
        let refused = try daemon.retrocam(["rock", "style", "1"])
        #expect(refused.status == 1 && refused.stderr.contains("Technology or Style is not a rocker. The rockers are zoom and exposure."), "\(refused.stderr)")
    }

    @Test func hugeRockerPressesStayOnTheRocker() throws {
        let daemon = try DaemonHarness()
        defer { daemon.stop() }
        for (id, steps) in [("exposure", "2147483647"), ("exposure", "-2147483648"), ("zoom", "2147483647"), ("zoom", "-2147483648")] {
            let reply = try daemon.busctlCall(DaemonHarness.camera, "Rock", ["si", id, steps])
            #expect(reply.status == 0, "\(id) \(steps): \(reply.stderr)")
        }
        #expect(try daemon.busctlCall(DaemonHarness.camera, "Describe", ["s", "zoom"]).text == "s \"Zoom, 1.0x\"")
        #expect(daemon.answersPing())
    }
}
