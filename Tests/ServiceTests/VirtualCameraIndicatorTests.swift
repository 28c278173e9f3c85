import Foundation
import RetrocamTesting
import Testing

/// Nobody is seen through the virtual camera without knowing: with a real PipeWire, real `pipewiresrc`
/// readers and a notification server on the private bus, the daemon shows a persistent notification
/// naming each reading application (its PipeWire `application.name`, or its connection's), updates it as
/// readers come and go, closes it once nobody reads, and its Stop button turns the virtual camera off.
@Suite(.serialized) struct VirtualCameraIndicatorTests {
    static let summary = "Virtual camera in use"

    @Test func theIndicatorNamesWhoReadsAndItsStopButtonTurnsTheVirtualCameraOff() throws {
        let session = try PipeWireCameraTests.Session()
        let bus = session.bus
        let server = try BlockingWait.run { try await NotificationServer(bus: bus) }
        defer { server.close() }
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "synthetic", environment: ["RETROCAM_LINGER_SECONDS": "0.5"])
        daemon = camera
        let on = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "true"])
        try #require(on.status == 0, "\(on.stdout) \(on.stderr) \(camera.logText)")
        func shown() -> [NotificationServer.Notification] { server.notifications.filter { $0.summary == Self.summary } }
        #expect(shown().isEmpty, "nothing is shown while nobody reads")

        // A call reads: it is named by the application.name its stream carries.
        let call = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire,
                                      environment: ["PIPEWIRE_PROPS": "{ application.name=\"Zoom Meeting\" }"])
        defer { call.stop() }
        #expect(Wait.blockingUntil(30) { shown().count == 1 }, "\(server.notifications) \(camera.logText)")
        let first = try #require(shown().first)
        #expect(first.body == "Zoom Meeting sees your Retrocam picture. Stop turns the virtual camera off.")
        #expect(first.actions == ["stop-virtual-camera", "Stop"])
        #expect(first.timeout == 0 && first.hints["resident"] == .bool(true) && first.hints["urgency"] == .byte(2))
        let id = UInt32(server.notifications.count)

        // A second reader, whose stream names no application: its connection's name; the note is replaced.
        let script = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire)
        defer { script.stop() }
        #expect(Wait.blockingUntil(30) { shown().last?.body.contains("gst-launch-1.0") == true },
                "\(shown().map(\.body))")
        if let both = shown().last {
            #expect(both.replacesID == id && both.body.contains("Zoom Meeting") && both.body.contains(" and ")
                    && both.body.contains(" see your Retrocam picture."), "\(both.body)")
        }
        script.stop()
        #expect(Wait.blockingUntil(30) { shown().last?.body.hasPrefix("Zoom Meeting sees") == true && shown().count >= 3 },
                "\(shown().map(\.body))")

        // Someone else's button does nothing; ours turns the virtual camera off, and the note goes.
        try server.invoke(id + 100, "stop-virtual-camera")
        try server.invoke(id, "stop")
        #expect(try camera.property("VirtualCamera") == "b true")
        try server.invoke(id, "stop-virtual-camera")
        #expect(try camera.waitUntil(30) { try camera.property("VirtualCamera") == "b false" }, "\(camera.logText)")
        #expect(Wait.blockingUntil(30) { server.closed.contains(id) }, "closed: \(server.closed)")
        #expect(try camera.waitUntil(15) { try !session.pipewire.listsNode("Retrocam") }, "the node is gone")
        #expect(try camera.property("VirtualCameraClients") == "u 0")

        // On again, a reader comes and goes: shown, then closed once nobody reads; the setting says off
        // was asked by the button until it is turned on.
        try #require(try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "true"]).status == 0)
        let count = shown().count
        let again = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire,
                                       environment: ["PIPEWIRE_PROPS": "{ application.name=\"Firefox\" }"])
        defer { again.stop() }
        #expect(Wait.blockingUntil(30) { shown().count == count + 1 }, "\(shown().map(\.body))")
        #expect(shown().last?.body == "Firefox sees your Retrocam picture. Stop turns the virtual camera off.")
        let later = UInt32(server.notifications.count)
        again.stop()
        #expect(Wait.blockingUntil(30) { server.closed.contains(later) }, "closed: \(server.closed), shown \(shown().map(\.body))")
        #expect(try camera.property("VirtualCamera") == "b true", "nobody reading leaves it on")
        print("virtual camera indicator: shown \(shown().map(\.body)), closed \(server.closed)")
        #expect(camera.answersPing())
    }
}
