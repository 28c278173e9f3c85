import Foundation
import RetrocamTesting
import Testing

/// Who counts as a reader of the virtual camera, through a real PipeWire and real `pipewiresrc` readers:
/// only a reader whose link has agreed a format with the node opens the camera and is listed in
/// `VirtualCameraClients`; a reader accepting only a format the node does not offer stays linked in
/// error and counts for nothing, while a normal reader beside it reads as ever.
@Suite(.serialized) struct VirtualCameraReadersTests {
    @Test func aReaderAcceptingNoOfferedFormatOpensNothingWhileANormalOneReads() throws {
        let session = try PipeWireCameraTests.Session()
        var daemon: DaemonHarness?
        defer { session.stop(daemon) }
        let camera = try session.daemon(source: "synthetic", environment: ["RETROCAM_LINGER_SECONDS": "0.5"])
        daemon = camera
        let on = try camera.busctlCall(DaemonHarness.camera, "SetVirtualCamera", ["b", "true"])
        try #require(on.status == 0, "\(on.stdout) \(on.stderr) \(camera.logText)")
        #expect(try camera.waitUntil(15) { try camera.property("CameraOpen") == "b false" }, "\(camera.logText)")

        // RGB only: PipeWire links it and the negotiation fails; the link stays, in error.
        let refused = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire, caps: "video/x-raw,format=RGB")
        defer { refused.stop() }
        #expect(try camera.waitUntil(20) { try session.pipewire.linkStates(outOf: VirtualCameraTests.node) == ["error"] },
                "\((try? session.pipewire.linkStates(outOf: VirtualCameraTests.node)) ?? []) \(session.pipewire.logText)")

        // A normal reader beside it: counted alone (the daemon has seen the refused link's state first,
        // PipeWire tells its events in order), and it gets frames.
        let normal = try PipeWireReader(node: VirtualCameraTests.node, pipewire: session.pipewire)
        defer { normal.stop() }
        #expect(camera.waitUntil(20) { normal.frames.count >= 10 }, "the normal reader gets frames: \(normal.frames.count)\n\(camera.logText)")
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 1" })
        #expect(try camera.property("CameraOpen") == "b true")
        #expect(refused.isRunning && refused.frames.isEmpty, "the refused reader waits, with no frame")

        // The normal reader leaves: nobody reads, the camera sleeps though the refused link is still there.
        normal.stop()
        #expect(try camera.waitUntil(20) { try camera.property("VirtualCameraClients") == "u 0" })
        #expect(try camera.waitUntil(15) { try camera.property("CameraOpen") == "b false" }, "\(camera.logText)")
        #expect(try session.pipewire.linkStates(outOf: VirtualCameraTests.node) == ["error"], "the refused reader is still linked")
        #expect(refused.isRunning)
        #expect(camera.answersPing())
    }
}
